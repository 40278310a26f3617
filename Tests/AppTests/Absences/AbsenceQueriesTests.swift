import Foundation
import PostgresNIO
import Testing
@testable import App

/// Which absences touch some days (`AbsenceQueries.touching`): the statements bound the scan to
/// absences that begin at most 366 days before the first day, the longest an absence may last.
@Suite struct AbsenceQueriesTests {
    static let first = LocalDate(iso: "2026-11-16")!, last = LocalDate(iso: "2026-11-22")!

    /// Eva's absences around the week of 16–22 November 2026: the longest there may be, ending on
    /// its first day (found), the longest ending the day before (not found), and a pending one in it.
    static func seed(_ world: TestWorld) async throws -> (longest: UUID, before: UUID, pending: UUID) {
        let tenant = world.admin.tenantID, eva = world.employee.id, admin = world.admin.id
        return try await world.db.transaction(tenant: tenant) { db in
            func insert(_ first: String, _ last: String, _ status: String) async throws -> UUID {
                let approved = status == "approved"
                let rows = try await db.query("""
                    INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, status, decided_by, decided_at)
                    VALUES (\(tenant), \(eva), 'unpaid', \(first)::date, \(last)::date, \(status),
                            \(approved ? admin : nil), \(approved ? Date() : nil))
                    RETURNING id
                    """).collect()
                return try rows[0].decode(UUID.self)
            }
            // The one ending the day before is withdrawn: it may overlap the longest.
            return (longest: try await insert("2025-11-15", "2026-11-16", "approved"),
                    before: try await insert("2025-11-14", "2026-11-15", "withdrawn"),
                    pending: try await insert("2026-11-20", "2026-11-20", "pending"))
        }
    }

    @Test func theLongestAbsenceEndingOnTheFirstDayIsFoundAndNoneEndingBefore() async throws {
        try await withWorld { world in
            let (longest, before, pending) = try await Self.seed(world)
            let tenant = world.admin.tenantID, eva = world.employee.id
            try await world.db.transaction(tenant: tenant) { db in
                let own = try await AbsenceQueries.of(eva, from: Self.first, through: Self.last, on: db).map(\.id)
                #expect(own == [longest, pending])
                let seen = try await AbsenceQueries.visible(to: world.admin.id, reach: .tenant, from: Self.first, through: Self.last, on: db)
                #expect(seen.map(\.absence.id) == [longest, pending])
                // The desk's and the month's bases: approved absences only, by their days (a basis
                // keeps no id).
                let bases = try await TimeBasisQueries.bases(of: [eva], from: Self.first, through: Self.last, on: db)
                #expect(bases.absences[eva]?.map { "\($0.first.iso)–\($0.last.iso)" } == ["2025-11-15–2026-11-16"])
                #expect(!own.contains(before))
            }
            // The week's first view: its approved absences.
            let token = try await WeekReadTests.token(world, for: world.employee)
            let entered = try #require(try await WeekReadTests.withShell(world, token: token, monday: Self.first))
            #expect(try WeekRead.decode(entered.rows)?.absences.map(\.id) == [longest])
        }
    }
}
