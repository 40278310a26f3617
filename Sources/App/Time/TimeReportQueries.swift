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
        let everyone = reach == .tenant
        return try await db.query("""
            SELECT u.id, u.last_name || ' ' || u.first_name,
                   coalesce(sum(e.seconds), 0)::bigint, count(e.id)::int
            FROM users u
            LEFT JOIN time_entries e ON e.tenant_id = u.tenant_id AND e.user_id = u.id
                 AND e.work_date BETWEEN \(month.first.iso)::date AND \(month.last.iso)::date
            WHERE u.tenant_id = \(db.tenant) AND u.active
              AND (\(everyone) OR u.id = \(viewer)
                   OR u.team_id IN (SELECT t.id FROM teams t WHERE t.tenant_id = \(db.tenant) AND t.leader_id = \(viewer)))
            GROUP BY u.id, u.last_name, u.first_name
            ORDER BY fold_name(u.last_name), fold_name(u.first_name), u.id
            """).collect().map {
            let (id, name, seconds, entries) = try $0.decode((UUID, String, Int64, Int).self)
            return PersonMonthTime(id: id, name: name, seconds: Int(seconds), entries: entries)
        }
    }
}
