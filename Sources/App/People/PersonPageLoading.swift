import Vapor

extension PersonPage.Content {
    /// What `viewer` may see of person `id`, read in a few statements; nil when the person does
    /// not exist for the viewer (a 404: people outside one's reach are not revealed).
    static func load(_ id: UUID, viewer: User, today: LocalDate, on db: TenantConnection) async throws -> Self? {
        guard let person = try await PeopleQueries.person(id, on: db),
              let access = Permissions.profileAccess(viewer, of: person.subject)
        else { return nil }
        // Admins get the whole history in the rates section; others at most today's rate.
        let history = access.managesRates ? try await RateQueries.history(of: id, on: db) : nil
        let rate = history == nil && access.seesRate ? try await RateQueries.current(of: id, on: today, on: db) : nil
        let audit = access.canEdit ? try await AuditQueries.recent(subject: id, on: db) : nil
        var content = Self(person: person, access: access, history: history, rate: rate, audit: audit)
        if access.seesSupplierDetails, let found = try await SupplierDetailsQueries.load(id, on: db),
           found.version > 0 || person.contracts.contains(where: { $0.kind.sendsInvoices }) {
            content.supplier = found
            content.proposal = try await SupplierProposalQueries.waiting(of: id, on: db)
        }
        return content
    }
}

extension PersonPage {
    /// The profile of person `id` for the request's viewer, with a refused form shown again.
    static func render(_ request: Request, id: UUID, refused: Refused = .none) async throws -> PersonPage {
        let viewer = try request.user, today = try request.today
        guard let content = try await Content.load(id, viewer: viewer, today: today, on: try request.db) else {
            throw Abort(.notFound)
        }
        return PersonPage(
            layout: Layout(request: request, title: content.person.user.displayName), slug: try request.tenant.slug,
            viewer: viewer.id, content: content, today: today, ratesPage: request.queryInt("ratesPage"),
            refused: refused, t: request.translator)
    }
}
