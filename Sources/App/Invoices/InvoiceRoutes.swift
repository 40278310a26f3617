import Vapor

/// "My invoices", one person's invoices of every month (admins), one invoice's page, and its
/// files: a person sees their own, admins everyone's; anyone else gets 404, as if the invoice did
/// not exist.
struct InvoiceRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let list = routes.get(Paths.invoices, use: list)
        list.userInfo[RouteOption.onConnectionLoop] = true
        list.userInfo[RouteOption.pageRead] = PageReadOption { request in
            // Clamped as every page number is: the statement takes it as an `int`.
            MyInvoicesRead(page: PageRequest(number: request.queryInt("page"), size: MyInvoicesPage.pageSize).number,
                                now: request.application.settings.clock.now)
        }
        routes.get(Paths.personInvoices, use: personList)
        routes.get(Paths.invoice, use: detail)
        routes.get(Paths.invoiceDocument, use: document)
        routes.get(Paths.invoiceThumbnail, use: thumbnail)
    }

    func list(_ request: Request) async throws -> MyInvoicesPage {
        try request.require(.submitInvoices, .oneself)
        let tenant = try request.tenant
        let t = request.translator
        let (shown, canUpload) = try request.page(MyInvoicesRead.self).page(today: try request.today)
        return MyInvoicesPage(
            layout: Layout(request: request, title: t("nav.invoices")), slug: tenant.slug, currency: tenant.currency,
            shown: shown, canUpload: canUpload, t: t)
    }

    /// Another person's months as "My invoices" shows them, for admins (403 for anyone else; 404
    /// for an id of no person of the company).
    func personList(_ request: Request) async throws -> MyInvoicesPage {
        try request.require(.reviewInvoices)
        let id = try request.idParameter()
        let tenant = try request.tenant, db = try request.db
        guard let person = try await PeopleQueries.person(id, on: db) else { throw Abort(.notFound) }
        let invoices = try await InvoiceQueries.summaries(of: id, timeZone: tenant.timeZone, on: db)
        let statements = try await WorkStatementQueries.list(of: id, timeZone: tenant.timeZone, on: db)
        let today = try request.today, t = request.translator, name = person.user.displayName
        return MyInvoicesPage(
            layout: Layout(request: request, title: t("invoice.list.of", name)), slug: tenant.slug, currency: tenant.currency,
            months: InvoiceMonths.rows(contracts: person.contracts, invoices: invoices, statements: statements, today: today),
            page: PageRequest(number: request.queryInt("page"), size: MyInvoicesPage.pageSize),
            canUpload: false, owner: (id, name), t: t)
    }

    /// The invoice of the path when the signed-in user may see it, else 404.
    static func visibleInvoice(_ request: Request) async throws -> InvoiceDetail {
        let tenant = try request.tenant
        let id = try request.idParameter()
        guard let invoice = try await InvoiceQueries.detail(id, timeZone: tenant.timeZone,
                                                            on: try request.db),
              Permissions.can(try request.user, .viewInvoices, .invoice(invoice.subject))
        else { throw Abort(.notFound) }
        return invoice
    }

    func detail(_ request: Request) async throws -> InvoicePage {
        let invoice = try await Self.visibleInvoice(request)
        let tenant = try request.tenant, user = try request.user
        let duplicates = try await InvoiceQueries.duplicates(
            of: invoice.sha256, except: invoice.documentID, timeZone: tenant.timeZone, on: try request.db)
        let t = request.translator
        return InvoicePage(
            layout: Layout(request: request, title: t("invoice.title", t.month(invoice.month))), slug: tenant.slug,
            viewer: user, invoice: invoice, duplicates: duplicates, t: t)
    }

    /// The PDF itself, inline, to the owner and admins only.
    func document(_ request: Request) async throws -> Response {
        let invoice = try request.idParameter(), id = try request.idParameter("document")
        guard let found = try await InvoiceQueries.document(id, of: invoice, on: try request.db),
              Permissions.can(try request.user, .viewInvoices, .invoice(found.subject))
        else { throw Abort(.notFound) }
        let response = Response(status: .ok, body: .init(data: found.content))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "pdf")
        let name = InvoiceRules.safeFilename(found.filename, fallback: "invoice-\(found.month.iso)")
        response.headers.replaceOrAdd(name: .contentDisposition, value: ContentDisposition.inline(name))
        response.headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-store")
        // The browser's own PDF viewer shows it: the pages' policy (object-src 'none') would block
        // that viewer, so the file gets a policy of its own.
        response.headers.replaceOrAdd(name: .contentSecurityPolicy, value: "frame-ancestors 'none'")
        return response
    }

    func thumbnail(_ request: Request) async throws -> Response {
        let invoice = try request.idParameter(), id = try request.idParameter("document")
        guard let found = try await InvoiceQueries.thumbnail(id, of: invoice, on: try request.db),
              Permissions.can(try request.user, .viewInvoices, .invoice(found.subject)),
              let png = found.png
        else { throw Abort(.notFound) }
        let response = Response(status: .ok, body: .init(data: png))
        response.headers.contentType = .png
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=3600")
        return response
    }
}
