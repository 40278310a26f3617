import Vapor

/// Admins keep a contractor's supplier details (docs/ARCHITECTURE.md, Supplier details); a
/// refused value keeps what was typed.
struct SupplierDetailsRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.supplierDetails, use: form)
        routes.post(Paths.supplierDetails, use: save)
    }

    struct Form: Content {
        var version: Int?
        var ico: String?
        var dic: String?
        var vatPayer: String?
        var billingAddress: String?
        var account: String?

        var input: SupplierDetails.Input {
            SupplierDetails.Input(ico: ico ?? "", dic: dic ?? "", vatPayer: vatPayer != nil, billingAddress: billingAddress ?? "",
                                  account: account ?? "")
        }
    }

    /// The person of the path and their details, for an admin; 404 for no person of the company.
    private func load(_ request: Request) async throws -> (Person, SupplierDetails, Int) {
        try request.require(.manageEmployees)
        let id = try request.idParameter(), db = try request.db
        guard let person = try await PeopleQueries.person(id, on: db),
              let (details, version) = try await SupplierDetailsQueries.load(id, on: db) else { throw Abort(.notFound) }
        return (person, details, version)
    }

    func form(_ request: Request) async throws -> SupplierDetailsPage {
        let (person, details, version) = try await load(request)
        return try await render(request, person, version: version, input: SupplierDetails.Input(details))
    }

    func save(_ request: Request) async throws -> Response {
        let (person, _, _) = try await load(request)
        guard let form = try? request.content.decode(Form.self), let version = form.version else { throw Abort(.badRequest) }
        let details: SupplierDetails
        switch SupplierDetails.read(form.input) {
        case .failure(let problems):
            return try await render(request, person, version: version, input: form.input, problems: problems)
                .encodeResponse(status: .unprocessableEntity, for: request)
        case .success(let read): details = read
        }
        let back = Paths.person(try request.tenant.slug, person.user.id)
        switch try await SupplierDetailsActions.save(details, for: person.user.id, version: version, try request.actionContext) {
        case .saved(let accountChanged):
            return request.redirect(to: back, flash: Flash(.success, accountChanged ? "flash.supplier.accountSaved" : "flash.supplier.saved"))
        case .unchanged:
            return request.redirect(to: back, flash: Flash(.success, "flash.supplier.unchanged"))
        case .ownDetails:
            return request.redirect(to: back, flash: Flash(.error, "flash.supplier.ownDetails"))
        case .stale:
            let current = try await SupplierDetailsQueries.load(person.user.id, on: try request.db)?.version ?? 0
            return try await render(request, person, version: current, input: form.input, stale: true)
                .encodeResponse(status: .conflict, for: request)
        }
    }

    private func render(
        _ request: Request, _ person: Person, version: Int, input: SupplierDetails.Input,
        problems: SupplierDetails.Problems = .init(), stale: Bool = false
    ) async throws -> SupplierDetailsPage {
        let t = request.translator
        return SupplierDetailsPage(
            layout: Layout(request: request, title: t("supplier.title", person.user.displayName)), slug: try request.tenant.slug,
            person: person, version: version, input: input, problems: problems, stale: stale, t: t)
    }
}
