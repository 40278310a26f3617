import Vapor

/// Admins add a contract to a person's history, ending the open one the day before if asked.
struct ContractRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.addContract, use: add)
    }

    struct Form: Content {
        var kind: String
        var validFrom: String
        var validTo: String?
        var capacity: String
        /// "on": end the current open-ended contract the day before the new one starts.
        var endCurrent: String?
    }

    enum Problem: String {
        case kind = "contract.error.kind", from = "employee.error.date", to = "contract.error.to"
        case capacity = "employee.error.capacity", overlap = "contract.error.overlap"
    }

    /// The contract the form describes, or what is wrong with it; pure.
    static func parse(_ form: Form) -> Result<Contract, ProblemError> {
        guard let kind = ContractKind(rawValue: form.kind) else { return .failure(.init(.kind)) }
        guard let from = LocalDate(iso: form.validFrom) else { return .failure(.init(.from)) }
        var to: LocalDate?
        if let text = form.validTo, !text.trimmingWhitespace().isEmpty {
            guard let day = LocalDate(iso: text), day >= from else { return .failure(.init(.to)) }
            to = day
        }
        guard let capacity = ContractHistory.parseCapacity(form.capacity) else { return .failure(.init(.capacity)) }
        return .success(Contract(id: UUID(), kind: kind, validFrom: from, validTo: to, capacityTenths: capacity))
    }

    struct ProblemError: Error {
        let problem: Problem
        init(_ problem: Problem) { self.problem = problem }
    }

    func add(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let db = try request.db
        let id = try request.idParameter()
        guard let person = try await PeopleQueries.person(id, on: db)
        else { throw Abort(.notFound) }
        guard let form = try? request.content.decode(Form.self) else { throw Abort(.badRequest) }
        let back = Paths.person(tenant.slug, id)
        func refuse(_ problem: Problem) async throws -> Response {
            try await PeopleRoutes().renderProfile(request, id: id, contractForm: form, contractError: problem.rawValue)
                .encodeResponse(status: .unprocessableEntity, for: request)
        }
        let contract: Contract
        switch Self.parse(form) {
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
