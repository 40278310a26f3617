import Foundation
import Testing
@testable import App

/// The use cases of the company's own days off, without HTTP: admins only, a working day only,
/// and another company's days are not there (`DaysOffActions`).
@Suite struct DaysOffActionsTests {
    static func daysOff(_ world: TestWorld, _ user: User, year: Int) async throws -> [LocalDate: String] {
        try await world.db.transaction(tenant: user.tenantID) { db in
            try await DaysOffQueries.between(LocalDate(year: year, month: 1, day: 1)!, LocalDate(year: year, month: 12, day: 31)!, on: db)
        }.company
    }

    @Test func adminsGiveAWorkingDayOff() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let wednesday = LocalDate(iso: "2026-12-23")!, saturday = LocalDate(iso: "2026-12-19")!
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await DaysOffActions.save(.init(day: wednesday, name: "Party"), $0) }
                }
            }
            #expect(try await world.act(as: world.admin) { try await DaysOffActions.save(.init(day: wednesday, name: "Party"), $0) }
                    == .saved)
            #expect(try await world.act(as: world.admin) { try await DaysOffActions.save(.init(day: wednesday, name: "Večírek"), $0) }
                    == .saved)
            #expect(try await world.act(as: world.admin) { try await DaysOffActions.save(.init(day: saturday, name: "Trip"), $0) }
                    == .notWorkingDay)
            #expect(try await Self.daysOff(world, world.admin, year: 2026) == [wednesday: "Večírek"])
            #expect(try await Self.daysOff(world, world.otherAdmin, year: 2026).isEmpty)
        }
    }

    @Test func adminsTakeBackTheirCompanysDayOffOnly() async throws {
        try await withWorld { (world: TestWorld) async throws in
            // Seeded: acme's 2024-10-31, globex's 2024-10-30.
            let ours = LocalDate(iso: "2024-10-31")!, theirs = LocalDate(iso: "2024-10-30")!
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await DaysOffActions.delete(ours, $0) }
                }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.admin) { try await DaysOffActions.delete(theirs, $0) }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await DaysOffActions.delete(ours, $0) }
            }
            try await world.act(as: world.admin) { try await DaysOffActions.delete(ours, $0) }
            #expect(try await Self.daysOff(world, world.admin, year: 2024).isEmpty)
            #expect(try await Self.daysOff(world, world.otherAdmin, year: 2024) == [theirs: "Seed day off"])
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.admin) { try await DaysOffActions.delete(ours, $0) }
            }
        }
    }
}
