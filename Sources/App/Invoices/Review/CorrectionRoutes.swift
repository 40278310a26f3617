import Vapor

/// An admin corrects what was read from an invoice (docs/ARCHITECTURE.md, Corrections): a form
/// beside the PDF, validated as an upload is read; a refused value keeps what was typed.
struct CorrectionRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.invoiceCorrection, use: form)
        routes.post(Paths.invoiceCorrection, use: save)
    }

    struct Form: Content {
        var version: Int?
        var total: String?
        var currency: String?
        var account: String?
        var variableSymbol: String?
        var invoiceNumber: String?
        var supplierID: String?
        var dueDate: String?

        enum CodingKeys: String, CodingKey {
            case version, total, currency, account
            case variableSymbol = "variable-symbol", invoiceNumber = "invoice-number", supplierID = "supplier-id"
            case dueDate = "due-date"
        }

        var input: InvoiceCorrection.Input {
            InvoiceCorrection.Input(total: total ?? "", currency: currency ?? "", account: account ?? "",
                                    variableSymbol: variableSymbol ?? "", invoiceNumber: invoiceNumber ?? "",
                                    supplierID: supplierID ?? "", dueDate: dueDate ?? "")
        }
    }

    func form(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let invoice = try await InvoiceRoutes.visibleInvoice(request)
        guard invoice.correctable else { return try notCorrectable(request, invoice) }
        return try await render(request, invoice, input: InvoiceCorrection.Input(invoice.fields, language: request.translator.language))
            .encodeResponse(for: request)
    }

    func save(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let invoice = try await InvoiceRoutes.visibleInvoice(request)
        guard let form = try? request.content.decode(Form.self), let version = form.version else { throw Abort(.badRequest) }
        let proposed: InvoiceFields
        switch InvoiceCorrection.read(form.input) {
        case .failure(let problems):
            return try await render(request, invoice, input: form.input, problems: problems)
                .encodeResponse(status: .unprocessableEntity, for: request)
        case .success(let fields): proposed = fields
        }
        let here = Paths.invoice(try request.tenant.slug, invoice.id)
        switch try await InvoiceCorrections.correct(invoice.id, version: version, to: proposed, try request.actionContext) {
        case .corrected(let reopened):
            return request.redirect(to: here, flash: Flash(.success, reopened ? "flash.correction.reopened" : "flash.correction.saved"))
        case .unchanged:
            return request.redirect(to: here, flash: Flash(.success, "flash.correction.unchanged"))
        case .stale:
            // Someone changed it meanwhile: what was typed stays, with what is stored now beside it.
            let current = try await InvoiceRoutes.visibleInvoice(request)
            guard current.correctable else { return try notCorrectable(request, current) }
            return try await render(request, current, input: form.input, stored: current.fields)
                .encodeResponse(status: .conflict, for: request)
        case .notAllowed:
            return try notCorrectable(request, invoice)
        case .ownInvoice:
            return request.redirect(to: here, flash: Flash(.error, "flash.correction.ownInvoice"))
        }
    }

    private func notCorrectable(_ request: Request, _ invoice: InvoiceDetail) throws -> Response {
        request.redirect(to: Paths.invoice(try request.tenant.slug, invoice.id), flash: Flash(.error, "flash.correction.notAllowed"))
    }

    private func render(
        _ request: Request, _ invoice: InvoiceDetail, input: InvoiceCorrection.Input,
        problems: InvoiceCorrection.Problems = .init(), stored: InvoiceFields? = nil
    ) async throws -> CorrectionPage {
        let t = request.translator
        return CorrectionPage(
            layout: Layout(request: request, title: t("correction.title", invoice.personName, t.month(invoice.month))),
            slug: try request.tenant.slug, invoice: invoice, input: input, problems: problems, stored: stored, t: t)
    }
}
