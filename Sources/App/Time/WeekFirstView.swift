import Foundation
import PostgresNIO

/// What the week's timesheet shows besides the form: the week's entries, the running timer, the
/// projects open to the person, their contracts, the week's approved absences and the company's
/// days off in it.
struct WeekData: Sendable {
    let week: Week
    let entries: [TimeEntryRow]
    let timer: RunningTimer?
    let projects: [ProjectChoice]
    let contracts: [Contract]
    let absences: [Absence]
    let daysOff: DaysOff

    /// Read one statement after another in the request's transaction (a form shown again).
    static func read(_ week: Week, of user: UUID, zone: String, on db: TenantConnection) async throws -> WeekData {
        WeekData(
            week: week,
            entries: try await TimeEntryQueries.entries(of: user, from: week.monday, through: week.sunday, zone: zone, on: db),
            timer: try await TimerQueries.running(of: user, on: db),
            projects: try await ProjectQueries.open(to: user, on: db),
            contracts: try await PeopleQueries.contracts(of: user, on: db),
            absences: try await AbsenceQueries.of(user, from: week.monday, through: week.sunday, on: db).filter { $0.status == .approved },
            daysOff: try await DaysOffQueries.between(week.monday, week.sunday, on: db))
    }
}

/// The week's timesheet read by the request's first statement (`FirstViewQuery`): one round trip
/// for the page. The week is the one `?week=` names (any day of it), else this week in the
/// tenant's time zone by the application's clock; part 0 says its Monday. Parts 1–6 hold what
/// `WeekData.read` reads, with the same columns and order: the entries (1), the timer (2), the open
/// projects (3), the contracts (4), the approved absences (5) and the days off (6). Each part's
/// columns have their own place in the row (`layout`), NULL in the other parts' rows.
struct WeekFirstView: FirstViewQuery {
    /// Per part, the SQL types of its columns, in order.
    private static let layout: [[String]] = [
        ["text"],
        ["uuid", "text", "int", "int", "int", "uuid", "text", "text", "boolean", "text"],
        ["uuid", "uuid", "text", "text", "boolean", "text", "timestamptz"],
        ["uuid", "text", "text", "boolean"],
        ["uuid", "text", "text", "text", "int", "int"],
        ["uuid", "uuid", "text", "text", "text", "boolean", "text", "text", "text", "text"],
        ["text", "text"],
    ]

    /// The place of part `part`'s first column in a row (0 is `page_part`, 1 `page_n`).
    static func offset(of part: Int) -> Int { 2 + layout[..<part].reduce(0) { $0 + $1.count } }

    /// The select list of a row of part `part`: `page_part`, `page_n`, then every part's columns,
    /// `values` for its own and NULL for the others'. Part 0's row names the columns.
    private static func columns(_ part: Int, _ n: String, _ values: String) -> String {
        var list = part == 0 ? ["0 AS page_part", "\(n)::bigint AS page_n"] : ["\(part)", "\(n)"]
        var column = 0
        for (index, types) in layout.enumerated() {
            if index == part { list.append(values) }
            for type in types {
                if index != part { list.append("NULL::\(type)" + (part == 0 ? " AS page_c\(column)" : "")) }
                column += 1
            }
        }
        return list.joined(separator: ", ")
    }

    static let statementName = "roster_first_view_week"
    static let statementSQL = EnterTenantSQL.text(firstView: """
        CROSS JOIN LATERAL (
            SELECT coalesce($4::date, ($5::timestamptz AT TIME ZONE sh.time_zone)::date) AS day OFFSET 0) pd
        CROSS JOIN LATERAL (
            SELECT pd.day - (extract(isodow FROM pd.day)::int - 1) AS monday, pd.day - (extract(isodow FROM pd.day)::int - 7) AS sunday
            OFFSET 0) pw
        CROSS JOIN LATERAL (
            SELECT \(columns(0, "0", "pw.monday::text AS page_c0"))
            UNION ALL
            SELECT \(columns(1, "extract(epoch FROM e.started_at)::bigint", """
                e.id, e.work_date::text, \(TimeEntryQueries.clockMinutes(zone: "sh.time_zone")),
                       e.seconds, p.id, p.name, c.name, p.billable, e.description
                """))
            FROM time_entries e
            JOIN projects p ON p.tenant_id = e.tenant_id AND p.id = e.project_id
            JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE e.tenant_id = sh.id AND e.user_id = sh.user_id AND e.work_date BETWEEN pw.monday AND pw.sunday
              AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(columns(2, "0", "r.id, p.id, p.name, c.name, p.billable, r.description, r.started_at"))
            FROM running_timers r
            JOIN projects p ON p.tenant_id = r.tenant_id AND p.id = r.project_id
            JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE r.tenant_id = sh.id AND r.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(columns(3, "row_number() OVER (ORDER BY lower(c.name), lower(p.name))", "p.id, p.name, c.name, p.billable"))
            FROM projects p JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE p.tenant_id = sh.id AND \(ProjectQueries.openTo(project: "p", person: "sh.user_id"))
              AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(columns(4, "'2000-01-01'::date - k.valid_from", """
                k.id, k.kind::text, k.valid_from::text, k.valid_to::text, (k.capacity_hours * 10)::int, (k.vacation_days * 10)::int
                """))
            FROM contracts k
            WHERE k.tenant_id = sh.id AND k.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(columns(5, "row_number() OVER (ORDER BY a.first_day, a.created_at)", """
                a.id, a.user_id, a.kind::text, a.first_day::text, a.last_day::text, a.half_day, a.note, a.status::text,
                       CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END, a.decision_reason
                """))
            FROM absences a
            LEFT JOIN users d ON d.tenant_id = a.tenant_id AND d.id = a.decided_by
            WHERE a.tenant_id = sh.id AND a.user_id = sh.user_id AND a.status = 'approved'
              AND a.first_day <= pw.sunday AND a.last_day >= pw.monday AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(columns(6, "o.day - '2000-01-01'::date", "o.day::text, o.name"))
            FROM company_days_off o
            WHERE o.tenant_id = sh.id AND o.day BETWEEN pw.monday AND pw.sunday AND \(EnterTenantSQL.afterLiveShell)
            ) page
        """)
    static let pageBindingTypes: [PostgresDataType] = [.text, .timestamptz]

    /// The Monday of the week `?week=` names; nil for this week.
    let monday: LocalDate?
    let now: Date

    func appendBindings(to bindings: inout PostgresBindings) throws {
        bindings.append(monday?.iso)
        bindings.append(now)
    }

    /// The week and what it shows, from the statement's rows; nil when it read none (nobody
    /// signed in).
    static func decode(_ rows: [FirstViewRow]) throws -> WeekData? {
        var week: Week?
        var entries: [TimeEntryRow] = [], timer: RunningTimer?, projects: [ProjectChoice] = [], contracts: [Contract] = []
        var absences: [Absence] = [], daysOff: [LocalDate: String] = [:]
        for row in rows {
            switch try row.part {
            case 0:
                week = Week(parameter: try row.decode(from: offset(of: 0), (String).self))
            case 1:
                let (id, day, start, end, seconds, project, name, client, billable, description) = try row.decode(
                    from: offset(of: 1), (UUID, String, Int, Int, Int, UUID, String, String, Bool, String).self)
                entries.append(TimeEntryQueries.entry(id: id, day: day, start: start, end: end, seconds: seconds, projectID: project,
                                                      project: name, client: client, billable: billable, description: description))
            case 2:
                let (id, project, name, client, billable, description, started) = try row.decode(
                    from: offset(of: 2), (UUID, UUID, String, String, Bool, String, Date).self)
                timer = RunningTimer(id: id, projectID: project, project: name, client: client, billable: billable,
                                     description: description, startedAt: started)
            case 3:
                let (id, name, client, billable) = try row.decode(from: offset(of: 3), (UUID, String, String, Bool).self)
                projects.append(ProjectChoice(id: id, name: name, client: client, billable: billable))
            case 4:
                if let contract = Contract(try row.decode(from: offset(of: 4), Contract.Columns.self)) { contracts.append(contract) }
            case 5:
                let (id, user, kind, first, last, half, note, status, decider, reason) = try row.decode(
                    from: offset(of: 5), (UUID, UUID, String, String, String, Bool, String, String, String?, String?).self)
                if let first = LocalDate(iso: first), let last = LocalDate(iso: last) {
                    absences.append(Absence(id: id, userID: user, kind: AbsenceKind(rawValue: kind) ?? .other, first: first, last: last,
                                            halfDay: half, note: note, status: AbsenceStatus(rawValue: status) ?? .pending,
                                            decidedBy: decider, reason: reason))
                }
            default:
                let (day, name) = try row.decode(from: offset(of: 6), (String, String).self)
                if let day = LocalDate(iso: day) { daysOff[day] = name }
            }
        }
        guard let week else { return nil }
        return WeekData(week: week, entries: entries, timer: timer, projects: projects, contracts: contracts, absences: absences,
                        daysOff: DaysOff(company: daysOff))
    }
}
