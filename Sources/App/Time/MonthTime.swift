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
            let (id, name, client, billable, seconds, day) = try row.decode((UUID?, String?, String?, Bool?, Int64, String?).self)
            time.add(project: id, name: name, client: client, billable: billable, day: day, seconds: seconds)
        }
        return time
    }

    /// One row of `sums`: a day's sum (`day` set) or a project's (`day` NULL), put in its place
    /// by id among the projects (a month's dozen, in whatever order the rows come).
    mutating func add(project id: UUID?, name: String?, client: String?, billable: Bool?, day: String?, seconds: Int64) {
        if let day {
            if let day = LocalDate(iso: day) { days[day] = Int(seconds) }
        } else if let id, let name, let client, let billable {
            let place = projects.firstIndex { $0.id > id } ?? projects.endIndex
            projects.insert(Project(id: id, name: name, client: client, billable: billable, seconds: Int(seconds)), at: place)
        }
    }

    /// The columns of a row of `sums` (`uuid`, `text`, `text`, `boolean`, `bigint`, `text`): a
    /// project's id, name, client and billable flag with its sum, and the day NULL; or a day's
    /// sum and the day, the project's columns NULL.
    static let sumColumns = "p.id, p.name, c.name, p.billable, s.seconds, s.work_date::text"

    /// The rest of the `SELECT` of `sumColumns`: `user`'s entries of `tenant` from `first` through
    /// `last` (SQL expressions), with `condition` besides, summed by project and by day in one
    /// scan (`GROUPING SETS`), and a project's sum joined to its project and client (ten rows
    /// joined, not a hundred entries). Two scans, one per sum, cost the month's first view about a
    /// tenth more of its database time (pgbench). `s.work_date` is NULL on a project's row only
    /// (an entry's day is never NULL), and `s.project_id` on a day's.
    static func sums(tenant: String, user: String, first: String, last: String, and condition: String = "true") -> String {
        """
        FROM (SELECT e.project_id, e.work_date, sum(e.seconds)::bigint AS seconds
              FROM time_entries e
              WHERE e.tenant_id = \(tenant) AND e.user_id = \(user) AND e.work_date BETWEEN \(first) AND \(last) AND \(condition)
              GROUP BY GROUPING SETS ((e.project_id), (e.work_date))) s
        LEFT JOIN projects p ON p.tenant_id = \(tenant) AND p.id = s.project_id
        LEFT JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
        """
    }

    /// The sums by project and by day (`sums`).
    struct Statement: RowsStatement {
        static let name = "roster_time_month_sums"
        static let sql = """
            SELECT \(sumColumns)
            \(sums(tenant: "$1", user: "$2", first: "$3::date", last: "$4::date"))
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text, .text]

        let tenant: UUID, user: UUID, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, user, first, last) }
    }
}
