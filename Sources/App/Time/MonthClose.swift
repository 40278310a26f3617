import Foundation
import PostgresNIO

public enum TimeMonthStatus: String, Sendable, CaseIterable {
    case submitted, approved, returned
}

/// A person's month of time as submitted, and what became of it.
public struct TimeMonth: Sendable, Equatable {
    public let status: TimeMonthStatus
    public let decidedBy: String?
    public let reason: String?
}

/// One person's month for the close overview.
public struct MonthCloseRow: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let status: TimeMonthStatus?
    public let seconds: Int
}

public enum MonthCloseOutcome: Sendable, Equatable {
    case done
    /// Nothing to do: submitted or approved already (a second click), not submitted, not approved.
    case unchanged
    /// A future month cannot be submitted.
    case future
    /// A month without any contract of the person's has no time to submit.
    case noContract
    /// A return needs its reason.
    case reasonMissing
}

/// What the pages of the month closed read: a person's month, and the close overview. Submitting,
/// deciding and reopening are the use cases of `MonthClosing`.
public enum MonthCloseQueries {
    public static func month(of user: UUID, _ month: Month, on db: TenantConnection) async throws -> TimeMonth? {
        try await db.rows { MonthStatement(tenant: $0, user: user, month: month.first.iso) }.first.map {
            let (status, decider, reason) = try $0.decode((String, String?, String?).self)
            return TimeMonth(status: TimeMonthStatus(rawValue: status) ?? .submitted, decidedBy: decider, reason: reason)
        }
    }

    /// A person's month `m` of the SQL expressions `tenant`, `user` and `month` (its first day),
    /// with who decided it `d`: `month(of:_:)` and the month's page (`TimeMonthRead`).
    static func close(tenant: String, user: String, month: String) -> String {
        """
        FROM time_months m LEFT JOIN users d ON d.tenant_id = m.tenant_id AND d.id = m.decided_by
        WHERE m.tenant_id = \(tenant) AND m.user_id = \(user) AND m.month = \(month)
        """
    }

    /// Its state, who decided it and why (`close`).
    static let closeColumns = "m.status::text, CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END, m.reason"

    /// The statement of `month(of:_:)`, prepared (the use cases of the month closed, the API).
    struct MonthStatement: RowsStatement {
        static let name = "roster_time_month_of"
        static let sql = "SELECT \(closeColumns) " + close(tenant: "$1", user: "$2", month: "$3::date")
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text]

        let tenant: UUID, user: UUID, month: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, user, month) }
    }

    /// Everyone in the viewer's reach with a contract in the month: their month's state and hours,
    /// by surname; one statement.
    public static func overview(visibleTo viewer: UUID, reach: Reach, month: Month, on db: TenantConnection) async throws -> [MonthCloseRow] {
        try await db.query("""
            SELECT u.id, u.last_name || ' ' || u.first_name, m.status,
                   coalesce((SELECT sum(e.seconds) FROM time_entries e WHERE e.tenant_id = u.tenant_id AND e.user_id = u.id
                             AND e.work_date BETWEEN \(month.first.iso)::date AND \(month.last.iso)::date), 0)::bigint
            FROM users u
            LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
            LEFT JOIN time_months m ON m.tenant_id = u.tenant_id AND m.user_id = u.id AND m.month = \(month.first.iso)::date
            WHERE u.tenant_id = \(db.tenant) AND u.active
              AND \(within: reach, of: viewer, person: "u", team: "t")
              AND EXISTS (SELECT FROM contracts k WHERE k.tenant_id = u.tenant_id AND k.user_id = u.id
                          AND k.valid_from <= \(month.last.iso)::date AND (k.valid_to IS NULL OR k.valid_to >= \(month.first.iso)::date))
            ORDER BY u.sort_last, u.sort_first, u.id
            """).collect().map {
            let (id, name, status, seconds) = try $0.decode((UUID, String, String?, Int64).self)
            return MonthCloseRow(id: id, name: name, status: status.flatMap(TimeMonthStatus.init(rawValue:)),
                                 seconds: Int(seconds))
        }
    }
}
