import Foundation
import Logging
import PostgresNIO

public enum TeamQueries {
    public static func names(on db: TenantConnection) async throws -> [(id: UUID, name: String)] {
        var teams: [(id: UUID, name: String)] = []
        for try await team in try await db.execute(TeamNamesStatement.init) {
            teams.append(team)
        }
        return teams
    }
}

/// The statement of `TeamQueries.names`, prepared: the filter of every list page names the teams.
struct TeamNamesStatement: PostgresPreparedStatement {
    static let name = "roster_team_names"
    static let sql = "SELECT id, name FROM teams WHERE tenant_id = $1 ORDER BY lower(name)"
    static let bindingDataTypes: [PostgresDataType] = [.uuid]

    let tenant: UUID

    func makeBindings() throws -> PostgresBindings { .of(tenant) }

    func decodeRow(_ row: PostgresRow) throws -> (id: UUID, name: String) {
        let (id, name) = try row.decode((UUID, String).self)
        return (id, name)
    }
}

public struct TeamRow: Sendable {
    public let id: UUID
    public let name: String
    public let leaderID: UUID?
    public let leaderName: String?
    public let members: Int
}

extension TeamQueries {
    public enum Refusal: Error, Equatable {
        case duplicateName
        case inactiveLeader
        case notEmpty
    }

    /// All teams with leader and member count, in one statement.
    public static func list(on db: TenantConnection) async throws -> [TeamRow] {
        var rows: [TeamRow] = []
        for try await (id, name, leader, first, last, members) in try await db.query("""
            SELECT t.id, t.name, t.leader_id, l.first_name, l.last_name,
                   (SELECT count(*) FROM users m WHERE m.tenant_id = t.tenant_id AND m.team_id = t.id)::int
            FROM teams t LEFT JOIN users l ON l.tenant_id = t.tenant_id AND l.id = t.leader_id
            WHERE t.tenant_id = \(db.tenant) ORDER BY lower(t.name)
            """).decode((UUID, String, UUID?, String?, String?, Int).self) {
            rows.append(TeamRow(id: id, name: name, leaderID: leader,
                                leaderName: first.map { "\($0) \(last ?? "")" }, members: members))
        }
        return rows
    }

    /// Active people who can lead a team, sorted by surname.
    public static func leaderCandidates(on db: TenantConnection) async throws -> [(id: UUID, name: String)] {
        var people: [(id: UUID, name: String)] = []
        for try await (id, first, last) in try await db.query("""
            SELECT id, first_name, last_name FROM users WHERE tenant_id = \(db.tenant) AND active
            ORDER BY sort_last, sort_first
            """).decode((UUID, String, String).self) {
            people.append((id, "\(last) \(first)"))
        }
        return people
    }

    /// Creates (id nil) or renames a team and sets its leader, who must be active; the leader
    /// gets the team leader role.
    @discardableResult
    public static func save(
        id: UUID?, name: String, leader: UUID?, on db: TenantConnection
    ) async throws -> UUID {
        if let leader {
            let active = try await db.query(
                "SELECT active FROM users WHERE tenant_id = \(db.tenant) AND id = \(leader)"
            ).collect().first?.decode(Bool.self)
            guard active == true else { throw Refusal.inactiveLeader }
        }
        let saved: UUID
        do {
            saved = try await PeopleMutations.mapConstraintErrors(on: db) {
                if let id {
                    try await db.query(
                        "UPDATE teams SET name = \(name), leader_id = \(leader) WHERE tenant_id = \(db.tenant) AND id = \(id)")
                    return id
                }
                return try await db.query(
                    "INSERT INTO teams (tenant_id, name, leader_id) VALUES (\(db.tenant), \(name), \(leader)) RETURNING id").collect()[0].decode(UUID.self)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw Refusal.duplicateName
        }
        if let leader {
            try await db.query("""
                UPDATE users SET roles = array_append(roles, 'team_leader'), updated_at = now()
                WHERE tenant_id = \(db.tenant) AND id = \(leader) AND NOT ('team_leader' = ANY (roles))
                """)
        }
        return saved
    }

    /// Deletes a team that has no members.
    public static func delete(_ id: UUID, on db: TenantConnection) async throws {
        let deleted = try await db.query("""
            DELETE FROM teams t WHERE t.tenant_id = \(db.tenant) AND t.id = \(id)
              AND NOT EXISTS (SELECT FROM users u WHERE u.tenant_id = t.tenant_id AND u.team_id = t.id)
            RETURNING t.id
            """).collect()
        if deleted.isEmpty { throw Refusal.notEmpty }
    }
}
