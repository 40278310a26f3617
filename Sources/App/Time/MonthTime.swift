import Foundation
import PostgresNIO

/// A person's booked time in a month, summed by project and by day: what the month of time shows
/// of their entries, summed by PostgreSQL instead of read entry by entry.
struct MonthTime: Sendable, Equatable {
    struct Project: Sendable, Equatable {
        let id: UUID
        let name: String
        let client: String
        let billable: Bool
        let seconds: Int
    }

    /// By the project's id (the page orders them by their labels).
    var projects: [Project] = []
    /// The days with an entry, and their sums.
    var days: [LocalDate: Int] = [:]

    /// The month's total.
    var seconds: Int { days.values.reduce(0, +) }
    /// No entry in the month.
    var isEmpty: Bool { days.isEmpty }

    /// The sums of `user`'s entries in `month`: one statement.
    static func read(of user: UUID, _ month: Month, on db: TenantConnection) async throws -> MonthTime {
        var time = MonthTime()
        for row in try await db.rows(of: { Statement(tenant: $0, user: user, first: month.first.iso, last: month.last.iso) }) {
            let (kind, id, name, client, billable, seconds, day) = try row.decode((Int, UUID?, String?, String?, Bool?, Int64, String?).self)
            if kind == 1, let id, let name, let client, let billable {
                time.projects.append(Project(id: id, name: name, client: client, billable: billable, seconds: Int(seconds)))
            } else if let day = day.flatMap(LocalDate.init(iso:)) {
                time.days[day] = Int(seconds)
            }
        }
        return time
    }

    /// The columns of a sum by project (`uuid`, `text`, `text`, `boolean`, `bigint`) and the rest
    /// of its `SELECT`: `user`'s entries of `tenant` from `first` through `last` (SQL
    /// expressions), with `condition` besides. Read by `Statement` and by `MonthFirstView`. The
    /// entries are summed by project before the project and client are joined: ten rows joined
    /// instead of a hundred (PostgreSQL's time for the month's first view 7 % less).
    static let projectColumns = "p.id, p.name, c.name, p.billable, s.seconds"

    static func projectSums(tenant: String, user: String, first: String, last: String, and condition: String = "true") -> String {
        """
        FROM (SELECT e.project_id, sum(e.seconds)::bigint AS seconds
              FROM time_entries e
              WHERE e.tenant_id = \(tenant) AND e.user_id = \(user) AND e.work_date BETWEEN \(first) AND \(last) AND \(condition)
              GROUP BY e.project_id) s
        JOIN projects p ON p.tenant_id = \(tenant) AND p.id = s.project_id
        JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
        """
    }

    /// The columns of a sum by day (`bigint`, `text`) and the rest of its `SELECT`, as
    /// `projectSums`'s.
    static let dayColumns = "sum(e.seconds)::bigint, e.work_date::text"

    static func daySums(tenant: String, user: String, first: String, last: String, and condition: String = "true") -> String {
        """
        FROM time_entries e
        WHERE e.tenant_id = \(tenant) AND e.user_id = \(user) AND e.work_date BETWEEN \(first) AND \(last) AND \(condition)
        GROUP BY e.work_date
        """
    }

    /// The sums by project (1, by the project's id) and by day (2) in one row shape: kind,
    /// project, name, client, billable, seconds, day.
    struct Statement: RowsStatement {
        static let name = "roster_time_month_sums"
        static let sql = """
            SELECT 1 AS kind, \(projectColumns), NULL::text
            \(projectSums(tenant: "$1", user: "$2", first: "$3::date", last: "$4::date"))
            UNION ALL
            SELECT 2, NULL::uuid, NULL::text, NULL::text, NULL::boolean, \(dayColumns)
            \(daySums(tenant: "$1", user: "$2", first: "$3::date", last: "$4::date"))
            ORDER BY 1, 2
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text, .text]

        let tenant: UUID, user: UUID, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, user, first, last) }
    }
}
