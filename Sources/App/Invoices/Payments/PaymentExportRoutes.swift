import Foundation
import PostgresNIO
import Vapor

/// The accountant's files from the "To pay" desk, and the account the company pays from.
struct PaymentExportRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.reviewExport, use: export).userInfo[RouteOption.maxBodyBytes] = 2 << 20
        routes.get(Paths.paymentSettings, use: settingsPage)
        routes.post(Paths.paymentSettings, use: saveSettings)
    }

    struct ExportForm: Content {
        var month: String?
        var format: String?
        var again: String?
        var pick: [String]?
    }

    /// The selected approved invoices as CSV or pain.001; each is exported once unless "again" is
    /// ticked, claimed and marked exported in the same transaction as the file is made.
    func export(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(ExportForm.self), let format = form.format,
              format == "csv" || format == "xml" else { throw Abort(.badRequest) }
        let month = try request.month(form.month)
        let back = Paths.reviewDesk(tenant.slug, month: month, state: .approved)
        // The selected rows only: the "To pay" desk starts with all of them selected.
        let selected = (form.pick ?? []).compactMap { $0.split(separator: ":").first.flatMap { UUID(uuidString: String($0)) } }
        guard !selected.isEmpty else { return request.redirect(to: back, flash: Flash(.error, "flash.export.nothingSelected")) }
        let order = PaymentExporting.Order(selected: selected, month: month, format: format == "xml" ? .pain001 : .csv,
                                           again: form.again != nil)
        let result = try await PaymentExporting.export(order, try request.actionContext)
        switch result {
        case .failure(.noDebtor):
            return request.redirect(to: Paths.paymentSettings(tenant.slug), flash: Flash(.error, PaymentExporting.Refusal.noDebtor.messageKey))
        case .failure(let refusal):
            return request.redirect(to: back, flash: Flash(.error, refusal.messageKey))
        case .success(let file):
            let response = Response(status: .ok, body: .init(string: file.body))
            response.headers.replaceOrAdd(name: .contentType, value: file.contentType)
            response.headers.replaceOrAdd(name: .contentDisposition, value: ContentDisposition.attachment(file.filename))
            response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-store")
            return response
        }
    }

    struct SettingsForm: Content {
        var debtorName: String?
        var iban: String?
        var bic: String?
    }

    func settingsPage(_ request: Request) async throws -> PaymentSettingsPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        let debtor = try await PaymentSettingsQueries.debtor(on: try request.db)
        return try await render(request, form: SettingsForm(debtorName: debtor?.name ?? tenant.name,
                                                            iban: debtor?.iban.description, bic: debtor?.bic), errors: [:])
    }

    private func render(_ request: Request, form: SettingsForm, errors: [String: String]) async throws -> PaymentSettingsPage {
        let t = request.translator
        return PaymentSettingsPage(
            layout: Layout(request: request, title: t("payments.title")), slug: try request.tenant.slug, form: form,
            errors: errors, t: t)
    }

    func saveSettings(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        let form = (try? request.content.decode(SettingsForm.self)) ?? SettingsForm()
        var errors: [String: String] = [:]
        let name = form.debtorName?.trimmingWhitespace() ?? ""
        if name.isEmpty || name.storedLength > 70 { errors["debtorName"] = "payments.error.name" }
        let iban = form.iban.flatMap { IBAN($0) }
        if iban == nil { errors["iban"] = "payments.error.iban" }
        let bic = form.bic?.trimmingWhitespace().uppercased() ?? ""
        if !bic.isEmpty, bic.wholeMatch(of: /[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?/) == nil { errors["bic"] = "payments.error.bic" }
        guard errors.isEmpty, let iban else {
            return try await render(request, form: form, errors: errors).encodeResponse(status: .unprocessableEntity, for: request)
        }
        let debtor = Debtor(name: name, iban: iban, bic: bic.isEmpty ? nil : bic)
        try await PaymentExporting.setPayingAccount(debtor, try request.actionContext)
        return request.redirect(to: Paths.paymentSettings(tenant.slug), flash: Flash(.success, "flash.payments.saved"))
    }
}

enum PaymentSettingsQueries {
    static func debtor(on db: TenantConnection) async throws -> Debtor? {
        let rows = try await db.query(
            "SELECT debtor_name, iban, bic FROM payment_settings WHERE tenant_id = \(db.tenant)").collect()
        guard let (name, iban, bic) = try rows.first?.decode((String, String, String?).self),
              let account = IBAN(iban) else { return nil }
        return Debtor(name: name, iban: account, bic: bic)
    }

    static func save(_ debtor: Debtor, on db: TenantConnection) async throws {
        try await db.query("""
            INSERT INTO payment_settings (tenant_id, debtor_name, iban, bic) VALUES (\(db.tenant), \(debtor.name), \(debtor.iban.value), \(debtor.bic))
            ON CONFLICT (tenant_id) DO UPDATE SET debtor_name = excluded.debtor_name, iban = excluded.iban, bic = excluded.bic,
                updated_at = now()
            """)
    }
}
