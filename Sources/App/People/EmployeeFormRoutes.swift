import Vapor

/// Admins create and edit people. Bad input comes back with the values kept and a message
/// next to each field.
struct EmployeeFormRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.newPerson, use: newForm)
        routes.post(Paths.newPerson, use: create)
        routes.get(Paths.editPerson, use: editForm)
        routes.post(Paths.editPerson, use: update)
    }

    func newForm(_ request: Request) async throws -> EmployeeFormPage {
        try request.require(.manageEmployees)
        let today = try request.today
        let form = EmployeeForm(contractKind: ContractKind.ico.rawValue, contractFrom: today.iso, capacity: "40", rateFrom: today.iso)
        return try await render(request, form: form, id: nil, errors: [:])
    }

    func create(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(EmployeeForm.self) else { throw Abort(.badRequest) }
        var errors = form.validate(creating: true)
        if errors.isEmpty, let profile = form.profile,
           let kind = ContractKind(rawValue: form.contractKind ?? ""), let from = LocalDate(input: form.contractFrom ?? ""),
           let capacity = ContractHistory.parseCapacity(form.capacity ?? ""), let rate = Money.parse(form.rate ?? ""),
           let rateFrom = LocalDate(input: form.rateFrom ?? "") {
            let person = PersonActions.NewPerson(
                profile: profile, contract: Contract(id: UUID(), kind: kind, validFrom: from, validTo: nil, capacityTenths: capacity),
                rateMinor: rate, rateFrom: rateFrom)
            switch try await PersonActions.create(person, try request.actionContext) {
            case .success(let id): return request.redirect(to: Paths.person(tenant.slug, id), flash: Flash(.success, "flash.created"))
            case .failure(let problems): errors = problems.messages
            }
        }
        return try await render(request, form: form, id: nil, errors: errors).encodeResponse(status: .unprocessableEntity, for: request)
    }

    func editForm(_ request: Request) async throws -> EmployeeFormPage {
        try request.require(.manageEmployees)
        let person = try await load(request)
        let user = person.user
        let form = EmployeeForm(
            firstName: user.firstName, lastName: user.lastName, title: user.title, position: person.position,
            email: user.email, personalEmail: person.personalEmail ?? "", phone: person.phone ?? "",
            team: person.teamID?.lowercasedString ?? "",
            teamLeader: user.roles.contains(.teamLeader) ? "on" : nil, admin: user.roles.contains(.admin) ? "on" : nil)
        return try await render(request, form: form, id: user.id, errors: [:])
    }

    func update(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let person = try await load(request)
        guard let form = try? request.content.decode(EmployeeForm.self) else { throw Abort(.badRequest) }
        var errors = form.validate(creating: false)
        if errors.isEmpty, let profile = form.profile {
            guard let problems = try await PersonActions.update(person.user.id, to: profile, try request.actionContext) else {
                return request.redirect(to: Paths.person(tenant.slug, person.user.id), flash: Flash(.success, "flash.saved"))
            }
            errors = problems.messages
        }
        return try await render(request, form: form, id: person.user.id, errors: errors)
            .encodeResponse(status: .unprocessableEntity, for: request)
    }

    private func load(_ request: Request) async throws -> Person {
        guard let person = try await PeopleQueries.person(
            try request.idParameter(), on: try request.db)
        else { throw Abort(.notFound) }
        return person
    }

    private func render(_ request: Request, form: EmployeeForm, id: UUID?, errors: [String: String]) async throws -> EmployeeFormPage {
        let t = request.translator
        return EmployeeFormPage(
            layout: Layout(request: request, title: EmployeeFormPage.heading(editing: id, t: t)), slug: try request.tenant.slug,
            id: id, form: form, teams: try await TeamQueries.names(on: try request.db), errors: errors, t: t)
    }
}
