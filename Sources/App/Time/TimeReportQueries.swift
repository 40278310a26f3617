import Foundation
import PostgresNIO

/// One person's time in a month, for the team's table.
public struct PersonMonthTime: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let seconds: Int
    public let entries: Int
}

/// Reports of tracked time over people.
public enum TimeReportQueries {
    /// The month's time of everyone `viewer` may see with `reach` (the teams they lead, or the
    /// whole tenant's active people), by surname; one statement.
    public static func people(
        visibleTo viewer: UUID, reach: Reach, month: Month, on db: TenantConnection
    ) async throws -> [PersonMonthTime] {
        var sql = PostgresQuery(unsafeSQL: """
            SELECT u.id, u.last_name || ' ' || u.first_name,
                   coalesce(sum(e.seconds), 0)::bigint, count(e.id)::int
            FROM users u
            LEFT JOIN time_entries e ON e.tenant_id = u.tenant_id AND e.user_id = u.id
                 AND e.work_date BETWEEN $2::date AND $3::date
            WHERE u.tenant_id = $1 AND u.active AND \(inReach(reach, person: "u", tenant: "$1", viewer: "$4"))
            GROUP BY u.id, u.last_name, u.first_name, u.sort_last, u.sort_first
            ORDER BY u.sort_last, u.sort_first, u.id
            """)
        sql.binds = .of(db.tenant, month.first.iso, month.last.iso, viewer)
        return try await db.query(sql).collect().map {
            let (id, name, seconds, entries) = try $0.decode((UUID, String, Int64, Int).self)
            return PersonMonthTime(id: id, name: name, seconds: Int(seconds), entries: entries)
        }
    }

    /// Whether the user row `person` is in the reach of `viewer` (a parameter) for seeing time:
    /// the viewer themselves, the people of the teams they lead, or everyone of the tenant
    /// (`Reach.covers` in SQL). The one rule of the month page's team table and the exports.
    static func inReach(_ reach: Reach, person: String, tenant: String, viewer: String) -> String {
        switch reach {
        case .tenant: "true"
        case .team:
            """
            (\(person).id = \(viewer) OR \(person).team_id IN (SELECT t.id FROM teams t WHERE t.tenant_id = \(tenant) \
            AND t.leader_id = \(viewer)))
            """
        case .own: "\(person).id = \(viewer)"
        }
    }
}
