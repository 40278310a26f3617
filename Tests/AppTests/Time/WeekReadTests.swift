import Foundation
import PostgresNIO
import Testing
@testable import App

/// The week's timesheet as read by its one read (`WeekRead`), with the shell and in a transaction,
/// against the feature's own statements one after another (`WeekData.oneByOne`).
@Suite struct WeekReadTests {
    static let monday = LocalDate(iso: "2026-11-16")!

    /// Eva's week of 16–22 November 2026 with something of every part, and things around it that
    /// must stay out: the days before and after, Petr's time, a pending absence, another day off.
    static func seed(_ world: TestWorld) async throws {
        let web = try await TimeTrackingTests.project(world)
        let closed = try await TimeTrackingTests.project(world, client: "Kofola", name: "Closed", people: [world.leader.id])
        let tenant = world.admin.tenantID, eva = world.employee.id, petr = world.leader.id
        try await world.db.transaction(tenant: tenant) { db in
            _ = try await db.query("""
                INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
                VALUES (\(tenant), \(eva), \(web), '2026-11-15', '2026-11-15 09:00+01', '2026-11-15 10:00+01', 'Sunday before'),
                       (\(tenant), \(eva), \(web), '2026-11-16', '2026-11-16 13:00+01', '2026-11-16 15:30+01', 'Checkout <b>'),
                       (\(tenant), \(eva), \(web), '2026-11-16', '2026-11-16 08:00+01', '2026-11-16 12:00+01', 'Morning'),
                       (\(tenant), \(eva), \(web), '2026-11-22', '2026-11-22 20:00+01', '2026-11-22 23:59+01', 'Sunday'),
                       (\(tenant), \(eva), \(web), '2026-11-23', '2026-11-23 09:00+01', '2026-11-23 10:00+01', 'Monday after'),
                       (\(tenant), \(petr), \(closed), '2026-11-18', '2026-11-18 09:00+01', '2026-11-18 10:00+01', 'Petr')
                """).collect()
            _ = try await db.query("""
                INSERT INTO running_timers (tenant_id, user_id, project_id, description, started_at)
                VALUES (\(tenant), \(eva), \(web), 'Running', '2026-11-18 14:00+01')
                """).collect()
            _ = try await db.query("""
                INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, status, decided_by, decided_at)
                VALUES (\(tenant), \(eva), 'vacation', '2026-11-19', '2026-11-20', 'approved', \(world.admin.id), now()),
                       (\(tenant), \(eva), 'doctor', '2026-11-21', '2026-11-21', 'pending', NULL, NULL),
                       (\(tenant), \(petr), 'sick', '2026-11-18', '2026-11-18', 'approved', \(world.admin.id), now())
                """).collect()
            _ = try await db.query("""
                INSERT INTO company_days_off (tenant_id, day, name)
                VALUES (\(tenant), '2026-11-20', 'Company day'), (\(tenant), '2026-11-24', 'Next week')
                """).collect()
        }
    }

    static func token(_ world: TestWorld, for user: User) async throws -> SecretToken {
        try await world.db.transaction(tenant: user.tenantID) { db in try await SessionQueries.create(for: user.id, on: db) }
    }

    static func withShell(_ world: TestWorld, slug: String = "acme", token: SecretToken?, monday: LocalDate?,
                          now: Date = Date()) async throws -> EnteredPage? {
        try await PageReadTests.enter(world, slug: slug, token: token, read: WeekRead(monday: monday, now: now)).view
    }

    @Test func theWeeksReadReadsWhatItsStatementsRead() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let token = try await Self.token(world, for: world.employee)
            let entered = try #require(try await Self.withShell(world, token: token, monday: Self.monday))
            let view = try #require(try WeekRead.decode(entered.rows))
            let week = Week(containing: Self.monday)
            let (read, inTransaction) = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                (try await WeekData.oneByOne(week, of: world.employee.id, zone: "Europe/Prague", on: db),
                 try #require(try await db.read(WeekRead(monday: Self.monday, now: Date()), viewer: world.employee.id)))
            }
            #expect(view.week == week && inTransaction.week == week)
            #expect(inTransaction.entries == view.entries && inTransaction.timer == view.timer && inTransaction.projects == view.projects
                    && inTransaction.contracts == view.contracts && inTransaction.absences == view.absences
                    && inTransaction.daysOff == view.daysOff)
            #expect(view.entries == read.entries && view.entries.map(\.description) == ["Morning", "Checkout <b>", "Sunday"])
            #expect(view.timer == read.timer && view.timer?.description == "Running")
            #expect(view.projects == read.projects && view.projects.contains { $0.client == "Globus" }
                    && !view.projects.contains { $0.name == "Closed" })
            #expect(view.contracts == read.contracts && !view.contracts.isEmpty)
            #expect(view.absences == read.absences && view.absences.map(\.kind) == [.vacation])
            #expect(view.absences.first?.decidedBy == "\(world.admin.firstName) \(world.admin.lastName)")
            #expect(view.daysOff == read.daysOff && view.daysOff.company == [LocalDate(iso: "2026-11-20")!: "Company day"])
            // Petr's week holds his own entry and project, none of Eva's.
            let petr = try #require(try await Self.withShell(world, token: try await Self.token(world, for: world.leader),
                                                            monday: Self.monday))
            let petrsWeek = try #require(try WeekRead.decode(petr.rows))
            #expect(petrsWeek.entries.map(\.description) == ["Petr"] && petrsWeek.timer == nil)
            #expect(petrsWeek.projects.contains { $0.name == "Closed" })
            #expect(petrsWeek.absences.map(\.kind) == [.sick])
        }
    }

    /// The entries come by day, then by start, as the page's statement orders them: a start just
    /// after midnight in Prague (the day before in UTC) and an entry of a later day that starts
    /// before one of the day before (`OwnPageParts.entryOrder`).
    @Test func entriesComeByDayThenByStart() async throws {
        try await withWorld { world in
            let web = try await TimeTrackingTests.project(world)
            let tenant = world.admin.tenantID, eva = world.employee.id
            try await world.db.transaction(tenant: tenant) { db in
                _ = try await db.query("""
                    INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
                    VALUES (\(tenant), \(eva), \(web), '2026-11-18', '2026-11-17 22:00+01', '2026-11-17 22:30+01', 'Fourth'),
                           (\(tenant), \(eva), \(web), '2026-11-17', '2026-11-17 23:00:00.5+01', '2026-11-17 23:30+01', 'Third'),
                           (\(tenant), \(eva), \(web), '2026-11-17', '2026-11-17 00:30+01', '2026-11-17 01:00+01', 'Second'),
                           (\(tenant), \(eva), \(web), '2026-11-17', '2026-11-17 00:10+01', '2026-11-17 00:20+01', 'First'),
                           (\(tenant), \(eva), \(web), '2026-11-17', '2026-11-17 23:00:00.25+01', '2026-11-17 23:00:00.5+01', 'Between')
                    """).collect()
            }
            let token = try await Self.token(world, for: world.employee)
            let entered = try #require(try await Self.withShell(world, token: token, monday: Self.monday))
            let view = try #require(try WeekRead.decode(entered.rows))
            let read = try await world.db.transaction(tenant: tenant) { db in
                try await WeekData.oneByOne(Week(containing: Self.monday), of: eva, zone: "Europe/Prague", on: db)
            }
            #expect(view.entries.map(\.description) == ["First", "Second", "Between", "Third", "Fourth"])
            #expect(view.entries == read.entries)
        }
    }

    @Test func theWeekOfAnotherCompanyOrAVisitorHoldsNoneOfTheseRows() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let globexToken = try await Self.token(world, for: world.otherAdmin)
            let globex = try #require(try await Self.withShell(world, slug: "globex", token: globexToken, monday: Self.monday))
            let view = try #require(try WeekRead.decode(globex.rows))
            #expect(!view.entries.contains { ["Morning", "Checkout <b>", "Sunday", "Petr"].contains($0.description) })
            #expect(view.timer?.description != "Running" && !view.absences.contains { $0.userID == world.employee.id })
            #expect(!view.daysOff.company.values.contains("Company day") && !view.projects.contains { $0.client == "Globus" })
            // Eva's token at Globex, no cookie, a token nobody holds: no rows.
            let evaToken = try await Self.token(world, for: world.employee)
            for (slug, token) in [("globex", Optional(evaToken)), ("acme", nil), ("acme", SecretToken())] {
                let entered = try #require(try await Self.withShell(world, slug: slug, token: token, monday: Self.monday))
                let view = try WeekRead.decode(entered.rows)
                #expect(entered.session == nil && entered.rows.isEmpty && view == nil)
            }
        }
    }

    /// Without a week in the address, this week in the tenant's time zone by the clock's instant.
    @Test func theWeekOfItsReadIsTheTenantsWeekByTheClock() async throws {
        try await withWorld { world in
            let token = try await Self.token(world, for: world.employee)
            func monday(_ instant: String) async throws -> LocalDate? {
                let now = try #require(ISO8601DateFormatter().date(from: instant))
                let entered = try #require(try await Self.withShell(world, token: token, monday: nil, now: now))
                return try WeekRead.decode(entered.rows)?.week.monday
            }
            // Sunday 23:30 and Monday 00:30 in Prague (an hour ahead of UTC in November).
            #expect(try await monday("2026-11-22T22:30:00Z") == LocalDate(iso: "2026-11-16"))
            #expect(try await monday("2026-11-22T23:30:00Z") == LocalDate(iso: "2026-11-23"))
            #expect(try await monday("2027-01-01T12:00:00Z") == LocalDate(iso: "2026-12-28"))
        }
    }

    /// The page: any day of a week names it; a malformed one is this week (the world's clock: 18
    /// November 2026); no other person's time.
    @Test func theTimesheetShowsTheWeekTheAddressNames() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            var eva = try await world.signedIn(world.employee)
            let page = try await eva.get("/t/acme/time?week=2026-11-19")
            #expect(page.status == .ok && page.body.contains("Checkout &lt;b&gt;") && !page.body.contains("Checkout <b>"))
            #expect(page.body.contains("Company day") && !page.body.contains("Petr") && !page.body.contains("Monday after"))
            let next = try await eva.get("/t/acme/time?week=2026-11-29")
            #expect(next.status == .ok && next.body.contains("Monday after") && !next.body.contains("Checkout"))
            for week in ["2026-11-31", "x", String(repeating: "9", count: 5_000), "2026-W47"] {
                let malformed = try await eva.get("/t/acme/time?week=" + week)
                #expect(malformed.status == .ok && malformed.body.contains("Checkout &lt;b&gt;"), "\(week.prefix(20))")
            }
        }
    }
}

extension WeekData {
    /// The week read by the feature's own statements one after another: what each part of
    /// `WeekRead` must hold.
    static func oneByOne(_ week: Week, of user: UUID, zone: String, on db: TenantConnection) async throws -> WeekData {
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
