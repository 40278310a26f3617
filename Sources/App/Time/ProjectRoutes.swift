import Foundation
import Vapor

/// Clients and projects (admins): create, rename, archive and restore; a project's billing and
/// whom it is limited to.
struct ProjectRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let projects = routes.get(Paths.projects, use: page)
        projects.userInfo[RouteOption.onConnectionLoop] = true
        projects.userInfo[RouteOption.pageRead] = PageReadOption { _ in ProjectsRead() }
        routes.get(Paths.newProject, use: newProject)
        routes.get(Paths.project, use: projectPage)
        routes.post(Paths.projects, use: createProject)
        routes.post(Paths.project, use: saveProject)
        routes.post(Paths.archiveProject, use: archiveProject)
        routes.post(Paths.clients, use: createClient)
        routes.post(Paths.client, use: saveClient)
        routes.post(Paths.archiveClient, use: archiveClient)
    }

    struct ClientForm: Content {
        var name: String?
    }

    struct ProjectForm: Content {
        var client: String?
        var name: String?
        var billable: String?
        var teams: [String]?
        var people: [String]?
    }

    struct ArchiveForm: Content {
        var archived: String?
    }

    func page(_ request: Request) async throws -> Response {
        try request.require(.manageProjects)
        return try await render(request, refused: nil, status: .ok)
    }

    func newProject(_ request: Request) async throws -> Response {
        try request.require(.manageProjects)
        return try await renderForm(request, id: nil, refused: nil, status: .ok)
    }

    func projectPage(_ request: Request) async throws -> Response {
        try request.require(.manageProjects)
        return try await renderForm(request, id: try request.idParameter(), refused: nil, status: .ok)
    }

    private func render(_ request: Request, refused: ProjectsPage.Refused?, status: HTTPStatus) async throws -> Response {
        let t = request.translator
        let (clients, projects) = try await request.page(ProjectsRead())
        return try await ProjectsPage(
            layout: Layout(request: request, title: t("nav.projects")), slug: try request.tenant.slug,
            clients: clients, projects: projects, refused: refused, t: t
        ).encodeResponse(status: status, for: request)
    }

    /// The settings of project `id`, or of a new project (nil); 404 for an id of no project of the
    /// tenant.
    private func renderForm(
        _ request: Request, id: UUID?, refused: ProjectFormPage.Refused?, status: HTTPStatus
    ) async throws -> Response {
        let db = try request.db, t = request.translator
        var project: ProjectRow?
        if let id {
            guard let found = try await ProjectQueries.project(id, on: db) else { throw Abort(.notFound) }
            project = found
        }
        let clients = try await ProjectQueries.clients(on: db).filter { !$0.archived || $0.id == project?.clientID }
        let title = project.map { "\($0.client) · \($0.name)" } ?? t("projects.newProject")
        return try await ProjectFormPage(
            layout: Layout(request: request, title: title), slug: try request.tenant.slug, project: project, clients: clients,
            teams: try await TeamQueries.names(on: db), people: try await TeamQueries.leaderCandidates(on: db), refused: refused, t: t
        ).encodeResponse(status: status, for: request)
    }

    func createClient(_ request: Request) async throws -> Response {
        try await client(request, id: nil)
    }

    func saveClient(_ request: Request) async throws -> Response {
        try await client(request, id: try request.idParameter())
    }

    /// Saves the client (`ProjectActions.saveClient`); a refused name is shown again on the
    /// projects page (422), which is the admins' page: hence the check before the form is read.
    private func client(_ request: Request, id: UUID?) async throws -> Response {
        try request.require(.manageProjects)
        guard let form = try? request.content.decode(ClientForm.self) else { throw Abort(.badRequest) }
        let formID = id.map { "client-" + $0.lowercasedString } ?? "client-new"
        let typed = String((form.name ?? "").prefix(200))
        guard let name = ShortName.parse(form.name) else {
            if let id, try await !ProjectQueries.clients(on: try request.db).contains(where: { $0.id == id }) { throw Abort(.notFound) }
            return try await render(request, refused: .init(form: formID, message: request.translate("projects.error.name"), name: typed),
                                    status: .unprocessableEntity)
        }
        switch try await ProjectActions.saveClient(.init(id: id, name: name), try request.actionContext) {
        case .success: return request.redirect(to: Paths.projects(try request.tenant.slug), flash: Flash(.success, "flash.saved"))
        case .failure:
            return try await render(request, refused: .init(form: formID, message: request.translate("projects.error.duplicateClient"),
                                                            name: typed), status: .unprocessableEntity)
        }
    }

    func archiveClient(_ request: Request) async throws -> Response {
        let archived = (try? request.content.decode(ArchiveForm.self))?.archived == "1"
        try await ProjectActions.archiveClient(try request.idParameter(), archived: archived, try request.actionContext)
        return request.redirect(to: Paths.projects(try request.tenant.slug),
                                flash: Flash(.success, archived ? "flash.projects.archived" : "flash.projects.restored"))
    }

    func createProject(_ request: Request) async throws -> Response {
        try await project(request, id: nil)
    }

    func saveProject(_ request: Request) async throws -> Response {
        try await project(request, id: try request.idParameter())
    }

    /// Saves the project (`ProjectActions.saveProject`); a refused one is shown again in its
    /// form (422), which is the admins' page: hence the check before the form is read.
    private func project(_ request: Request, id: UUID?) async throws -> Response {
        try request.require(.manageProjects)
        guard let form = try? request.content.decode(ProjectForm.self) else { throw Abort(.badRequest) }
        guard (form.teams?.count ?? 0) <= 1000, (form.people?.count ?? 0) <= 10_000 else { throw Abort(.badRequest) }
        let teams = (form.teams ?? []).compactMap(UUID.init(uuidString:)), people = (form.people ?? []).compactMap(UUID.init(uuidString:))
        let typedClient = UUID(uuidString: form.client ?? "")
        func refuse(_ key: String) async throws -> Response {
            let typed = ProjectFormPage.Refused(message: request.translate(key), name: String((form.name ?? "").prefix(200)),
                                                client: typedClient, billable: form.billable == "1", teams: Set(teams), people: Set(people))
            return try await renderForm(request, id: id, refused: typed, status: .unprocessableEntity)
        }
        guard teams.count == form.teams?.count ?? 0, people.count == form.people?.count ?? 0 else { return try await refuse("projects.error.member") }
        guard let client = typedClient else { return try await refuse("projects.error.client") }
        guard let name = ShortName.parse(form.name) else { return try await refuse("projects.error.name") }
        let draft = ProjectDraft(client: client, name: name, billable: form.billable == "1",
                                 teams: Array(Set(teams)).sorted { $0.uuidString < $1.uuidString },
                                 people: Array(Set(people)).sorted { $0.uuidString < $1.uuidString })
        switch try await ProjectActions.saveProject(.init(id: id, draft: draft), try request.actionContext) {
        case .success: return request.redirect(to: Paths.projects(try request.tenant.slug), flash: Flash(.success, "flash.saved"))
        case .failure(.duplicateName): return try await refuse("projects.error.duplicateProject")
        case .failure(.unknownClient): return try await refuse("projects.error.client")
        case .failure(.unknownMember): return try await refuse("projects.error.member")
        }
    }

    func archiveProject(_ request: Request) async throws -> Response {
        let archived = (try? request.content.decode(ArchiveForm.self))?.archived == "1"
        try await ProjectActions.archiveProject(try request.idParameter(), archived: archived, try request.actionContext)
        return request.redirect(to: Paths.projects(try request.tenant.slug),
                                flash: Flash(.success, archived ? "flash.projects.archived" : "flash.projects.restored"))
    }
}
