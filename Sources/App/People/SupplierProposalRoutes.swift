import Vapor

/// A contractor proposes a change of their own supplier details; an admin confirms or declines
/// it on the profile (docs/ARCHITECTURE.md, Supplier details).
struct SupplierProposalRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.supplierProposal, use: form)
        routes.post(Paths.supplierProposal, use: propose)
        routes.post(Paths.supplierDecision, use: decide)
    }

    /// The person of the path when it is the signed-in person (404 for anyone else's: a
    /// proposal is for oneself), with their details and any waiting proposal.
    private func own(_ request: Request) async throws -> (Person, SupplierDetails, Int, SupplierProposal?) {
        try request.require(.viewSupplierDetails, .oneself)
        let id = try request.idParameter(), db = try request.db
        guard id == (try request.user.id), let person = try await PeopleQueries.person(id, on: db),
              let (details, version) = try await SupplierDetailsQueries.load(id, on: db) else { throw Abort(.notFound) }
        return (person, details, version, try await SupplierProposalQueries.waiting(of: id, on: db))
    }

    func form(_ request: Request) async throws -> SupplierDetailsPage {
        let (person, details, version, waiting) = try await own(request)
        return try await render(request, person, version: version, input: SupplierDetails.Input(waiting?.details ?? details))
    }

    func propose(_ request: Request) async throws -> Response {
        let (person, _, _, _) = try await own(request)
        guard let form = try? request.content.decode(SupplierDetailsRoutes.Form.self), let version = form.version else {
            throw Abort(.badRequest)
        }
        let details: SupplierDetails
        switch SupplierDetails.read(form.input) {
        case .failure(let problems):
            return try await render(request, person, version: version, input: form.input, problems: problems)
                .encodeResponse(status: .unprocessableEntity, for: request)
        case .success(let read): details = read
        }
        let back = Paths.person(try request.tenant.slug, person.user.id) + "#supplier"
        switch try await SupplierDetailsActions.propose(details, for: person.user.id, basedOn: version, try request.actionContext) {
        case .proposed: return request.redirect(to: back, flash: Flash(.success, "flash.supplier.proposed"))
        case .unchanged: return request.redirect(to: back, flash: Flash(.success, "flash.supplier.unchanged"))
        case .stale:
            let current = try await SupplierDetailsQueries.load(person.user.id, on: try request.db)?.version ?? 0
            return try await render(request, person, version: current, input: form.input, stale: true)
                .encodeResponse(status: .conflict, for: request)
        }
    }

    struct Decision: Content {
        var proposal: UUID?
        var decision: String?
    }

    func decide(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let id = try request.idParameter()
        guard let form = try? request.content.decode(Decision.self), let proposal = form.proposal,
              let decision = form.decision, decision == "confirm" || decision == "decline" else { throw Abort(.badRequest) }
        let back = Paths.person(try request.tenant.slug, id) + "#supplier"
        switch try await SupplierDetailsActions.decide(proposal, of: id, confirm: decision == "confirm", try request.actionContext) {
        case .confirmed: return request.redirect(to: back, flash: Flash(.success, "flash.supplier.confirmed"))
        case .declined: return request.redirect(to: back, flash: Flash(.success, "flash.supplier.declined"))
        case .stale: return request.redirect(to: back, flash: Flash(.error, "flash.supplier.proposalStale"))
        case .ownDetails: return request.redirect(to: back, flash: Flash(.error, "flash.supplier.ownDetails"))
        case .gone: return request.redirect(to: back, flash: Flash(.error, "flash.supplier.proposalGone"))
        }
    }

    private func render(
        _ request: Request, _ person: Person, version: Int, input: SupplierDetails.Input,
        problems: SupplierDetails.Problems = .init(), stale: Bool = false
    ) async throws -> SupplierDetailsPage {
        let t = request.translator
        return SupplierDetailsPage(
            layout: Layout(request: request, title: t("supplier.proposeTitle")), slug: try request.tenant.slug,
            person: person, version: version, input: input, problems: problems, stale: stale, proposing: true, t: t)
    }
}
