import Foundation
import PostgresNIO

/// What the month of someone's time shows: the person, their month's time by project and by day, their absences and
/// the company's days off in it (for the expected time), the month's close, and for those who see
/// more than themselves everyone in their reach with their month's totals.
struct MonthData: Sendable {
    let month: Month
    let person: Person
    let time: MonthTime
    let absences: [Absence]
    let daysOff: DaysOff
    let close: TimeMonth?
    /// Everyone the viewer may see (empty for those who see only themselves).
    let team: [PersonMonthTime]

    /// Read one statement after another in the request's transaction (someone else's month, a
    /// month the first view does not read).
    static func read(_ month: Month, of person: Person, viewer: User, on db: TenantConnection) async throws
        -> MonthData {
        let user = person.user.id
        let reach = Permissions.reach(of: viewer.roles, for: .viewTime) ?? .own
        return MonthData(
            month: month, person: person,
            time: try await MonthTime.read(of: user, month, on: db),
            absences: try await AbsenceQueries.of(user, from: month.first, through: month.last, on: db),
            daysOff: try await DaysOffQueries.between(month.first, month.last, on: db),
            close: try await MonthCloseQueries.month(of: user, month, on: db),
            team: reach > .own ? try await TimeReportQueries.people(visibleTo: viewer.id, reach: reach, month: month, on: db) : [])
    }
}

/// One's own month of time read by the request's first statement (`FirstViewQuery`): one round
/// trip for the page. The month is the one `?month=` names, else this month in the tenant's time
/// zone by the application's clock; part 0 says its first day. Parts 1–6 hold what
/// `PeopleQueries.person` and `MonthData.read` read, with the same columns and order: the person's
/// own row (1), the month's time by project and by day (2, `MonthTime.sums`), the contracts (3),
/// the absences (4), the days off (5) and the month's close (6). Part 7 is everyone in the
/// viewer's reach (`TimeReportQueries.people`), by the reach their roles give for seeing time
/// (`Permissions.reachSQL`): none for those who see only themselves, a leader's teams, the whole
/// company.
struct MonthFirstView: FirstViewOfMonth {
    private typealias Parts = OwnFirstViewParts

    static let layout = FirstViewLayout(parts: [
        ["text"], ["text", "text", "text", "uuid", "text", "uuid"], ["uuid", "text", "text", "boolean", "bigint", "text"],
        Parts.contractTypes, Parts.absenceTypes, Parts.dayOffTypes, ["text", "text", "text"], ["uuid", "text", "bigint", "int"],
    ])

    /// Part 7: the people in the viewer's reach with their month's time, from `month_team_time`
    /// (migration 0033), called only for a viewer who sees more than their own month: the
    /// statement starts none of it for everyone else.
    private static let team = """
        SELECT \(layout.columns(7, "f.member_n", "f.member_id, f.member_name, f.member_seconds, f.member_entries"))
        FROM (SELECT pr.reach WHERE pr.reach > \(Reach.own.rawValue) AND \(EnterTenantSQL.afterLiveShell)) g
        CROSS JOIN LATERAL month_team_time(sh.id, sh.user_id, g.reach, pm.first, pm.last) f
        """

    static let statementName = "roster_first_view_time_month"
    static let readsTeams = false
    static let statementSQL = EnterTenantSQL.text(firstView: """
        CROSS JOIN LATERAL (
            SELECT coalesce($4::date, date_trunc('month', $5::timestamptz AT TIME ZONE sh.time_zone)::date) AS first OFFSET 0) pf
        CROSS JOIN LATERAL (SELECT pf.first, (pf.first + interval '1 month')::date - 1 AS last OFFSET 0) pm
        CROSS JOIN LATERAL (SELECT \(Permissions.reachSQL(of: "sh.user_roles", for: .viewTime)) AS reach OFFSET 0) pr
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", "pm.first::text"))
            UNION ALL
            SELECT \(layout.columns(1, "0", "me.position, me.personal_email, me.phone, tm.id, tm.name, tm.leader_id"))
            FROM users me LEFT JOIN teams tm ON tm.tenant_id = me.tenant_id AND tm.id = me.team_id
            WHERE me.tenant_id = sh.id AND me.id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(layout.columns(2, "coalesce(s.work_date - pm.first, -1)", MonthTime.sumColumns))
            \(MonthTime.sums(tenant: "sh.id", user: "sh.user_id", first: "pm.first", last: "pm.last",
                             and: EnterTenantSQL.afterLiveShell))
            UNION ALL
            \(Parts.contracts(layout, part: 3))
            UNION ALL
            \(Parts.absences(layout, part: 4, first: "pm.first", last: "pm.last", approvedOnly: false))
            UNION ALL
            \(Parts.daysOff(layout, part: 5, first: "pm.first", last: "pm.last"))
            UNION ALL
            SELECT \(layout.columns(6, "0", """
                m.status::text, CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END, m.reason
                """))
            FROM time_months m LEFT JOIN users d ON d.tenant_id = m.tenant_id AND d.id = m.decided_by
            WHERE m.tenant_id = sh.id AND m.user_id = sh.user_id AND m.month = pm.first AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            \(team)
            ) page
        """, teams: readsTeams)
    /// The month `?month=` names; nil for this month.
    let month: Month?
    let now: Date

    /// The month and what it shows, from the statement's rows, with `viewer` (the signed-in
    /// person, the shell's) as the person; nil when it read none (nobody signed in).
    static func decode(_ rows: [FirstViewRow], viewer: User) throws -> MonthData? {
        var month: Month?, own: (position: String, email: String?, phone: String?, team: UUID?, name: String?, leader: UUID?)?
        var time = MonthTime(), contracts: [Contract] = [], absences: [Absence] = [], daysOff: [LocalDate: String] = [:]
        var close: TimeMonth?, team: [PersonMonthTime] = []
        for row in rows {
            switch row.part {
            case 0:
                var c = row.cells(at: layout.places(of: 0))
                month = LocalDate(iso: try c.next(String.self)).map(Month.init)
            case 1:
                var c = row.cells(at: layout.places(of: 1))
                own = (try c.next(), try c.next(), try c.next(), try c.next(), try c.next(), try c.next())
            case 2:
                var c = row.cells(at: layout.places(of: 2))
                let id: UUID? = try c.next(), name: String? = try c.next(), client: String? = try c.next()
                let billable: Bool? = try c.next(), seconds: Int64 = try c.next(), day: String? = try c.next()
                time.add(project: id, name: name, client: client, billable: billable, day: day, seconds: seconds)
            case 3:
                if let contract = try Parts.contract(row, layout, part: 3) { contracts.append(contract) }
            case 4:
                if let absence = try Parts.absence(row, layout, part: 4) { absences.append(absence) }
            case 5:
                if let (day, name) = try Parts.dayOff(row, layout, part: 5) { daysOff[day] = name }
            case 6:
                var c = row.cells(at: layout.places(of: 6))
                let status: String = try c.next(), decider: String? = try c.next(), reason: String? = try c.next()
                close = TimeMonth(status: TimeMonthStatus(rawValue: status) ?? .submitted, decidedBy: decider, reason: reason)
            default:
                var c = row.cells(at: layout.places(of: 7))
                let id: UUID = try c.next(), name: String = try c.next(), seconds: Int64 = try c.next(), count: Int = try c.next()
                team.append(PersonMonthTime(id: id, name: name, seconds: Int(seconds), entries: count))
            }
        }
        guard let month, let own else { return nil }
        let person = Person(user: viewer, position: own.position, personalEmail: own.email, phone: own.phone, teamID: own.team,
                            teamName: own.name, teamLeaderID: own.leader, contracts: contracts)
        return MonthData(month: month, person: person, time: time, absences: absences, daysOff: DaysOff(company: daysOff),
                         close: close, team: team)
    }
}
