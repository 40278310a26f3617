import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of rates, without HTTP: an admin's only, the person's only, and what each
/// refuses (`RateActions`).
@Suite struct RateActionsTests {
    static let january = LocalDate(iso: "2027-01-01")!

    @Test func anAdminSetsCorrectsFixesAndDeletes() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee.id, admin = world.admin
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await RateActions.set(700_00, from: Self.january, for: eva, $0) }
                }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await RateActions.set(700_00, from: Self.january, for: eva, $0) }
            }
            let future = try await world.act(as: admin) { try await RateActions.set(700_00, from: Self.january, for: eva, $0) }.get()
            #expect(try await world.act(as: admin) { try await RateActions.set(710_00, from: Self.january, for: eva, $0) }
                    == .failure(.sameDay))
            #expect(try await world.act(as: admin) {
                try await RateActions.change(future, of: eva, to: 720_00, from: Self.january, typoFix: false, $0)
            } == .success(.correction))
            // A rate in effect changes only as a typo fix.
            let history = try await world.db.transaction(tenant: admin.tenantID) { try await RateQueries.history(of: eva, on: $0) }
            let inEffect = try #require(history.map(\.rate).first { $0.effectiveFrom <= world.today })
            #expect(try await world.act(as: admin) {
                try await RateActions.change(inEffect.id, of: eva, to: inEffect.amountMinor + 1, from: inEffect.effectiveFrom, typoFix: false, $0)
            } == .failure(.needsTypoFix))
            #expect(try await world.act(as: admin) {
                try await RateActions.change(inEffect.id, of: eva, to: inEffect.amountMinor + 1, from: inEffect.effectiveFrom, typoFix: true, $0)
            } == .success(.typoFix))
            // A rate is the person's: another's id is not found through them.
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: admin) { try await RateActions.delete(future, of: world.leader.id, $0) }
            }
            #expect(try await world.act(as: admin) { try await RateActions.delete(inEffect.id, of: eva, $0) } == false)
            #expect(try await world.act(as: admin) { try await RateActions.delete(future, of: eva, $0) } == true)
        }
    }
}
