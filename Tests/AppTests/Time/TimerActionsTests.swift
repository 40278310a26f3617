import Foundation
import Testing
@testable import App

/// The use cases of one's own timer, without HTTP: a start names the timer the page saw, a stop
/// the timer it stops, and nobody reaches anyone else's (`TimerActions`).
@Suite struct TimerActionsTests {
    @Test func startAndStopOnesOwnTimer() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, project = try await TimeTrackingTests.project(world)
            let start = TimerActions.Start(project: project, description: "Checkout", seen: nil)
            guard case .started(let id) = try await world.act(as: eva, { try await TimerActions.start(start, $0) })
            else { Issue.record("no timer started"); return }
            // A page that saw no timer, again (a second click): nothing changes.
            guard case .unchanged(let running?) = try await world.act(as: eva, { try await TimerActions.start(start, $0) })
            else { Issue.record("a second timer started"); return }
            #expect(running.id == id)
            // Someone else's timer is not theirs to stop, in this company or another.
            for someone in [world.leader, world.admin, world.otherAdmin] {
                #expect(try await world.act(as: someone) { try await TimerActions.stop(.init(timer: id, end: .now), $0) } == .alreadyStopped)
            }
            #expect(try await TimerTests.running(world, eva)?.id == id)
            // Two hours later: recorded, once.
            try await TimerTests.wind(world, eva, back: 7200)
            guard case .recorded(let entry) = try await world.act(as: eva, { try await TimerActions.stop(.init(timer: id, end: .now), $0) })
            else { Issue.record("the timer's time not recorded"); return }
            #expect(try await world.act(as: eva) { try await TimerActions.stop(.init(timer: id, end: .now), $0) } == .alreadyStopped)
            let entries = try await TimeTrackingTests.entries(world, of: eva)
            #expect(entries.map(\.id) == [entry] && entries[0].seconds == 7200 && entries[0].description == "Checkout")
            #expect(try await TimerTests.running(world, eva) == nil)
        }
    }

    @Test func refusalsStaleStartsAndAnOverrunTimer() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, project = try await TimeTrackingTests.project(world)
            let foreign = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { try await ProjectQueries.projects(on: $0)[0].id }
            #expect(try await world.act(as: eva) {
                try await TimerActions.start(.init(project: foreign, description: "", seen: nil), $0)
            } == .refused(.projectUnavailable))
            // A page that showed a timer no longer running is stale: nothing starts.
            #expect(try await world.act(as: eva) {
                try await TimerActions.start(.init(project: project, description: "", seen: UUID()), $0)
            } == .unchanged(nil))
            var gone = eva
            gone.active = false
            let inactive = gone
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: inactive) { try await TimerActions.start(.init(project: project, description: "", seen: nil), $0) }
            }
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: inactive) { try await TimerActions.stop(.init(timer: UUID(), end: .discard), $0) }
            }
            #expect(try await TimerTests.running(world, eva) == nil)
            // Left running from 21:00 the day before: it asks what to keep; an end before its start is refused.
            guard case .started(let id) = try await world.act(as: eva, {
                try await TimerActions.start(.init(project: project, description: "", seen: nil), $0)
            }) else { Issue.record("no timer started"); return }
            try await TimerTests.wind(world, eva, back: 13 * 3600)
            guard case .needsEnd(_, .overMidnight) = try await world.act(as: eva, { try await TimerActions.stop(.init(timer: id, end: .now), $0) })
            else { Issue.record("an overrun timer stopped now"); return }
            guard case .badEnd = try await world.act(as: eva, {
                try await TimerActions.stop(.init(timer: id, end: .at(ClockTime(minutes: 20 * 60)!)), $0)
            }) else { Issue.record("an end before the start kept"); return }
            guard case .recorded = try await world.act(as: eva, {
                try await TimerActions.stop(.init(timer: id, end: .at(ClockTime(minutes: 23 * 60)!)), $0)
            }) else { Issue.record("the chosen end not kept"); return }
            let entries = try await TimeTrackingTests.entries(world, of: eva)
            #expect(entries.map { [$0.day.iso, $0.start.text, $0.end.text] } == [["2026-11-17", "21:00", "23:00"]])
            #expect(try await TimerTests.running(world, eva) == nil)
        }
    }
}
