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

    struct TeamView: Encodable {
        let name: String
        let members: String
        let action: String
        let deleteURL: String?
        let leaders: [SelectOption]
        let error: String?
        let fieldID: String
    }

    struct TeamsPage: Encodable {
        let layout: Layout
        let teams: [TeamView]
        let createAction: String
        let createName: String
        let createLeaders: [SelectOption]
        let createError: String?
    }

    /// What the page shows again after a refused change: which form, what was typed, why.
    struct Problem {
        let team: UUID?
        let form: Form
        let key: String
    }

    func page(_ request: Request) async throws -> View {
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
        if name.isEmpty || name.count > 100 {
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
        guard try await exists(id, request) else { throw Abort(.notFound) }
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

    private func render(_ request: Request, problem: Problem?) async throws -> View {
        let tenant = try request.tenant
        let db = try request.db
        let teams = try await TeamQueries.list(on: db)
        let candidates = try await TeamQueries.leaderCandidates(on: db)
        func leaders(selected: String?) -> [SelectOption] {
            [SelectOption(value: "", label: request.translate("teams.noLeader"), selected: (selected ?? "").isEmpty)]
                + candidates.map {
                    SelectOption(value: $0.id.uuidString.lowercased(), label: $0.name,
                                 selected: $0.id.uuidString.lowercased() == selected?.lowercased())
                }
        }
        let creating = problem != nil && problem?.team == nil
        return try await request.view.render("teams", TeamsPage(
            layout: Layout(request: request, title: request.translate("nav.teams")),
            teams: teams.map { team in
                let failed = problem?.team == team.id ? problem : nil
                return TeamView(
                    name: failed?.form.name ?? team.name,
                    members: request.translate("teams.members", String(team.members)),
                    action: Paths.team(tenant.slug, team.id),
                    deleteURL: team.members == 0 ? Paths.deleteTeam(tenant.slug, team.id) : nil,
                    leaders: leaders(selected: failed != nil ? failed?.form.leader : team.leaderID?.uuidString),
                    error: failed.map { request.translate($0.key) },
                    fieldID: "team-" + team.id.uuidString.lowercased())
            },
            createAction: Paths.teams(tenant.slug),
            createName: creating ? problem!.form.name : "",
            createLeaders: leaders(selected: creating ? problem?.form.leader : nil),
            createError: creating ? request.translate(problem!.key) : nil))
    }
}
