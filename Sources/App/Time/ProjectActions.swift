import Foundation

/// The use cases of clients and projects (admins): creating or changing one, and archiving or
/// restoring it. The projects pages' forms and the API's operations both read the input (names by
/// `ShortName.parse`) and map the outcome; the SQL is `ProjectQueries`'. An id of no client or
/// project of the company (another company's among them) is a 404.
enum ProjectActions {
    /// A client as read: its id (nil: a new one), its name, and whether to archive it (nil: as
    /// it is).
    struct Client: Sendable, Equatable {
        let id: UUID?
        let name: String
        var archived: Bool?
    }

    /// A project as read: its id (nil: a new one), its settings, and whether to archive it (nil:
    /// as it is).
    struct Project: Sendable, Equatable {
        let id: UUID?
        let draft: ProjectDraft
        var archived: Bool?
    }

    /// Creates or renames a client: its id, or `duplicateName`.
    static func saveClient(_ client: Client, _ c: ActionContext) async throws -> Result<UUID, ProjectRefusal> {
        try c.require(.manageProjects)
        guard let saved = try await ProjectQueries.saveClient(id: client.id, name: client.name, on: c.db) else {
            throw ActionRefusal.notFound
        }
        if case .success(let id) = saved, let archived = client.archived {
            _ = try await ProjectQueries.archiveClient(id, archived: archived, on: c.db)
        }
        return saved
    }

    /// Creates or changes a project and whom it is limited to: its id, or why not (a duplicate
    /// name, a client or a member the company does not have).
    static func saveProject(_ project: Project, _ c: ActionContext) async throws -> Result<UUID, ProjectRefusal> {
        try c.require(.manageProjects)
        guard let saved = try await ProjectQueries.saveProject(project.draft, id: project.id, on: c.db) else {
            throw ActionRefusal.notFound
        }
        if case .success(let id) = saved, let archived = project.archived {
            _ = try await ProjectQueries.archiveProject(id, archived: archived, on: c.db)
        }
        return saved
    }

    /// Archives or restores a client (its projects take no bookings while it is archived).
    static func archiveClient(_ id: UUID, archived: Bool, _ c: ActionContext) async throws {
        try c.require(.manageProjects)
        guard try await ProjectQueries.archiveClient(id, archived: archived, on: c.db) else { throw ActionRefusal.notFound }
    }

    /// Archives or restores a project.
    static func archiveProject(_ id: UUID, archived: Bool, _ c: ActionContext) async throws {
        try c.require(.manageProjects)
        guard try await ProjectQueries.archiveProject(id, archived: archived, on: c.db) else { throw ActionRefusal.notFound }
    }
}
