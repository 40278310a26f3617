import Foundation

/// Clients and projects (admins), as the web's projects page.
extension RosterAPI {
    func listProjects(_ input: Operations.ListProjects.Input) async throws -> Operations.ListProjects.Output {
        let catalog = try await APIContext.run(readOnly: true) { api in
            try api.require(.listProjects)
            return Components.Schemas.ProjectCatalog(
                clients: try await ProjectQueries.clients(on: api.db).map(Components.Schemas.Client.init),
                projects: try await ProjectQueries.projects(on: api.db).map(Components.Schemas.Project.init))
        }
        return .ok(.init(body: .json(catalog)))
    }

    func createClient(_ input: Operations.CreateClient.Input) async throws -> Operations.CreateClient.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let client = try await APIContext.run(readOnly: false) { api in
            try api.require(.createClient)
            return try await Self.saveClient(body, id: nil, api)
        }
        return .created(.init(body: .json(client)))
    }

    func updateClient(_ input: Operations.UpdateClient.Input) async throws -> Operations.UpdateClient.Output {
        let id = try APIInput.pathID(input.path.clientId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let client = try await APIContext.run(readOnly: false) { api in
            try api.require(.updateClient)
            return try await Self.saveClient(body, id: id, api)
        }
        return .ok(.init(body: .json(client)))
    }

    private static func saveClient(_ body: Components.Schemas.ClientRequest, id: UUID?, _ api: APIContext) async throws
        -> Components.Schemas.Client {
        try APIInput.lengths([("name", body.name, 400)], t: api.t)
        guard let name = ShortName.parse(body.name) else {
            throw APIProblem.invalid([.init(field: "name", message: api.t("projects.error.name"))])
        }
        switch try await ProjectActions.saveClient(.init(id: id, name: name, archived: body.archived), api.action) {
        case .failure: throw APIProblem.invalid([.init(field: "name", message: api.t("projects.error.duplicateClient"))])
        case .success(let saved):
            guard let client = try await ProjectQueries.clients(on: api.db).first(where: { $0.id == saved }) else {
                throw APIProblem.notFound
            }
            return .init(client)
        }
    }

    func createProject(_ input: Operations.CreateProject.Input) async throws -> Operations.CreateProject.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let project = try await APIContext.run(readOnly: false) { api in
            try api.require(.createProject)
            return try await Self.saveProject(body, id: nil, api)
        }
        return .created(.init(body: .json(project)))
    }

    func updateProject(_ input: Operations.UpdateProject.Input) async throws -> Operations.UpdateProject.Output {
        let id = try APIInput.pathID(input.path.projectId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let project = try await APIContext.run(readOnly: false) { api in
            try api.require(.updateProject)
            return try await Self.saveProject(body, id: id, api)
        }
        return .ok(.init(body: .json(project)))
    }

    private static func saveProject(_ body: Components.Schemas.ProjectRequest, id: UUID?, _ api: APIContext) async throws
        -> Components.Schemas.Project {
        try APIInput.lengths([("clientId", body.clientId, 40), ("name", body.name, 400)]
                             + (body.teamIds ?? []).map { ("teamIds", $0, 40) } + (body.personIds ?? []).map { ("personIds", $0, 40) },
                             t: api.t)
        var errors: [Components.Schemas.FieldError] = []
        let client = UUID(uuidString: body.clientId)
        if client == nil { errors.append(.init(field: "clientId", message: api.t("projects.error.client"))) }
        let name = ShortName.parse(body.name)
        if name == nil { errors.append(.init(field: "name", message: api.t("projects.error.name"))) }
        let teamTexts = body.teamIds ?? [], personTexts = body.personIds ?? []
        let teams = teamTexts.compactMap(UUID.init(uuidString:)), people = personTexts.compactMap(UUID.init(uuidString:))
        if teams.count != teamTexts.count || teamTexts.count > 1000 {
            errors.append(.init(field: "teamIds", message: api.t("projects.error.member")))
        }
        if people.count != personTexts.count || personTexts.count > 10_000 {
            errors.append(.init(field: "personIds", message: api.t("projects.error.member")))
        }
        guard errors.isEmpty, let client, let name else { throw APIProblem.invalid(errors) }
        let draft = ProjectDraft(client: client, name: name, billable: body.billable ?? true,
                                 teams: Array(Set(teams)).sorted { $0.uuidString < $1.uuidString },
                                 people: Array(Set(people)).sorted { $0.uuidString < $1.uuidString })
        switch try await ProjectActions.saveProject(.init(id: id, draft: draft, archived: body.archived), api.action) {
        case .failure(.duplicateName):
            throw APIProblem.invalid([.init(field: "name", message: api.t("projects.error.duplicateProject"))])
        case .failure(.unknownClient): throw APIProblem.invalid([.init(field: "clientId", message: api.t("projects.error.client"))])
        case .failure(.unknownMember): throw APIProblem.invalid([.init(field: "teamIds", message: api.t("projects.error.member"))])
        case .success(let saved):
            guard let project = try await ProjectQueries.projects(on: api.db).first(where: { $0.id == saved }) else {
                throw APIProblem.notFound
            }
            return .init(project)
        }
    }
}

extension Components.Schemas.Client {
    init(_ client: ClientRow) {
        self.init(id: client.id.lowercasedString, name: client.name, archived: client.archived, projects: client.projects)
    }
}

extension Components.Schemas.Project {
    init(_ project: ProjectRow) {
        self.init(id: project.id.lowercasedString, clientId: project.clientID.lowercasedString, client: project.client,
                  name: project.name, billable: project.billable, archived: project.archived,
                  teamIds: project.teams.map(\.lowercasedString), personIds: project.people.map(\.lowercasedString),
                  bookedSeconds: project.hoursSeconds)
    }
}
