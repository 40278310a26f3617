import Vapor

/// Admins add a contract to a person's history, ending the open one the day before if asked.
struct ContractRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.addContract, use: add)
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
        let contract: Contract
        switch form.contract {
        case .failure(let error): return try await refuse(error.problem)
        case .success(let parsed): contract = parsed
        }
        let actor = try request.user.id
        var history = person.contracts
        if form.endCurrent != nil, let open = history.first(where: { $0.validTo == nil && $0.validFrom < contract.validFrom }) {
            let end = contract.validFrom.adding(days: -1)
            history = history.map { $0.id == open.id ? Contract(id: $0.id, kind: $0.kind, validFrom: $0.validFrom, validTo: end, capacityTenths: $0.capacityTenths) : $0 }
            // The form says so before the database would.
            guard ContractHistory.conflicts(of: contract, with: history).isEmpty else { return try await refuse(.overlap) }
            try await PeopleMutations.endContract(open.id, on: end, for: id, actor: actor, on: db)
        }
        guard ContractHistory.conflicts(of: contract, with: history).isEmpty else { return try await refuse(.overlap) }
        try await PeopleMutations.addContract(contract, for: id, actor: actor, on: db)
        return request.redirect(to: back, flash: Flash(.success, "flash.contractAdded"))
    }
}
