import Foundation
import PDFInspection

extension RosterAPI {
    func correctInvoice(_ input: Operations.CorrectInvoice.Input) async throws -> Operations.CorrectInvoice.Output {
        let id = try APIInput.pathID(input.path.invoiceId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let invoice = try await APIContext.run(readOnly: false) { api in
            try api.require(.correctInvoice)
            let before = try await Self.visibleInvoice(id, api)
            let version = try APIInput.version(body.version, field: "version", t: api.t)
            let proposed = try Self.correctionFields(body.fields, t: api.t)
            let outcome = try await InvoiceCorrections.correct(id, version: version, to: proposed, api.action)
            switch outcome {
            case .corrected, .unchanged: break
            case .stale, .notAllowed:
                var problem = APIProblem(.conflict, outcome == .stale ? "stale" : "not-allowed")
                problem.current = Components.Schemas.Invoice(before, viewer: api.user)
                throw problem
            case .ownInvoice: throw APIProblem(.forbidden, "own-invoice")
            }
            return Components.Schemas.Invoice(try await Self.visibleInvoice(id, api), viewer: api.user)
        }
        return .ok(.init(body: .json(invoice)))
    }

    /// The fields of a correction, checked as the web form's are (`InvoiceCorrection.read`); the
    /// amount comes in minor units. 422 names every field refused.
    static func correctionFields(_ fields: Components.Schemas.InvoiceFields, t: Translator) throws -> InvoiceFields {
        var errors: [Components.Schemas.FieldError] = []
        // Both may be given when they name one account (as `getInvoice` gives a Czech account).
        if let account = fields.account, let iban = fields.iban,
           CzechAccount(account).map({ $0.iban }) != IBAN(iban) || IBAN(iban) == nil {
            errors.append(.init(field: "fields.iban", message: t("api.field.accountOrIBAN")))
        }
        let typed = InvoiceCorrection.Input(
            account: fields.account ?? fields.iban ?? "", variableSymbol: fields.variableSymbol ?? "",
            invoiceNumber: fields.invoiceNumber ?? "", supplierID: fields.supplierId ?? "", dueDate: fields.dueDate ?? "")
        var result = InvoiceFields()
        switch InvoiceCorrection.read(typed) {
        case .success(let read): result = read
        case .failure(let problems):
            errors += InvoiceField.allCases.compactMap { field in
                problems.keys[field].map { .init(field: "fields." + field.apiName(account: fields.account == nil), message: t($0)) }
            }
        }
        if let total = fields.total {
            if let amount = InvoiceCorrection.amount(minor: total.amountMinor, currency: total.currency) {
                result.total = amount
            } else {
                errors.append(.init(field: "fields.total", message: t("correction.error.total")))
            }
        }
        guard errors.isEmpty else { throw APIProblem.invalid(errors) }
        return result
    }
}

extension InvoiceField {
    /// The property of `InvoiceFields` in the API; an account given as an IBAN is `iban`.
    func apiName(account: Bool) -> String {
        switch self {
        case .total: "total"
        case .account: account ? "iban" : "account"
        case .variableSymbol: "variableSymbol"
        case .invoiceNumber: "invoiceNumber"
        case .supplierID: "supplierId"
        case .dueDate: "dueDate"
        }
    }
}
