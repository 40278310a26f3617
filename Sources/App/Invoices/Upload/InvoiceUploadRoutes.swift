import PostgresNIO
import Vapor

/// Uploading a month's invoice PDF, or replacing it while it is submitted or returned. The
/// upload route takes no database connection while the file arrives or is inspected: it reads
/// what it needs in one short transaction and writes in another.
struct InvoiceUploadRoutes: RouteCollection {
    /// The largest PDF accepted; the body may be a little larger for the form around it.
    let maxUploadBytes: Int

    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.invoiceUpload, use: form)
        // The body streams in: the tenant middleware collects it (`BodyCollector`) within the
        // upload gate.
        let upload = routes.on(.POST, Paths.invoiceUpload, body: .stream, use: upload)
        upload.userInfo[RouteOption.maxBodyBytes] = maxBodyBytes
        upload.userInfo[RouteOption.ownTransactions] = true
        upload.userInfo[RouteOption.body] = RouteBody.multipart
    }

    var maxBodyBytes: Int { maxUploadBytes + 64 * 1024 }

    /// What the form needs: the person's contracts and invoices, on the request's connection, or
    /// in a short read-only transaction of its own for the upload route, which holds none.
    private func situation(_ request: Request, user: User, tenant: Tenant) async throws
        -> (contracts: [Contract], invoices: [InvoiceSummary]) {
        @Sendable func read(_ db: TenantConnection) async throws -> ([Contract], [InvoiceSummary]) {
            (try await PeopleQueries.contracts(of: user.id, on: db),
             try await InvoiceQueries.summaries(of: user.id, timeZone: tenant.timeZone, on: db))
        }
        if let db = try? request.db { return try await read(db) }
        return try await request.application.database.transaction(tenant: tenant.id, readOnly: true) { try await read($0) }
    }

    func form(_ request: Request) async throws -> UploadFormPage {
        let user = try request.user
        try request.require(.submitInvoices, .oneself)
        let tenant = try request.tenant
        let (contracts, invoices) = try await situation(request, user: user, tenant: tenant)
        let wanted = request.queryText("month").flatMap(Month.init(filter:))
        return try await render(request, contracts: contracts, invoices: invoices, month: wanted, refusal: nil)
    }

    private func render(
        _ request: Request, contracts: [Contract], invoices: [InvoiceSummary], month wanted: Month?, refusal: UploadRefusal?
    ) async throws -> UploadFormPage {
        let settings = request.application.settings, t = request.translator
        return UploadFormPage(
            layout: Layout(request: request, title: t("invoice.upload.title")), slug: try request.tenant.slug,
            today: try request.today, contracts: contracts, invoices: invoices, wanted: wanted, refusal: refusal,
            maxBytes: settings.pdfMaxBytes, maxPages: settings.pdfMaxPages, t: t)
    }

    func upload(_ request: Request) async throws -> Response {
        let user = try request.user
        try request.require(.submitInvoices, .oneself)
        let tenant = try request.tenant
        // Parsed once, off the threads that serve pages, by the tenant middleware.
        let form = request.multipartForm
        let (contracts, invoices) = try await situation(request, user: user, tenant: tenant)
        let month = form?.field("month").flatMap(Month.init(filter:))
        func refuse(_ refusal: UploadRefusal) async throws -> Response {
            try await render(request, contracts: contracts, invoices: invoices, month: month, refusal: refusal)
                .encodeResponse(status: .unprocessableEntity, for: request)
        }
        let result = try await InvoiceUpload.receive(
            form, month: month, user: user, tenant: tenant,
            situation: InvoiceUpload.Situation(contracts: contracts, invoices: invoices), request: request)
        switch result {
        case .failure(let refusal):
            return try await refuse(refusal)
        case .success(let stored):
            return request.redirect(to: Paths.invoice(tenant.slug, stored.invoice),
                                    flash: Flash(.success, stored.identical ? "flash.invoiceIdentical"
                                        : stored.replaced ? "flash.invoiceReplaced" : "flash.invoiceUploaded"))
        }
    }
}
