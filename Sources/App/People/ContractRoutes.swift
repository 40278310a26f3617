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
        try await PersonActions.setVacationDays(tenths, contract: contract, of: id, try request.actionContext)
        return request.redirect(to: back, flash: Flash(.success, "flash.contract.vacationSaved"))
    }

    func add(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let id = try request.idParameter()
        guard let form = try? request.content.decode(ContractForm.self) else { throw Abort(.badRequest) }
        let back = Paths.person(tenant.slug, id)
        func refuse(_ problem: ContractForm.Problem) async throws -> Response {
            try await PersonPage.render(request, id: id, refused: .init(contract: form, contractProblem: problem.rawValue))
                .encodeResponse(status: .unprocessableEntity, for: request)
        }
        if let problem = try await PersonActions.addContract(form, to: id, try request.actionContext) {
            return try await refuse(problem)
        }
        return request.redirect(to: back, flash: Flash(.success, "flash.contractAdded"))
    }
}
