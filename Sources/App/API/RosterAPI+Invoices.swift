import Foundation
import OpenAPIRuntime
import Vapor

extension RosterAPI {
    func listMyInvoices(_ input: Operations.ListMyInvoices.Input) async throws -> Operations.ListMyInvoices.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMyInvoices)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            let contracts = try await PeopleQueries.contracts(of: api.user.id, on: api.db)
            return try await Self.invoiceMonths(of: api.user.id, contracts: contracts, window: window, api)
        }
        return .ok(.init(body: .json(page)))
    }

    func listPersonInvoices(_ input: Operations.ListPersonInvoices.Input) async throws -> Operations.ListPersonInvoices.Output {
        let id = try APIInput.pathID(input.path.personId)
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listPersonInvoices)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            guard let person = try await PeopleQueries.person(id, on: api.db) else { throw APIProblem.notFound }
            return try await Self.invoiceMonths(of: id, contracts: person.contracts, window: window, api)
        }
        return .ok(.init(body: .json(page)))
    }

    /// A person's months (`InvoiceMonths.rows`), a window of them.
    static func invoiceMonths(
        of person: UUID, contracts: [Contract], window: ListWindow, _ api: APIContext
    ) async throws -> Components.Schemas.MyInvoicesPage {
        let invoices = try await InvoiceQueries.summaries(of: person, timeZone: api.tenant.timeZone, on: api.db)
        let statements = try await WorkStatementQueries.list(of: person, timeZone: api.tenant.timeZone, on: api.db)
        let rows = InvoiceMonths.rows(contracts: contracts, invoices: invoices, statements: statements, today: api.today)
        return Components.Schemas.MyInvoicesPage(
            items: window.slice(rows).map { row in
                switch row.status {
                case .invoice(let invoice): .init(month: row.month.iso, status: .invoice, invoice: .init(invoice))
                case .missing: .init(month: row.month.iso, status: .missing)
                case .statement(let statement): .init(month: row.month.iso, status: .statement, statement: .init(statement))
                case .notRequired: .init(month: row.month.iso, status: .notRequired)
                }
            },
            total: rows.count, limit: window.limit, offset: window.offset,
            uploadableMonths: InvoiceMonths.uploadable(contracts: contracts, invoices: invoices, today: api.today).map(\.iso))
    }

    func getInvoice(_ input: Operations.GetInvoice.Input) async throws -> Operations.GetInvoice.Output {
        let id = try APIInput.pathID(input.path.invoiceId)
        let invoice = try await APIContext.run(readOnly: true) { api in
            try api.require(.getInvoice)
            return Components.Schemas.Invoice(try await Self.visibleInvoice(id, api), viewer: api.user)
        }
        return .ok(.init(body: .json(invoice)))
    }

    /// The invoice when the caller may see it (their own, or any for admins), else 404.
    static func visibleInvoice(_ id: UUID, _ api: APIContext) async throws -> InvoiceDetail {
        guard let invoice = try await InvoiceQueries.detail(id, timeZone: api.tenant.timeZone, on: api.db),
              Permissions.can(api.user, .viewInvoices, .invoice(invoice.subject))
        else { throw APIProblem.notFound }
        return invoice
    }

    func downloadInvoiceDocument(
        _ input: Operations.DownloadInvoiceDocument.Input
    ) async throws -> Operations.DownloadInvoiceDocument.Output {
        let invoice = try APIInput.pathID(input.path.invoiceId), document = try APIInput.pathID(input.path.documentId)
        let file = try await APIContext.run(readOnly: true) { api in
            try api.require(.downloadInvoiceDocument)
            guard let file = try await InvoiceQueries.document(document, of: invoice, on: api.db),
                  Permissions.can(api.user, .viewInvoices, .invoice(file.subject))
            else { throw APIProblem.notFound }
            return file
        }
        let name = InvoiceRules.safeFilename(file.filename, fallback: "invoice-\(file.month.iso)")
        return .ok(.init(headers: .init(contentDisposition: APIDownload.disposition(name)),
                         body: .pdf(HTTPBody(file.content))))
    }

    func uploadInvoice(_ input: Operations.UploadInvoice.Input) async throws -> Operations.UploadInvoice.Output {
        // Who is asking first, in a short transaction: only they may send a large body, and no
        // connection is held while it arrives or while the inspector reads it.
        let (request, tenant, user) = try await APIContext.caller()
        guard APIOperation.uploadInvoice.reach(for: user) != nil else { throw APIProblem.forbidden }
        let stored = try await request.withMultipartForm(lane: .invoices, holder: .init(person: user.id, company: tenant.id)) {
            let form = request.multipartForm
            let situation = try await InvoiceUpload.situation(of: user.id, tenant: tenant, database: request.application.database)
            let month = form?.field("month").flatMap(Month.init(filter:))
            switch try await InvoiceUpload.receive(form, month: month, user: user, tenant: tenant, situation: situation,
                                                   request: request) {
            case .success(let stored): return stored
            case .failure(let refusal): throw APIProblem(refusal)
            }
        }
        let invoice = try await request.application.database.transaction(tenant: tenant.id, readOnly: true) { db in
            try await InvoiceQueries.detail(stored.invoice, timeZone: tenant.timeZone, on: db)
        }
        guard let invoice else { throw APIProblem.notFound }
        if stored.identical { return .ok(.init(body: .json(.init(invoice, viewer: user)))) }
        return .created(.init(body: .json(.init(invoice, viewer: user))))
    }
}

extension APIProblem {
    /// An upload refused: 422 (503 when the server is busy) with the web's message.
    init(_ refusal: UploadRefusal) {
        let kind: String
        switch refusal {
        case .noFile: kind = "upload-no-file"
        case .empty: kind = "upload-empty"
        case .tooLarge: kind = "upload-too-large"
        case .notPDF: kind = "upload-not-pdf"
        case .unreadable: kind = "upload-unreadable"
        case .passwordProtected: kind = "upload-password-protected"
        case .encrypted: kind = "upload-encrypted"
        case .pageCount(let pages, _): kind = pages < 1 ? "upload-no-pages" : "upload-too-many-pages"
        case .badMonth: kind = "upload-bad-month"
        case .futureMonth: kind = "upload-future-month"
        case .notContractor: kind = "upload-not-contractor"
        case .locked: kind = "upload-locked"
        case .busy: kind = "busy"
        }
        let (key, arguments) = refusal.message
        self.init(refusal == .busy ? .serviceUnavailable : .unprocessableEntity, kind, detailKey: key, arguments,
                  headers: refusal == .busy ? ["Retry-After": "30"] : [:])
    }
}
