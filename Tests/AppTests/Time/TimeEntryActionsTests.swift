import Foundation
import Testing
@testable import App

/// The use cases of one's own time entries, without HTTP: only one's own entries are there to
/// change or delete, and the database's rules refuse what they refuse (`TimeEntryActions`).
@Suite struct TimeEntryActionsTests {
    static func draft(_ day: String, _ start: String, _ end: String, project: UUID, description: String = "") throws -> TimeEntryDraft {
        try TimeEntryRules.read(TimeEntryInput(day: day, project: project.uuidString, start: start, end: end,
                                               description: description)).get()
    }

    /// The refusal of a deletion, nil when it was done.
    static func refusal(_ result: Result<Void, TimeEntryRefusal>) -> TimeEntryRefusal? {
        if case .failure(let refusal) = result { refusal } else { nil }
    }

    @Test func onlyOnesOwnEntryIsSavedAndTheRulesRefuse() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, project = try await TimeTrackingTests.project(world)
            let morning = try Self.draft("2026-11-16", "09:00", "10:00", project: project, description: "Checkout")
            let id = try await world.act(as: eva) { try await TimeEntryActions.save(morning, id: nil, $0) }.get()
            let later = try Self.draft("2026-11-16", "10:00", "11:30", project: project)
            #expect(try await world.act(as: eva) { try await TimeEntryActions.save(later, id: id, $0) } == .success(id))
            let entries = try await TimeTrackingTests.entries(world, of: eva)
            #expect(entries.map(\.id) == [id] && entries[0].start.text == "10:00" && entries[0].seconds == 5400)

            // Someone else's entry is not there for them, in this company or another.
            for someone in [world.leader, world.admin, world.otherAdmin] {
                await #expect(throws: ActionRefusal.notFound) {
                    try await world.act(as: someone) { try await TimeEntryActions.save(morning, id: id, $0) }
                }
            }
            // Over another entry; on another company's project; before the contract.
            let overlapping = try Self.draft("2026-11-16", "11:00", "12:00", project: project)
            guard case .failure(.overlaps(let other)) = try await world.act(as: eva, { try await TimeEntryActions.save(overlapping, id: nil, $0) })
            else { Issue.record("an overlap saved"); return }
            #expect(other.id == id)
            let foreign = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { try await ProjectQueries.projects(on: $0)[0].id }
            let elsewhere = try Self.draft("2026-11-17", "09:00", "10:00", project: foreign)
            #expect(try await world.act(as: eva) { try await TimeEntryActions.save(elsewhere, id: nil, $0) } == .failure(.projectUnavailable))
            let early = try Self.draft("2024-08-01", "09:00", "10:00", project: project)
            #expect(try await world.act(as: eva) { try await TimeEntryActions.save(early, id: nil, $0) } == .failure(.noContract))
            // Someone no longer active tracks nothing.
            var gone = eva
            gone.active = false
            let inactive = gone
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: inactive) { try await TimeEntryActions.save(later, id: nil, $0) }
            }
            #expect(try await TimeTrackingTests.entries(world, of: eva).count == 1)
        }
    }

    @Test func onlyOnesOwnEntryIsDeletedAndNotInAClosedMonth() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, project = try await TimeTrackingTests.project(world)
            let draft = try Self.draft("2026-11-16", "09:00", "10:00", project: project)
            let id = try await world.act(as: eva) { try await TimeEntryActions.save(draft, id: nil, $0) }.get()
            for someone in [world.leader, world.admin, world.otherAdmin] {
                await #expect(throws: ActionRefusal.notFound) {
                    try await world.act(as: someone) { try await TimeEntryActions.delete(id, $0) }
                }
            }
            var gone = eva
            gone.active = false
            let inactive = gone
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: inactive) { try await TimeEntryActions.delete(id, $0) }
            }
            #expect(Self.refusal(try await world.act(as: eva) { try await TimeEntryActions.delete(id, $0) }) == nil)
            #expect(try await TimeTrackingTests.entries(world, of: eva).isEmpty)
            // A second click: gone.
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: eva) { try await TimeEntryActions.delete(id, $0) }
            }
            // October 2024 is approved: its entry stays.
            let seeded = try #require(try await TimeTrackingTests.entries(world, of: eva, from: "2024-10-01", through: "2024-10-31").first)
            #expect(Self.refusal(try await world.act(as: eva) { try await TimeEntryActions.delete(seeded.id, $0) }) == .monthClosed)
            #expect(try await TimeTrackingTests.entries(world, of: eva, from: "2024-10-01", through: "2024-10-31") == [seeded])
        }
    }
}
