import Vapor

/// Admins create, rename and delete teams and set their leaders.
struct TeamsRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.teams, use: page)
        routes.post(Paths.teams, use: create)
        routes.post(Paths.team, use: save)
        routes.post(Paths.deleteTeam, use: delete)
    }

    struct Form: Content {
        var name: String
        var leader: String?
    }

    /// What the page shows again after a refused change: which form, what was typed, why.
    struct Problem {
        let team: UUID?
        let form: Form
        let key: String
    }

    func page(_ request: Request) async throws -> TeamsPage {
        try request.require(.manageEmployees)
        return try await render(request, problem: nil)
    }

    func create(_ request: Request) async throws -> Response {
        try await change(request, team: nil)
    }

    func save(_ request: Request) async throws -> Response {
        let id = try request.idParameter()
        return try await change(request, team: id)
    }

    private func change(_ request: Request, team: UUID?) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let db = try request.db
        guard let form = try? request.content.decode(Form.self) else { throw Abort(.badRequest) }
        if let team, try await !exists(team, request) { throw Abort(.notFound) }
        let name = form.name.trimmingWhitespace()
        let leader = (form.leader ?? "").isEmpty ? nil : UUID(uuidString: form.leader ?? "")
        var key: String?
        if name.isEmpty || name.storedLength > 100 {
            key = "teams.error.name"
        } else if form.leader?.isEmpty == false && leader == nil {
            key = "teams.error.leader"
        } else {
            do {
                try await TeamQueries.save(id: team, name: name, leader: leader, on: db)
                return request.redirect(to: Paths.teams(tenant.slug), flash: Flash(.success, "flash.saved"))
            } catch let refusal as TeamQueries.Refusal {
                key = refusal == .duplicateName ? "teams.error.duplicate" : "teams.error.leader"
            }
        }
        return try await render(request, problem: Problem(team: team, form: form, key: key!))
            .encodeResponse(status: .unprocessableEntity, for: request)
    }

    func delete(_ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let id = try request.idParameter()
        guard let team = try await TeamQueries.list(on: try request.db).first(where: { $0.id == id }) else { throw Abort(.notFound) }
        if !request.isConfirmed {
            return try await request.confirmationStep(ConfirmQuestion(
                question: request.translate("confirm.deleteTeam", team.name), confirm: request.translate("confirm.deleteTeamButton"),
                cancelURL: Paths.teams(tenant.slug)))
        }
        do {
            try await TeamQueries.delete(id, on: try request.db)
        } catch TeamQueries.Refusal.notEmpty {
            return request.redirect(to: Paths.teams(tenant.slug), flash: Flash(.error, "flash.teamNotEmpty"))
        }
        return request.redirect(to: Paths.teams(tenant.slug), flash: Flash(.success, "flash.teamDeleted"))
    }

    private func exists(_ id: UUID, _ request: Request) async throws -> Bool {
        try await TeamQueries.list(on: try request.db).contains { $0.id == id }
    }

    private func render(_ request: Request, problem: Problem?) async throws -> TeamsPage {
        let db = try request.db, t = request.translator
        return TeamsPage(
            layout: Layout(request: request, title: t("nav.teams")), slug: try request.tenant.slug,
            teams: try await TeamQueries.list(on: db), candidates: try await TeamQueries.leaderCandidates(on: db),
            refused: problem.map { TeamsPage.Refused(team: $0.team, name: $0.form.name, leader: $0.form.leader, problem: $0.key) },
            t: t)
    }
}
