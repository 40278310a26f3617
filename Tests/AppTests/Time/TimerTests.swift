import Foundation
import PostgresNIO
import Testing
@testable import App

/// The timer: one per person, kept in the database, and a repeated click changes nothing twice.
@Suite struct TimerTests {
    static func running(_ world: TestWorld, _ user: User) async throws -> RunningTimer? {
        try await world.db.transaction(tenant: user.tenantID) { try await TimerQueries.running(of: user.id, on: $0) }
    }

    /// Moves the person's running timer's start back by `seconds` (the world's clock stands still).
    static func wind(_ world: TestWorld, _ user: User, back seconds: Int) async throws {
        _ = try await world.db.transaction(tenant: user.tenantID) { db in
            try await db.query("""
                UPDATE running_timers SET started_at = started_at - make_interval(secs => \(seconds))
                WHERE tenant_id = \(db.tenant) AND user_id = \(user.id)
                """)
        }
    }

    @Test func startStopAndTheSecondClick() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time")
            let start = ["project": project.uuidString, "description": "Checkout", "seen": ""]
            #expect(try await eva.post("/t/acme/time/timer/start", form: start, csrfFrom: week).status == .seeOther)
            let first = try #require(try await Self.running(world, world.employee))
            // The same click again (a double click, a second tab that showed no timer): nothing changes.
            let again = try await eva.post("/t/acme/time/timer/start", form: start, csrfFrom: week)
            let unchanged = try await Self.running(world, world.employee)
            #expect(again.status == .seeOther && unchanged == first)
            let shown = try await eva.get("/t/acme/time")
            #expect(shown.body.contains("Timer running") && shown.body.contains("Globus · Web") && shown.body.contains("Since 10:00"))

            // Stopped within a minute: nothing recorded.
            let stop = ["timer": first.id.uuidString]
            #expect(try await eva.post("/t/acme/time/timer/stop", form: stop, csrfFrom: shown).status == .seeOther)
            #expect(try await Self.running(world, world.employee) == nil)
            #expect(try await TimeTrackingTests.entries(world, of: world.employee).isEmpty)

            // Two hours: recorded from 08:00 to 10:00 (the world's clock says 10:00).
            _ = try await eva.post("/t/acme/time/timer/start", form: start, csrfFrom: week)
            try await Self.wind(world, world.employee, back: 7200)
            let timer = try #require(try await Self.running(world, world.employee))
            let stopped = try await eva.post("/t/acme/time/timer/stop", form: ["timer": timer.id.uuidString], csrfFrom: week)
            #expect(stopped.status == .seeOther)
            let twice = try await eva.post("/t/acme/time/timer/stop", form: ["timer": timer.id.uuidString], csrfFrom: week)
            #expect(twice.status == .seeOther)
            let entries = try await TimeTrackingTests.entries(world, of: world.employee)
            #expect(entries.count == 1 && entries[0].start.text == "08:00" && entries[0].end.text == "10:00"
                && entries[0].seconds == 7200 && entries[0].description == "Checkout")
            let flash = try await eva.get("/t/acme/time")
            #expect(flash.body.contains("already been stopped"))
        }
    }

    @Test func startingAnotherStopsTheFirst() async throws {
        try await withWorld { world in
            let web = try await TimeTrackingTests.project(world)
            let app = try await TimeTrackingTests.project(world, client: "Kofola", name: "App")
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time")
            _ = try await eva.post("/t/acme/time/timer/start", form: ["project": web.uuidString, "seen": ""], csrfFrom: week)
            try await Self.wind(world, world.employee, back: 3600)
            let first = try #require(try await Self.running(world, world.employee))
            let switched = try await eva.post("/t/acme/time/timer/start",
                                              form: ["project": app.uuidString, "seen": first.id.uuidString], csrfFrom: week)
            #expect(switched.status == .seeOther)
            let second = try #require(try await Self.running(world, world.employee))
            #expect(second.projectID == app && second.id != first.id)
            let entries = try await TimeTrackingTests.entries(world, of: world.employee)
            #expect(entries.map(\.projectID) == [web] && entries[0].seconds == 3600)
        }
    }

    @Test func aTimerLeftOverMidnightAsksWhatToKeep() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time")
            _ = try await eva.post("/t/acme/time/timer/start", form: ["project": project.uuidString, "seen": ""], csrfFrom: week)
            // Started yesterday at 16:00 (the world's clock: 18 November, 10:00).
            try await Self.wind(world, world.employee, back: 18 * 3600)
            let timer = try #require(try await Self.running(world, world.employee))
            let stop = try await eva.post("/t/acme/time/timer/stop", form: ["timer": timer.id.uuidString], csrfFrom: week)
            #expect(stop.status == .seeOther && stop.location == "/t/acme/time/timer")
            #expect(try await Self.running(world, world.employee) != nil)
            let ask = try await eva.get("/t/acme/time/timer")
            #expect(ask.status == .ok && ask.body.contains("past midnight") && ask.body.contains("17 November 2026 16:00"))
            let early = try await eva.post("/t/acme/time/timer/stop", form: ["timer": timer.id.uuidString, "end": "15:00"], csrfFrom: ask)
            #expect(early.status == .unprocessableEntity && early.body.contains("after the timer&#39;s start")
                || early.body.contains("after the timer's start"))
            let garbage = try await eva.post("/t/acme/time/timer/stop", form: ["timer": timer.id.uuidString, "end": "evening"], csrfFrom: ask)
            #expect(garbage.status == .unprocessableEntity)
            let kept = try await eva.post("/t/acme/time/timer/stop", form: ["timer": timer.id.uuidString, "end": "18:30"], csrfFrom: ask)
            #expect(kept.status == .seeOther)
            let entries = try await TimeTrackingTests.entries(world, of: world.employee)
            #expect(entries.count == 1 && entries[0].day.iso == "2026-11-17" && entries[0].start.text == "16:00"
                && entries[0].end.text == "18:30")
            #expect(try await Self.running(world, world.employee) == nil)
            // A timer the person discards records nothing.
            _ = try await eva.post("/t/acme/time/timer/start", form: ["project": project.uuidString, "seen": ""], csrfFrom: week)
            let next = try #require(try await Self.running(world, world.employee))
            _ = try await eva.post("/t/acme/time/timer/stop", form: ["timer": next.id.uuidString, "discard": "1"], csrfFrom: week)
            #expect(try await Self.running(world, world.employee) == nil)
            #expect(try await TimeTrackingTests.entries(world, of: world.employee).count == 1)
        }
    }

    /// Starts and stops racing each other on separate connections: one timer, one entry.
    @Test func concurrentStartsAndStopsChangeThingsOnce() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world)
            let user = world.employee
            // The world's fixed instant (10:00 in Prague): an hour earlier is the same day whenever the test runs.
            let now = world.app.settings.clock.now
            let starts = try await withThrowingTaskGroup(of: TimerStartOutcome.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await world.db.transaction(tenant: user.tenantID) { db in
                            try await TimerQueries.start(project: project, description: "", seen: nil, for: user.id,
                                                         now: now.addingTimeInterval(-3600), zone: "Europe/Prague", on: db)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(starts.filter { if case .started = $0 { true } else { false } }.count == 1)
            let timer = try #require(try await Self.running(world, user))
            let stops = try await withThrowingTaskGroup(of: TimerStopOutcome.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await world.db.transaction(tenant: user.tenantID) { db in
                            try await TimerQueries.stop(timer.id, end: .now, for: user.id, now: now, zone: "Europe/Prague", on: db)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(stops.filter { if case .recorded = $0 { true } else { false } }.count == 1)
            #expect(stops.filter { $0 == .alreadyStopped }.count == 3)
            let day = LocalDate.today(in: "Europe/Prague", now: now)
            let entries = try await world.db.transaction(tenant: user.tenantID) { db in
                try await TimeEntryQueries.entries(of: user.id, from: day.adding(days: -1), through: day, zone: "Europe/Prague", on: db)
            }
            #expect(entries.count == 1)
        }
    }
}
