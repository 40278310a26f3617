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

}

/// The week's timesheet (`TimeRoutes.week`, and the form shown again after a refused entry): one
/// read (`PageRead`). The week is the one `?week=` names (any day of it), else this week in the
/// tenant's time zone by the application's clock; part 0 says its Monday. Parts 1–6 hold the entries (1), the timer (2), the open
/// projects (3), the contracts (4), the approved absences (5) and the days off (6). The parts
/// share the row's columns by type (`layout`), NULL where a row's part has none.
struct WeekRead: PageRead {
    private typealias Parts = OwnPageParts

    /// Per part, the SQL types of its columns, in order.
    static let layout = PageLayout(parts: [
        ["text"], Parts.entryTypes, ["uuid", "uuid", "text", "text", "boolean", "text", "timestamptz"],
        ["uuid", "text", "text", "boolean"], Parts.contractTypes, Parts.absenceTypes, Parts.dayOffTypes,
    ])

    static let sql = PageSQL(name: "roster_page_week", page: """
        CROSS JOIN LATERAL (
            SELECT coalesce($4::date, ($5::timestamptz AT TIME ZONE sh.time_zone)::date) AS day OFFSET 0) pd
        CROSS JOIN LATERAL (
            SELECT pd.day - (extract(isodow FROM pd.day)::int - 1) AS monday, pd.day - (extract(isodow FROM pd.day)::int - 7) AS sunday
            OFFSET 0) pw
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", "pw.monday::text"))
            UNION ALL
            \(Parts.entries(layout, part: 1, first: "pw.monday", last: "pw.sunday"))
            UNION ALL
            SELECT \(layout.columns(2, "0", "r.id, p.id, p.name, c.name, p.billable, r.description, r.started_at"))
            FROM running_timers r
            JOIN projects p ON p.tenant_id = r.tenant_id AND p.id = r.project_id
            JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE r.tenant_id = sh.id AND r.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(layout.columns(3, "row_number() OVER (ORDER BY lower(c.name), lower(p.name))", "p.id, p.name, c.name, p.billable"))
            FROM projects p JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE p.tenant_id = sh.id AND \(ProjectQueries.openTo(project: "p", person: "sh.user_id"))
              AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            \(Parts.contracts(layout, part: 4))
            UNION ALL
            \(Parts.absences(layout, part: 5, first: "pw.monday", last: "pw.sunday", approvedOnly: true))
            UNION ALL
            \(Parts.daysOff(layout, part: 6, first: "pw.monday", last: "pw.sunday"))
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
    static func decode(_ rows: [PageRow]) throws -> WeekData? {
        var week: Week?
        var entries: [TimeEntryRow] = [], timer: RunningTimer?, projects: [ProjectChoice] = [], contracts: [Contract] = []
        var absences: [Absence] = [], daysOff: [LocalDate: String] = [:]
        for row in rows {
            switch row.part {
            case 0:
                var c = row.cells(at: layout.places(of: 0))
                week = Week(parameter: try c.next(String.self))
            case 1:
                entries.append(try Parts.entry(row, layout, part: 1))
            case 2:
                var c = row.cells(at: layout.places(of: 2))
                let id: UUID = try c.next(), project: UUID = try c.next(), name: String = try c.next()
                let client: String = try c.next(), billable: Bool = try c.next(), description: String = try c.next()
                let started: Date = try c.next()
                timer = RunningTimer(id: id, projectID: project, project: name, client: client, billable: billable,
                                     description: description, startedAt: started)
            case 3:
                var c = row.cells(at: layout.places(of: 3))
                let id: UUID = try c.next(), name: String = try c.next(), client: String = try c.next()
                let billable: Bool = try c.next()
                projects.append(ProjectChoice(id: id, name: name, client: client, billable: billable))
            case 4:
                if let contract = try Parts.contract(row, layout, part: 4) { contracts.append(contract) }
            case 5:
                if let absence = try Parts.absence(row, layout, part: 5) { absences.append(absence) }
            default:
                if let (day, name) = try Parts.dayOff(row, layout, part: 6) { daysOff[day] = name }
            }
        }
        guard let week else { return nil }
        return WeekData(week: week, entries: entries, timer: timer, projects: projects, contracts: contracts, absences: absences,
                        daysOff: DaysOff(company: daysOff))
    }
}
