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
}

/// A month of someone's time (`TimeRoutes.month`): one read (`PageRead`). The month is the one
/// `?month=` names, else this month in the tenant's time zone by the application's clock; part 0
/// says its first day. The person is the one `?person=` names, else the viewer; someone the
/// viewer may not see the time of (`Permissions` for `viewTime`, as SQL: `Permissions.reachSQL`
/// and the person's team leader) is read as no one, and the page answers 404. Parts 1–6: the
/// person (1), the month's time by project and by day (2, `MonthTime.sums`), the contracts (3),
/// the absences (4), the days off (5) and the month's close (6, `MonthCloseQueries.close`). Part 7 is everyone in the
/// viewer's reach (`TimeReportQueries.people`), by the reach their roles give for seeing time
/// (`Permissions.reachSQL`): none for those who see only themselves, a leader's teams, the whole
/// company.
struct TimeMonthRead: PageRead {
    private typealias Parts = OwnPageParts

    static let layout = PageLayout(parts: [
        ["text"],
        ["uuid", "uuid", "text", "text", "text", "text", "text[]", "boolean", "text", "text", "text", "text", "uuid", "text", "uuid"],
        ["uuid", "text", "text", "boolean", "bigint", "text"],
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

    /// The optional filter, someone else than the viewer: a statement with it and one without
    /// (`PageShape`).
    struct Filter: OptionSet {
        let rawValue: UInt
        static let person = Filter(rawValue: 1)
    }

    static let sql = PageSQL(name: "roster_page_time_month", filters: 1, window: nil) { shape in """
        CROSS JOIN LATERAL (
            SELECT coalesce($4::date, date_trunc('month', $5::timestamptz AT TIME ZONE sh.time_zone)::date) AS first,
                   -- Named in both shapes, so its type is known when it is sent unnamed and NULL.
                   $6::uuid AS person
            OFFSET 0) pf
        CROSS JOIN LATERAL (SELECT pf.first, (pf.first + interval '1 month')::date - 1 AS last OFFSET 0) pm
        CROSS JOIN LATERAL (SELECT \(Permissions.reachSQL(of: "sh.user_roles", for: .viewTime)) AS reach OFFSET 0) pr
        -- The person, when the viewer may see their time: the viewer, or the one `$6` names.
        LEFT JOIN LATERAL (
            SELECT me.*, tm.name AS team_name, tm.leader_id AS team_leader
            FROM users me LEFT JOIN teams tm ON tm.tenant_id = me.tenant_id AND tm.id = me.team_id
            WHERE me.tenant_id = sh.id AND \(EnterTenantSQL.afterLiveShell)
              AND \(shape.has(Filter.person) ? """
                  me.id = $6::uuid
                  AND (me.id = sh.user_id OR pr.reach = \(Reach.tenant.rawValue)
                       OR (pr.reach = \(Reach.team.rawValue) AND tm.leader_id = sh.user_id))
                  """ : "me.id = sh.user_id")
            OFFSET 0) pp ON true
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", "pm.first::text"))
            UNION ALL
            SELECT \(layout.columns(1, "0", """
                pp.id, pp.tenant_id, pp.email, pp.first_name, pp.last_name, pp.title, pp.roles::text[], pp.active, pp.preferred_language::text,
                pp.position, pp.personal_email, pp.phone, pp.team_id, pp.team_name, pp.team_leader
                """))
            WHERE pp.id IS NOT NULL
            UNION ALL
            SELECT \(layout.columns(2, "coalesce(s.work_date - pm.first, -1)", MonthTime.sumColumns))
            \(MonthTime.sums(tenant: "sh.id", user: "pp.id", first: "pm.first", last: "pm.last",
                             and: EnterTenantSQL.afterLiveShell))
            UNION ALL
            \(Parts.contracts(layout, part: 3, person: "pp.id"))
            UNION ALL
            \(Parts.absences(layout, part: 4, first: "pm.first", last: "pm.last", approvedOnly: false, person: "pp.id"))
            UNION ALL
            \(Parts.daysOff(layout, part: 5, first: "pm.first", last: "pm.last"))
            UNION ALL
            SELECT \(layout.columns(6, "0", MonthCloseQueries.closeColumns))
            \(MonthCloseQueries.close(tenant: "sh.id", user: "pp.id", month: "pm.first")) AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            \(team)
            ) page
        """
    }
    static let pageBindingTypes: [PostgresDataType] = [.text, .timestamptz, .uuid]

    /// The month `?month=` names; nil for this month.
    let month: Month?
    /// The id of no one: what an address's `?person=` that is no id reads.
    static let noOne = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// The person `?person=` names; nil for the viewer.
    let person: UUID?
    let now: Date

    var shape: PageShape { PageShape(filters: (person == nil ? [] : Filter.person).rawValue, window: nil) }

    func appendBindings(to bindings: inout PostgresBindings) throws {
        bindings.append(month?.first.iso)
        bindings.append(now)
        bindings.append(person)
    }

    /// The month and what it shows, from the statement's rows; nil when it read none (nobody
    /// signed in). Someone the viewer may not see is `ActionRefusal.notFound`.
    static func decode(_ rows: [PageRow]) throws -> MonthData? {
        var month: Month?, user: User?
        var own: (position: String, email: String?, phone: String?, team: UUID?, name: String?, leader: UUID?)?
        var time = MonthTime(), contracts: [Contract] = [], absences: [Absence] = [], daysOff: [LocalDate: String] = [:]
        var close: TimeMonth?, team: [PersonMonthTime] = []
        for row in rows {
            switch row.part {
            case 0:
                var c = row.cells(at: layout.places(of: 0))
                month = LocalDate(iso: try c.next(String.self)).map(Month.init)
            case 1:
                var c = row.cells(at: layout.places(of: 1))
                let id: UUID = try c.next(), tenant: UUID = try c.next(), email: String = try c.next(), first: String = try c.next(), last: String = try c.next()
                let title: String = try c.next(), roles: [String] = try c.next(), active: Bool = try c.next()
                let language: String? = try c.next()
                user = User(id: id, tenantID: tenant, email: email, firstName: first, lastName: last, title: title,
                            roles: Set(roles.compactMap(Role.init(rawValue:))), active: active,
                            preferredLanguage: language.flatMap(Language.init(rawValue:)))
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
        guard let month else { return nil }
        guard let user, let own else { throw ActionRefusal.notFound }
        let person = Person(user: user, position: own.position, personalEmail: own.email, phone: own.phone, teamID: own.team,
                            teamName: own.name, teamLeaderID: own.leader, contracts: contracts)
        return MonthData(month: month, person: person, time: time, absences: absences, daysOff: DaysOff(company: daysOff),
                         close: close, team: team)
    }
}
