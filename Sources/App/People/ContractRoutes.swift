import Vapor

/// Admins add a contract to a person's history, ending the open one the day before if asked.
struct ContractRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.addContract, use: add)
        routes.post(Paths.contractVacation, use: vacation)
    }

    struct VacationForm: Content {
        var vacationDays: String?
    }

    /// Sets an employment's days of vacation a year (admins); 404 for a contract of no one here.
    func vacation(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let id = try request.idParameter(), contract = try request.idParameter("contract")
        let back = Paths.person(try request.tenant.slug, id)
        let form = try? request.content.decode(VacationForm.self)
        guard let tenths = form?.vacationDays.flatMap({ ContractHistory.parseVacationDays(String($0.prefix(20))) }) else {
            return request.redirect(to: back, flash: Flash(.error, "flash.contract.vacationInvalid"))
        }
        guard try await PeopleMutations.setVacationDays(tenths, contract: contract, of: id, actor: try request.user.id,
                                                        on: try request.db)
        else { throw Abort(.notFound) }
        return request.redirect(to: back, flash: Flash(.success, "flash.contract.vacationSaved"))
    }

    func add(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let db = try request.db
        let id = try request.idParameter()
        guard let person = try await PeopleQueries.person(id, on: db)
        else { throw Abort(.notFound) }
        guard let form = try? request.content.decode(ContractForm.self) else { throw Abort(.badRequest) }
        let back = Paths.person(tenant.slug, id)
        func refuse(_ problem: ContractForm.Problem) async throws -> Response {
            try await PersonPage.render(request, id: id, refused: .init(contract: form, contractProblem: problem.rawValue))
                .encodeResponse(status: .unprocessableEntity, for: request)
        }
        if let problem = try await Self.add(form, to: person, actor: try request.user.id, on: db) {
            return try await refuse(problem)
        }
        return request.redirect(to: back, flash: Flash(.success, "flash.contractAdded"))
    }

    /// Adds the form's contract to the person's history, ending the open one the day before when
    /// the form asks; nil when it was added, else what is wrong (the web's form and the API).
    static func add(_ form: ContractForm, to person: Person, actor: UUID, on db: TenantConnection) async throws -> ContractForm.Problem? {
        let contract: Contract
        switch form.contract {
        case .failure(let error): return error.problem
        case .success(let parsed): contract = parsed
        }
        let id = person.user.id
        var history = person.contracts
        if form.endCurrent != nil, let open = history.first(where: { $0.validTo == nil && $0.validFrom < contract.validFrom }) {
            let end = contract.validFrom.adding(days: -1)
            history = history.map { $0.id == open.id ? Contract(id: $0.id, kind: $0.kind, validFrom: $0.validFrom, validTo: end, capacityTenths: $0.capacityTenths) : $0 }
            // The form says so before the database would.
            guard ContractHistory.conflicts(of: contract, with: history).isEmpty else { return .overlap }
            try await PeopleMutations.endContract(open.id, on: end, for: id, actor: actor, on: db)
        }
        guard ContractHistory.conflicts(of: contract, with: history).isEmpty else { return .overlap }
        try await PeopleMutations.addContract(contract, for: id, actor: actor, on: db)
        return nil
    }
}
