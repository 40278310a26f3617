import Foundation
import PostgresNIO
import Testing
@testable import App

/// One's own month of time as read by the request's first statement (`TimeMonthRead`) against
/// the feature's own statements one after another (`MonthData.oneByOne`).
@Suite struct TimeMonthReadTests {
    static let november = Month(year: 2026, month: 11)!

    /// Eva's November 2026 with something of every part, and things around it that must stay out:
    /// the days before and after the month, Petr's time, an absence and a day off of December.
    static func seed(_ world: TestWorld) async throws {
        let web = try await TimeTrackingTests.project(world)
        let closed = try await TimeTrackingTests.project(world, client: "Kofola", name: "Closed", people: [world.leader.id])
        let tenant = world.admin.tenantID, eva = world.employee.id, petr = world.leader.id
        try await world.db.transaction(tenant: tenant) { db in
            _ = try await db.query("""
                INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
                VALUES (\(tenant), \(eva), \(web), '2026-10-31', '2026-10-31 09:00+01', '2026-10-31 10:00+01', 'October'),
                       (\(tenant), \(eva), \(web), '2026-11-02', '2026-11-02 13:00+01', '2026-11-02 15:30+01', 'Checkout <b>'),
                       (\(tenant), \(eva), \(web), '2026-11-02', '2026-11-02 08:00+01', '2026-11-02 12:00+01', 'Morning'),
                       (\(tenant), \(eva), \(web), '2026-11-30', '2026-11-30 20:00+01', '2026-11-30 23:59+01', 'Last day'),
                       (\(tenant), \(eva), \(web), '2026-12-01', '2026-12-01 09:00+01', '2026-12-01 10:00+01', 'December'),
                       (\(tenant), \(petr), \(closed), '2026-11-18', '2026-11-18 09:00+01', '2026-11-18 11:00+01', 'Petr')
                """).collect()
            _ = try await db.query("""
                INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, status, decided_by, decided_at)
                VALUES (\(tenant), \(eva), 'vacation', '2026-10-29', '2026-11-03', 'approved', \(world.admin.id), now()),
                       (\(tenant), \(eva), 'doctor', '2026-11-20', '2026-11-20', 'pending', NULL, NULL),
                       (\(tenant), \(eva), 'sick', '2026-12-02', '2026-12-02', 'approved', \(world.admin.id), now()),
                       (\(tenant), \(petr), 'sick', '2026-11-18', '2026-11-18', 'approved', \(world.admin.id), now())
                """).collect()
            _ = try await db.query("""
                INSERT INTO company_days_off (tenant_id, day, name)
                VALUES (\(tenant), '2026-11-16', 'Company day'), (\(tenant), '2026-12-01', 'December day')
                """).collect()
            _ = try await db.query("""
                INSERT INTO time_months (tenant_id, user_id, month, status, decided_by, decided_at, reason)
                VALUES (\(tenant), \(eva), '2026-11-01', 'returned', \(petr), now(), 'Missing <Friday>'),
                       (\(tenant), \(eva), '2026-10-01', 'submitted', NULL, NULL, NULL)
                """).collect()
        }
    }

    static func withShell(_ world: TestWorld, slug: String = "acme", token: SecretToken?, month: Month?,
                          now: Date = Date()) async throws -> EnteredPage? {
        try await PageReadTests.enter(world, slug: slug, token: token, read: TimeMonthRead(month: month, person: nil, now: now)).view
    }

    /// The first view of `user`'s November and the same read one statement after another.
    static func both(_ world: TestWorld, _ user: User) async throws -> (view: MonthData, read: MonthData) {
        let token = try await WeekReadTests.token(world, for: user)
        let entered = try #require(try await withShell(world, token: token, month: november))
        let view = try #require(try TimeMonthRead.decode(entered.rows))
        let read = try await world.db.transaction(tenant: user.tenantID) { db in
            let person = try #require(try await PeopleQueries.person(user.id, on: db))
            return try await MonthData.oneByOne(november, of: person, viewer: user, on: db)
        }
        return (view, read)
    }

    static func expectSame(_ view: MonthData, _ read: MonthData) {
        #expect(view.month == read.month)
        #expect(view.person.user.id == read.person.user.id && view.person.user.displayName == read.person.user.displayName)
        #expect(view.person.position == read.person.position && view.person.personalEmail == read.person.personalEmail
                && view.person.phone == read.person.phone)
        #expect(view.person.teamID == read.person.teamID && view.person.teamName == read.person.teamName
                && view.person.teamLeaderID == read.person.teamLeaderID)
        #expect(view.person.contracts == read.person.contracts)
        #expect(view.time == read.time)
        #expect(view.absences == read.absences)
        #expect(view.daysOff == read.daysOff)
        #expect(view.close == read.close)
        #expect(view.team == read.team)
    }

    @Test func theMonthsReadReadsWhatItsStatementsRead() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let eva = try await Self.both(world, world.employee)
            Self.expectSame(eva.view, eva.read)
            #expect(eva.view.month == Self.november && !eva.view.person.contracts.isEmpty)
            // The sums are those of the month's entries, and no more.
            let entries = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await TimeEntryQueries.entries(of: world.employee.id, from: Self.november.first, through: Self.november.last,
                                                   zone: "Europe/Prague", on: db)
            }
            #expect(entries.map(\.description) == ["Morning", "Checkout <b>", "Last day"])
            #expect(eva.view.time.projects.map(\.name) == ["Web"] && eva.view.time.projects.first?.client == "Globus")
            #expect(eva.view.time.projects.first?.seconds == entries.reduce(0) { $0 + $1.seconds })
            #expect(eva.view.time.days == [LocalDate(iso: "2026-11-02")!: (240 + 150) * 60, LocalDate(iso: "2026-11-30")!: 239 * 60])
            #expect(eva.view.time.seconds == entries.reduce(0) { $0 + $1.seconds })
            #expect(eva.view.absences.map(\.kind) == [.vacation, .doctor])
            #expect(eva.view.daysOff.company == [LocalDate(iso: "2026-11-16")!: "Company day"])
            #expect(eva.view.close == TimeMonth(status: .returned, decidedBy: "\(world.leader.firstName) \(world.leader.lastName)",
                                                reason: "Missing <Friday>"))
            // An employee sees only herself: no team.
            #expect(eva.view.team.isEmpty)
            // A leader sees his teams, an admin the whole company, each as the statements read it.
            let petr = try await Self.both(world, world.leader)
            Self.expectSame(petr.view, petr.read)
            #expect(petr.view.time.projects.map(\.name) == ["Closed"] && petr.view.time.seconds == 7_200)
            #expect(petr.view.absences.map(\.kind) == [.sick])
            #expect(petr.view.close == nil && !petr.view.team.isEmpty)
            let admin = try await Self.both(world, world.admin)
            Self.expectSame(admin.view, admin.read)
            #expect(admin.view.team.count > petr.view.team.count)
            let evasRow = try #require(admin.view.team.first { $0.id == world.employee.id })
            #expect(evasRow.entries == 3 && evasRow.seconds == (150 + 240 + 239) * 60)
        }
    }

    /// The sums come from one scan grouped by project and by day (`MonthTime.sums`): three
    /// projects booked on shared days give each project its own sum, each day the sum of all its
    /// projects, the projects in the order of their ids, and the first view and the page's own
    /// statement agree.
    @Test func theMonthsSumsAreByProjectAndByDayFromOneScan() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, eva = world.employee.id
            var projects: [UUID] = []
            for name in ["Alpha", "Beta", "Gamma"] {
                projects.append(try await TimeTrackingTests.project(world, client: "Client \(name)", name: name, people: [eva]))
            }
            try await world.db.transaction(tenant: tenant) { db in
                _ = try await db.query("""
                    INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
                    VALUES (\(tenant), \(eva), \(projects[0]), '2026-11-03', '2026-11-03 08:00+01', '2026-11-03 09:00+01', 'a'),
                           (\(tenant), \(eva), \(projects[1]), '2026-11-03', '2026-11-03 09:00+01', '2026-11-03 11:00+01', 'b'),
                           (\(tenant), \(eva), \(projects[2]), '2026-11-03', '2026-11-03 11:00+01', '2026-11-03 14:00+01', 'c'),
                           (\(tenant), \(eva), \(projects[0]), '2026-11-04', '2026-11-04 08:00+01', '2026-11-04 08:30+01', 'd'),
                           (\(tenant), \(eva), \(projects[0]), '2026-11-04', '2026-11-04 10:00+01', '2026-11-04 10:15+01', 'e'),
                           (\(tenant), \(eva), \(projects[2]), '2026-11-27', '2026-11-27 08:00+01', '2026-11-27 08:05+01', 'f')
                    """).collect()
            }
            let both = try await Self.both(world, world.employee)
            Self.expectSame(both.view, both.read)
            let time = both.view.time
            #expect(time.projects.map(\.id) == projects.sorted())
            let byProject = Dictionary(uniqueKeysWithValues: time.projects.map { ($0.name, $0.seconds) })
            #expect(byProject == ["Alpha": 105 * 60, "Beta": 120 * 60, "Gamma": 185 * 60])
            #expect(time.projects.first { $0.name == "Gamma" }?.client == "Client Gamma")
            #expect(time.days == [LocalDate(iso: "2026-11-03")!: 360 * 60, LocalDate(iso: "2026-11-04")!: 45 * 60,
                                  LocalDate(iso: "2026-11-27")!: 5 * 60])
            #expect(time.seconds == 410 * 60)
        }
    }

    /// `MonthTime.add` keeps the projects in the order of their ids whatever order the rows come
    /// in, and puts a day's row among the days.
    @Test func aMonthsProjectsAreInTheOrderOfTheirIdsWhateverTheRowsOrder() {
        let ids = (0..<6).map { _ in UUID() }.sorted()
        var time = MonthTime()
        for id in [ids[3], ids[0], ids[5], ids[1], ids[4], ids[2]] {
            time.add(project: id, name: "P", client: "C", billable: true, day: nil, seconds: 60)
        }
        time.add(project: nil, name: nil, client: nil, billable: nil, day: "2026-11-03", seconds: 120)
        #expect(time.projects.map(\.id) == ids)
        #expect(time.days == [LocalDate(iso: "2026-11-03")!: 120] && time.seconds == 120)
    }

    /// The team's months come from `month_team_time` (migration 0033), given the reach the
    /// statement worked out: nobody for one's own reach or none, oneself and the teams one leads,
    /// or everyone active; and only the company the transaction entered.
    @Test func theTeamFunctionReadsTheReachItIsGivenAndTheCompanyEnteredOnly() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
            func people(_ tenant: UUID, as viewer: UUID, reach: Int?, entered: UUID) async throws -> Set<UUID> {
                try await world.db.transaction(tenant: entered, readOnly: true) { db in
                    Set(try await db.query("""
                        SELECT member_id FROM month_team_time(\(tenant), \(viewer), \(reach)::int, '2026-11-01', '2026-11-30')
                        """).collect().map { try $0.decode(UUID.self) })
                }
            }
            let everyone = try await world.db.transaction(tenant: acme, readOnly: true) { db in
                Set(try await db.query("SELECT id FROM users WHERE tenant_id = \(db.tenant) AND active").collect()
                    .map { try $0.decode(UUID.self) })
            }
            #expect(try await people(acme, as: world.admin.id, reach: 0, entered: acme).isEmpty)
            #expect(try await people(acme, as: world.admin.id, reach: nil, entered: acme).isEmpty)
            #expect(try await people(acme, as: world.employee.id, reach: 1, entered: acme) == [world.employee.id])
            let team = try await people(acme, as: world.leader.id, reach: 1, entered: acme)
            #expect(team.contains(world.leader.id) && team.contains(world.employee.id) && team.count < everyone.count)
            #expect(try await people(acme, as: world.admin.id, reach: 2, entered: acme) == everyone)
            // Entered in another company, the function reads none of this one's people.
            #expect(try await people(acme, as: world.admin.id, reach: 2, entered: globex).isEmpty)
        }
    }

    @Test func theMonthOfAnotherCompanyOrAVisitorHoldsNoneOfTheseRows() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let globexToken = try await WeekReadTests.token(world, for: world.otherAdmin)
            let globex = try #require(try await Self.withShell(world, slug: "globex", token: globexToken, month: Self.november))
            let view = try #require(try TimeMonthRead.decode(globex.rows))
            #expect(view.time.isEmpty && view.absences.isEmpty && view.close == nil)
            #expect(!view.daysOff.company.values.contains("Company day"))
            #expect(!view.team.isEmpty && !view.team.contains { [world.employee.id, world.leader.id, world.admin.id].contains($0.id) })
            // Eva's token at Globex, no cookie, a token nobody holds: no rows.
            let evaToken = try await WeekReadTests.token(world, for: world.employee)
            for (slug, token) in [("globex", Optional(evaToken)), ("acme", nil), ("acme", SecretToken())] {
                let entered = try #require(try await Self.withShell(world, slug: slug, token: token, month: Self.november))
                #expect(entered.session == nil && entered.rows.isEmpty)
                #expect(try TimeMonthRead.decode(entered.rows) == nil)
            }
        }
    }

    /// Without a month in the address, this month in the tenant's time zone by the clock's instant.
    @Test func theMonthOfItsReadIsTheTenantsMonthByTheClock() async throws {
        try await withWorld { world in
            let token = try await WeekReadTests.token(world, for: world.employee)
            func month(_ instant: String) async throws -> Month? {
                let now = try #require(ISO8601DateFormatter().date(from: instant))
                let entered = try #require(try await Self.withShell(world, token: token, month: nil, now: now))
                return try TimeMonthRead.decode(entered.rows)?.month
            }
            // 31 October 23:30 and 1 November 00:30 in Prague (an hour ahead of UTC then).
            #expect(try await month("2026-10-31T22:30:00Z") == Month(year: 2026, month: 10))
            #expect(try await month("2026-10-31T23:30:00Z") == Month(year: 2026, month: 11))
            #expect(try await month("2026-12-31T23:30:00Z") == Month(year: 2027, month: 1))
        }
    }

    /// The page: one's own month by the address, a malformed month is this month (the world's
    /// clock: November 2026); someone else's month only in one's reach.
    @Test func theMonthPageShowsTheMonthTheAddressNames() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            var eva = try await world.signedIn(world.employee)
            let page = try await eva.get("/t/acme/time/month?month=2026-11")
            #expect(page.status == .ok && page.body.contains("Missing &lt;Friday&gt;") && !page.body.contains("Missing <Friday>"))
            #expect(page.body.contains("Globus · Web") && !page.body.contains("Closed") && !page.body.contains("id=\"team\""))
            let october = try await eva.get("/t/acme/time/month?month=2026-10")
            #expect(october.status == .ok && !october.body.contains("Missing"))
            for month in ["2026-13", "x", String(repeating: "9", count: 5_000), "2026-11-01"] {
                let malformed = try await eva.get("/t/acme/time/month?month=" + month)
                #expect(malformed.status == .ok && malformed.body.contains("Missing &lt;Friday&gt;"), "\(month.prefix(20))")
            }
            // Someone else's month: 404 for Eva, her month for her leader and the admin.
            let petrsMonth = "/t/acme/time/month?month=2026-11&person=\(world.leader.id.uuidString)"
            #expect(try await eva.get(petrsMonth).status == .notFound)
            var petr = try await world.signedIn(world.leader)
            let own = try await petr.get("/t/acme/time/month?month=2026-11")
            #expect(own.status == .ok && own.body.contains("id=\"team\"") && own.body.contains(world.employee.lastName))
            let evas = try await petr.get("/t/acme/time/month?month=2026-11&person=\(world.employee.id.uuidString)")
            #expect(evas.status == .ok && evas.body.contains("Missing &lt;Friday&gt;"))
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            #expect(try await globex.get("/t/globex/time/month?month=2026-11&person=\(world.employee.id.uuidString)").status
                    == .notFound)
            #expect(try await globex.get("/t/acme/time/month?month=2026-11").status != .ok)
        }
    }

    /// Someone else's month is read only for a viewer who may see their time: their team's
    /// leader and admins; anyone else, and an address that names no one, read no one (404).
    @Test func someoneElsesMonthOnlyForTheirLeaderAndAdmins() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            func month(of person: UUID?, as viewer: User) async throws -> MonthData? {
                let token = try await WeekReadTests.token(world, for: viewer)
                let entered = try #require(try await PageReadTests.enter(
                    world, slug: "acme", token: token, read: TimeMonthRead(month: Self.november, person: person, now: Date())).view)
                do { return try TimeMonthRead.decode(entered.rows) } catch ActionRefusal.notFound { return nil }
            }
            #expect(try await month(of: world.employee.id, as: world.leader)?.person.user.id == world.employee.id)
            #expect(try await month(of: world.employee.id, as: world.admin)?.person.user.id == world.employee.id)
            #expect(try await month(of: world.leader.id, as: world.employee) == nil)
            #expect(try await month(of: TimeMonthRead.noOne, as: world.admin) == nil)
            #expect(try await month(of: world.otherAdmin.id, as: world.admin) == nil)
            // The same read in a transaction: Eva's month for Petr, none of Petr's for Eva.
            try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                let read = TimeMonthRead(month: Self.november, person: world.employee.id, now: Date())
                let evas = try await db.read(read, viewer: world.leader.id)
                #expect(evas?.person.user.id == world.employee.id)
                await #expect(throws: ActionRefusal.notFound) {
                    try await db.read(TimeMonthRead(month: Self.november, person: world.leader.id, now: Date()),
                                      viewer: world.employee.id)
                }
            }
        }
    }

}

extension MonthData {
    /// The month read by the feature's own statements one after another: what each part of
    /// `TimeMonthRead` must hold.
    static func oneByOne(_ month: Month, of person: Person, viewer: User, on db: TenantConnection) async throws -> MonthData {
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
