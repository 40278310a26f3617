import Foundation
import PostgresNIO

/// A project one may book time on, for the timesheet's and the timer's choice.
public struct ProjectChoice: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let client: String
    public let billable: Bool

    /// "Client · Project".
    public var label: String { client + " · " + name }
}

public struct ClientRow: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let archived: Bool
    public let projects: Int
}

extension ClientRow {
    /// The columns of `ProjectQueries.clientColumns`.
    typealias Columns = (UUID, String, Bool, Int)

    init(_ row: Columns) {
        self.init(id: row.0, name: row.1, archived: row.2, projects: row.3)
    }
}

public struct ProjectRow: Sendable, Equatable {
    public let id: UUID
    public let clientID: UUID
    public let client: String
    public let name: String
    public let billable: Bool
    public let archived: Bool
    /// The teams and people it is limited to; both empty: open to everyone.
    public let teams: [UUID]
    public let people: [UUID]
    public let hoursSeconds: Int
}

extension ProjectRow {
    /// The columns of `ProjectQueries.projectColumns`.
    typealias Columns = (UUID, UUID, String, String, Bool, Bool, [UUID], [UUID], Int64)

    init(_ row: Columns) {
        self.init(id: row.0, clientID: row.1, client: row.2, name: row.3, billable: row.4, archived: row.5, teams: row.6,
                  people: row.7, hoursSeconds: Int(row.8))
    }
}

/// What an admin sets on a project.
public struct ProjectDraft: Sendable, Equatable {
    public let client: UUID
    public let name: String
    public let billable: Bool
    public let teams: [UUID]
    public let people: [UUID]
}

public enum ProjectRefusal: Error, Equatable, Sendable {
    case duplicateName
    case unknownClient
    case unknownMember
}

/// Clients and projects (admins write them; everyone reads the ones open to them).
public enum ProjectQueries {
    /// The SQL condition that project `project` (an alias of `projects`) takes bookings from the
    /// person whose id is the parameter `person`: it and its client are not archived, and it is
    /// open to everyone or names the person or the person's team.
    static func openTo(project p: String, person: String) -> String {
        """
        \(p).archived_at IS NULL
        AND NOT EXISTS (SELECT FROM clients oc WHERE oc.tenant_id = \(p).tenant_id AND oc.id = \(p).client_id AND oc.archived_at IS NOT NULL)
        AND (NOT \(p).restricted
             OR EXISTS (SELECT FROM project_people op WHERE op.tenant_id = \(p).tenant_id AND op.project_id = \(p).id
                        AND op.user_id = \(person))
             OR EXISTS (SELECT FROM project_teams ot JOIN users ou ON ou.tenant_id = ot.tenant_id AND ou.team_id = ot.team_id
                        WHERE ot.tenant_id = \(p).tenant_id AND ot.project_id = \(p).id AND ou.id = \(person)))
        """
    }

    /// The SQL condition that the person whose id is the parameter `person` has a contract on the
    /// day `day` (parameters or casts of the caller's statement): time is booked, a timer started and
    /// time off asked for on such days only.
    static func contractCovers(tenant: String, person: String, day: String) -> String {
        """
        EXISTS (SELECT FROM contracts k WHERE k.tenant_id = \(tenant) AND k.user_id = \(person)
                AND k.valid_from <= \(day) AND (k.valid_to IS NULL OR k.valid_to >= \(day)))
        """
    }

    /// The projects open to a person, by client and name.
    public static func open(to user: UUID, on db: TenantConnection) async throws -> [ProjectChoice] {
        try await db.rows { OpenStatement(tenant: $0, user: user) }.map {
            let (id, name, client, billable) = try $0.decode((UUID, String, String, Bool).self)
            return ProjectChoice(id: id, name: name, client: client, billable: billable)
        }
    }

    /// The statement of `open(to:)`, prepared (every view of the timesheet and the timer).
    struct OpenStatement: RowsStatement {
        static let name = "roster_projects_open_to"
        static let sql = """
            SELECT p.id, p.name, c.name, p.billable FROM projects p JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE p.tenant_id = $1 AND \(openTo(project: "p", person: "$2"))
            ORDER BY lower(c.name), lower(p.name)
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]

        let tenant: UUID, user: UUID

        func makeBindings() throws -> PostgresBindings { .of(tenant, user) }
    }

    /// Every client with its number of projects, by name (`ProjectsRead`).
    public static func clients(on db: TenantConnection) async throws -> [ClientRow] {
        try await db.read(ProjectsRead())?.clients ?? []
    }

    /// A client's columns (`ClientRow.Columns`) of the row `c`, and the clients' order.
    static let clientColumns = """
        c.id, c.name, c.archived_at IS NOT NULL,
               (SELECT count(*) FROM projects p WHERE p.tenant_id = c.tenant_id AND p.client_id = c.id)::int
        """
    static let clientOrder = "lower(c.name), c.id"

    /// Every project with whom it is limited to and the time booked on it (kept on the project by
    /// the time entries' triggers, `0029_project_booked_time.sql`), by client and name
    /// (`ProjectsRead`).
    public static func projects(on db: TenantConnection) async throws -> [ProjectRow] {
        try await db.read(ProjectsRead())?.projects ?? []
    }

    /// One project of the tenant, as `projects` reads it; nil when there is none of that id.
    public static func project(_ id: UUID, on db: TenantConnection) async throws -> ProjectRow? {
        var sql = PostgresQuery(unsafeSQL: projectSelect + "\nWHERE p.tenant_id = $1 AND p.id = $2")
        sql.binds = .of(db.tenant, id)
        return try await db.query(sql).collect().first.map(projectRow)
    }

    /// A project's columns (`ProjectRow.Columns`) of the rows `p` and its client `c`, and the
    /// projects' order.
    static let projectColumns = """
        p.id, c.id, c.name, p.name, p.billable, p.archived_at IS NOT NULL,
               ARRAY(SELECT t.team_id FROM project_teams t WHERE t.tenant_id = p.tenant_id AND t.project_id = p.id ORDER BY t.team_id),
               ARRAY(SELECT u.user_id FROM project_people u WHERE u.tenant_id = p.tenant_id AND u.project_id = p.id ORDER BY u.user_id),
               p.booked_seconds
        """
    static let projectOrder = "lower(c.name), lower(p.name), p.id"

    private static let projectSelect = """
        SELECT \(projectColumns)
        FROM projects p JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
        """

    private static func projectRow(_ row: PostgresRow) throws -> ProjectRow {
        ProjectRow(try row.decode(ProjectRow.Columns.self))
    }

    /// Creates (id nil) or renames a client; nil when `id` names none.
    public static func saveClient(id: UUID?, name: String, on db: TenantConnection) async throws -> Result<UUID, ProjectRefusal>? {
        do {
            return try await db.savepoint("client") {
                if let id {
                    return try await db.query("""
                        UPDATE clients SET name = \(name) WHERE tenant_id = \(db.tenant) AND id = \(id) RETURNING id
                        """).collect().first.map { _ in .success(id) }
                }
                return .success(try await db.query("""
                    INSERT INTO clients (tenant_id, name) VALUES (\(db.tenant), \(name)) RETURNING id
                    """).collect()[0].decode(UUID.self))
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            return .failure(.duplicateName)
        }
    }

    /// Archives or restores a client (its projects take no bookings while it is archived); false
    /// when there is no such client.
    public static func archiveClient(_ id: UUID, archived: Bool, on db: TenantConnection) async throws -> Bool {
        try await !db.query("""
            UPDATE clients SET archived_at = CASE WHEN \(archived) THEN coalesce(archived_at, now()) END
            WHERE tenant_id = \(db.tenant) AND id = \(id) RETURNING id
            """).collect().isEmpty
    }

    /// Creates (id nil) or changes a project, and whom it is limited to; nil when `id` names none.
    public static func saveProject(
        _ draft: ProjectDraft, id: UUID?, on db: TenantConnection
    ) async throws -> Result<UUID, ProjectRefusal>? {
        let restricted = !draft.teams.isEmpty || !draft.people.isEmpty
        do {
            return try await db.savepoint("project") {
                let saved: UUID
                if let id {
                    guard try await !db.query("""
                        UPDATE projects SET client_id = \(draft.client), name = \(draft.name), billable = \(draft.billable),
                               restricted = \(restricted)
                        WHERE tenant_id = \(db.tenant) AND id = \(id) RETURNING id
                        """).collect().isEmpty else { return nil }
                    saved = id
                } else {
                    saved = try await db.query("""
                        INSERT INTO projects (tenant_id, client_id, name, billable, restricted)
                        VALUES (\(db.tenant), \(draft.client), \(draft.name), \(draft.billable), \(restricted)) RETURNING id
                        """).collect()[0].decode(UUID.self)
                }
                try await db.query("""
                    WITH gone_teams AS (DELETE FROM project_teams WHERE tenant_id = \(db.tenant) AND project_id = \(saved)),
                         gone_people AS (DELETE FROM project_people WHERE tenant_id = \(db.tenant) AND project_id = \(saved))
                    SELECT 1
                    """)
                try await db.query("""
                    INSERT INTO project_teams (tenant_id, project_id, team_id)
                    SELECT \(db.tenant), \(saved), t FROM unnest(\(draft.teams)::uuid[]) AS t
                    """)
                try await db.query("""
                    INSERT INTO project_people (tenant_id, project_id, user_id)
                    SELECT \(db.tenant), \(saved), u FROM unnest(\(draft.people)::uuid[]) AS u
                    """)
                return .success(saved)
            }
        } catch let error as PSQLError {
            switch error.serverInfo?[.sqlState] {
            case "23505": return .failure(.duplicateName)
            case "23503": return .failure(error.serverInfo?[.constraintName]?.contains("client") == true ? .unknownClient : .unknownMember)
            default: throw error
            }
        }
    }

    /// Archives or restores a project; false when there is no such project.
    public static func archiveProject(_ id: UUID, archived: Bool, on db: TenantConnection) async throws -> Bool {
        try await !db.query("""
            UPDATE projects SET archived_at = CASE WHEN \(archived) THEN coalesce(archived_at, now()) END
            WHERE tenant_id = \(db.tenant) AND id = \(id) RETURNING id
            """).collect().isEmpty
    }
}
