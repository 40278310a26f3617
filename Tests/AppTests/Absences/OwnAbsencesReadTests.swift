import Foundation
import PostgresNIO
import Testing
@testable import App

/// One's absences page as read by the request's first statement (`OwnAbsencesRead`) against its
/// the feature's own statements one after another (`OwnAbsences.oneByOne`).
@Suite struct OwnAbsencesReadTests {
    /// Eva's absences of 2025 (out), 2026 and 2027 (in), Petr's, and days off of each year.
    static func seed(_ world: TestWorld) async throws {
        let tenant = world.admin.tenantID, eva = world.employee.id, petr = world.leader.id
        try await world.db.transaction(tenant: tenant) { db in
            _ = try await db.query("""
                INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, status, decided_by, decided_at, note)
                VALUES (\(tenant), \(eva), 'vacation', '2025-12-29', '2025-12-31', 'approved', \(world.admin.id), now(), 'Last year'),
                       (\(tenant), \(eva), 'vacation', '2026-07-06', '2026-07-10', 'approved', \(world.admin.id), now(), 'Summer <b>'),
                       (\(tenant), \(eva), 'doctor', '2026-11-20', '2026-11-20', 'pending', NULL, NULL, 'Doctor'),
                       (\(tenant), \(eva), 'vacation', '2027-01-04', '2027-01-05', 'pending', NULL, NULL, 'Next year'),
                       (\(tenant), \(petr), 'sick', '2026-11-18', '2026-11-18', 'approved', \(world.admin.id), now(), 'Petr')
                """).collect()
            _ = try await db.query("""
                INSERT INTO company_days_off (tenant_id, day, name)
                VALUES (\(tenant), '2025-12-22', 'Old day'), (\(tenant), '2026-11-16', 'Company day'), (\(tenant), '2027-12-27', 'Far day')
                """).collect()
        }
    }

    static func withShell(_ world: TestWorld, slug: String = "acme", token: SecretToken?, now: Date) async throws -> EnteredPage? {
        try await PageReadTests.enter(world, slug: slug, token: token, read: OwnAbsencesRead(now: now)).view
    }

    static let november = ISO8601DateFormatter().date(from: "2026-11-18T09:00:00Z")!

    @Test func theOwnAbsencesReadReadsWhatItsStatementsRead() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let token = try await WeekReadTests.token(world, for: world.employee)
            let entered = try #require(try await Self.withShell(world, token: token, now: Self.november))
            let view = try #require(try OwnAbsencesRead.decode(entered.rows))
            let read = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await OwnAbsences.oneByOne(2026, of: world.employee.id, on: db)
            }
            #expect(view.year == 2026 && read.year == 2026)
            #expect(view.absences == read.absences && view.absences.map(\.note) == ["Summer <b>", "Doctor", "Next year"])
            #expect(view.daysOff == read.daysOff && Set(view.daysOff.company.values) == ["Company day", "Far day"])
            #expect(view.contracts == read.contracts && !view.contracts.isEmpty)
        }
    }

    @Test func anotherCompanyOrAVisitorReadsNoneOfTheseRows() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let globexToken = try await WeekReadTests.token(world, for: world.otherAdmin)
            let globex = try #require(try await Self.withShell(world, slug: "globex", token: globexToken, now: Self.november))
            let view = try #require(try OwnAbsencesRead.decode(globex.rows))
            #expect(!view.absences.contains { $0.userID == world.employee.id || $0.userID == world.leader.id })
            #expect(!view.daysOff.company.values.contains("Company day"))
            let evaToken = try await WeekReadTests.token(world, for: world.employee)
            for (slug, token) in [("globex", Optional(evaToken)), ("acme", nil), ("acme", SecretToken())] {
                let entered = try #require(try await Self.withShell(world, slug: slug, token: token, now: Self.november))
                #expect(entered.session == nil && entered.rows.isEmpty)
                #expect(try OwnAbsencesRead.decode(entered.rows) == nil)
            }
        }
    }

    /// The year is the tenant's by the clock's instant: 31 December 23:30 in UTC is already the
    /// new year in Prague.
    @Test func theYearIsTheTenantsYearByTheClock() async throws {
        try await withWorld { world in
            let token = try await WeekReadTests.token(world, for: world.employee)
            func year(_ instant: String) async throws -> Int? {
                let now = try #require(ISO8601DateFormatter().date(from: instant))
                return try OwnAbsencesRead.decode(try #require(try await Self.withShell(world, token: token, now: now)).rows)?.year
            }
            #expect(try await year("2026-12-31T22:30:00Z") == 2026)
            #expect(try await year("2026-12-31T23:30:00Z") == 2027)
        }
    }

    /// The page: one's own absences, escaped; no one else's.
    @Test func thePageShowsOnesOwnAbsences() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            var eva = try await world.signedIn(world.employee)
            let page = try await eva.get("/t/acme/absences")
            #expect(page.status == .ok && page.body.contains("Summer &lt;b&gt;") && !page.body.contains("Summer <b>"))
            #expect(!page.body.contains("Last year") && !page.body.contains("Petr</"))
            var petr = try await world.signedIn(world.leader)
            let his = try await petr.get("/t/acme/absences")
            #expect(his.status == .ok && !his.body.contains("Summer"))
        }
    }
}

extension OwnAbsences {
    /// The page read by the feature's own statements one after another: what each part of
    /// `OwnAbsencesRead` must hold.
    static func oneByOne(_ year: Int, of user: UUID, on db: TenantConnection) async throws -> OwnAbsences {
        let (first, last) = days(of: year)
        return OwnAbsences(
            year: year,
            absences: try await AbsenceQueries.of(user, from: first, through: last, on: db),
            daysOff: try await DaysOffQueries.between(first, last, on: db),
            contracts: try await PeopleQueries.contracts(of: user, on: db))
    }
}
