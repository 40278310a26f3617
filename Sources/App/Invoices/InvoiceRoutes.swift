import Vapor

/// "My invoices", one invoice's page, and its files: a person sees their own, admins everyone's;
/// anyone else gets 404, as if the invoice did not exist.
struct InvoiceRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.invoices, use: list)
        routes.get(Paths.invoice, use: detail)
        routes.get(Paths.invoiceDocument, use: document)
        routes.get(Paths.invoiceThumbnail, use: thumbnail)
    }

    func list(_ request: Request) async throws -> View {
        let user = try request.user
        try request.require(.submitInvoices, .oneself)
        let tenant = try request.tenant, db = try request.db
        let contracts = try await PeopleQueries.contracts(of: user.id, on: db)
        let invoices = try await InvoiceQueries.summaries(of: user.id, timeZone: tenant.timeZone, on: db)
        let today = try request.today
        let t = request.translator
        return try await request.view.render("invoices", MyInvoicesPage(
            layout: Layout(request: request, title: t("nav.invoices")), slug: tenant.slug, currency: tenant.currency,
            months: InvoiceMonths.rows(contracts: contracts, invoices: invoices, today: today),
            page: PageRequest(number: try? request.query.get(Int.self, at: "page"), size: MyInvoicesPage.pageSize),
            canUpload: !InvoiceMonths.uploadable(contracts: contracts, invoices: invoices, today: today).isEmpty, t: t))
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

    struct Field: Encodable {
        let label: String
        let value: String?
    }

    struct Version: Encodable {
        let label: String
        let filename: String
        let detail: String
        let href: String
        let current: Bool
    }

    struct HistoryRow: Encodable {
        let at: String
        let actor: String
        let change: String
        let reason: String?
        /// "own invoice", when the actor changed their own invoice.
        let own: String?
    }

    struct ActionButton: Encodable {
        let value: String
        let label: String
        let needsReason: Bool
    }

    struct DetailPage: Encodable {
        let layout: Layout
        let actionURL: String
        let version: Int
        let actions: [ActionButton]
        let heading: String
        let state: String
        let stateCode: String
        /// "Own invoice", to an admin looking at their own.
        let ownInvoice: String?
        let documentURL: String
        let thumbnailURL: String?
        let fields: [Field]
        let noText: Bool
        let duplicates: [String]
        let replaceURL: String?
        let lockedNote: String?
        let versions: [Version]
        let history: [HistoryRow]
        let backURL: String
    }

    func detail(_ request: Request) async throws -> View {
        let invoice = try await Self.visibleInvoice(request)
        let tenant = try request.tenant, user = try request.user
        let duplicates = try await InvoiceQueries.duplicates(
            of: invoice.sha256, except: invoice.documentID, timeZone: tenant.timeZone,
            on: try request.db)
        let f = invoice.fields
        let slug = tenant.slug
        let own = invoice.userID == user.id
        let stateLabel = { (state: InvoiceState?) in request.translate("invoice.state.\(state?.rawValue ?? "missing")") }
        return try await request.view.render("invoice", DetailPage(
            layout: Layout(request: request, title: request.translate("invoice.title", request.monthLabel(invoice.month))),
            actionURL: Paths.invoiceAction(slug, invoice.id),
            version: invoice.version,
            actions: !Permissions.can(user, .reviewInvoices, .company) ? [] : InvoiceAction.allowed(from: invoice.state).map {
                ActionButton(value: $0.rawValue, label: request.translate("review.action.\($0.rawValue)"), needsReason: $0.needsReason)
            },
            heading: own ? request.translate("invoice.title", request.monthLabel(invoice.month))
                : request.translate("invoice.titleOf", invoice.personName, request.monthLabel(invoice.month)),
            state: stateLabel(invoice.state),
            stateCode: invoice.state.rawValue,
            ownInvoice: own && Permissions.can(user, .reviewInvoices, .company) ? request.translate("review.flag.own") : nil,
            documentURL: Paths.invoiceDocument(slug, invoice.id, invoice.documentID),
            thumbnailURL: invoice.hasThumbnail ? Paths.invoiceThumbnail(slug, invoice.id, invoice.documentID) : nil,
            fields: [
                Field(label: request.translate("invoice.field.total"),
                      value: f.total.map { Money.format(minor: $0.minor, currency: $0.currency, language: request.language) }),
                Field(label: request.translate("invoice.field.account"), value: f.account?.description ?? f.iban?.description),
                Field(label: request.translate("invoice.field.variableSymbol"), value: f.variableSymbol),
                Field(label: request.translate("invoice.field.invoiceNumber"), value: f.invoiceNumber),
                Field(label: request.translate("invoice.field.supplierID"), value: f.supplierID),
                Field(label: request.translate("invoice.field.dueDate"), value: f.dueDate),
                Field(label: request.translate("invoice.field.pages"), value: String(invoice.pages)),
            ],
            noText: !invoice.hasText,
            // Reviewers see whose upload it was; a person sees their own, and of others only that
            // the file is not new.
            duplicates: duplicates.map {
                if Permissions.can(user, .reviewInvoices, .company) {
                    return request.translate("invoice.duplicate", $0.personName, request.monthLabel($0.month), $0.uploadedOn.iso)
                }
                return $0.userID == user.id
                    ? request.translate("invoice.duplicateOwn", request.monthLabel($0.month), $0.uploadedOn.iso)
                    : request.translate("invoice.duplicateOther")
            },
            replaceURL: own && invoice.state.acceptsUpload ? Paths.uploadInvoice(slug, month: invoice.month) : nil,
            lockedNote: own && !invoice.state.acceptsUpload
                ? request.translate(UploadRefusal.locked(invoice.state).message.key) : nil,
            versions: invoice.documents.map {
                Version(label: request.translate("invoice.version", String($0.versionNo)), filename: $0.filename,
                        detail: request.translate("invoice.versionDetail", $0.uploadedAt, $0.uploadedBy,
                                                  Self.sizeLabel($0.sizeBytes), String($0.pages)),
                        href: Paths.invoiceDocument(slug, invoice.id, $0.id), current: $0.id == invoice.documentID)
            },
            history: invoice.history.map {
                HistoryRow(at: $0.at, actor: $0.actor,
                           change: Self.historyLabel($0, request: request, stateLabel: stateLabel),
                           reason: $0.reason, own: $0.ownInvoice ? request.translate("invoice.history.own") : nil)
            },
            backURL: own ? Paths.invoices(slug) : Paths.person(slug, invoice.userID)))
    }

    /// "Uploaded: submitted", "File replaced", "File replaced: Returned → Submitted", "Submitted → Approved".
    static func historyLabel(
        _ entry: InvoiceHistoryEntry, request: Request, stateLabel: (InvoiceState?) -> String
    ) -> String {
        guard let from = entry.fromState else { return request.translate("invoice.history.uploaded") }
        let change = request.translate("invoice.history.change", stateLabel(from), stateLabel(entry.toState))
        guard entry.newFile else { return change }
        return from == entry.toState ? request.translate("invoice.history.replaced")
            : request.translate("invoice.history.replacedChange", change)
    }

    static func sizeLabel(_ bytes: Int) -> String {
        bytes >= 1024 * 1024 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, bytes / 1024)) kB"
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
        response.headers.replaceOrAdd(name: .contentDisposition, value: "inline; filename=\"\(name)\"")
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
