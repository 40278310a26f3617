import Foundation
import Testing
import Vapor
@testable import App

/// Sessions end after a time without use, and use is recorded at most once a minute.
@Suite struct SessionIdleTests {
    static func lastSeen(_ world: TestWorld, of user: User) async throws -> Date {
        try await world.database.asSuperuser {
            try await $0.query("SELECT max(last_seen_at) FROM sessions WHERE user_id = \(user.id)", logger: TestPostgres.logger)
                .collect()[0].decode(Date.self)
        }
    }

    static func setLastSeen(_ world: TestWorld, of user: User, minutesAgo: Int) async throws {
        try await world.database.asSuperuser {
            try await $0.query("""
                UPDATE sessions SET last_seen_at = now() - \(minutesAgo) * interval '1 minute' WHERE user_id = \(user.id)
                """, logger: TestPostgres.logger)
        }
    }

    @Test func aSessionUnusedForTheIdleTimeIsRefused() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.employee)
            #expect(try await browser.get("/t/acme/").status == .ok)
            try await Self.setLastSeen(world, of: world.employee, minutesAgo: 8 * 60 + 1)
            let page = try await browser.get("/t/acme/")
            #expect(page.status == .seeOther && page.location == Paths.login("acme"), "\(page.status)")
            #expect(SessionQueries.defaultIdleTimeout == 8 * 3600)
        }
    }

    @Test func theIdleTimeIsASetting() async throws {
        try await withWorld(settings: { $0.sessionIdleMinutes = 30 }) { world in
            var browser = try await world.signedIn(world.leader)
            try await Self.setLastSeen(world, of: world.leader, minutesAgo: 29)
            #expect(try await browser.get("/t/acme/").status == .ok)
            try await Self.setLastSeen(world, of: world.leader, minutesAgo: 31)
            #expect(try await browser.get("/t/acme/").status == .seeOther)
        }
    }

    @Test func useKeepsTheSessionAliveWithAWriteAtMostOnceAMinute() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.employee)
            let signedIn = try await Self.lastSeen(world, of: world.employee)
            // Within the minute: page views write nothing (their transactions are read-only anyway).
            for _ in 0..<3 { #expect(try await browser.get("/t/acme/").status == .ok) }
            #expect(try await Self.lastSeen(world, of: world.employee) == signedIn)
            // Seven hours without use, then a page view: recorded, so the session lives on.
            try await Self.setLastSeen(world, of: world.employee, minutesAgo: 7 * 60)
            #expect(try await browser.get("/t/acme/").status == .ok)
            let touched = try await Self.lastSeen(world, of: world.employee)
            #expect(abs(touched.timeIntervalSinceNow) < 30, "last seen \(touched)")
            #expect(try await browser.get("/t/acme/").status == .ok)
            #expect(try await Self.lastSeen(world, of: world.employee) == touched)
        }
    }

    @Test func whenToRecordUse() {
        let now = Date()
        #expect(!SessionQueries.needsTouch(lastSeen: now, now: now))
        #expect(!SessionQueries.needsTouch(lastSeen: now.addingTimeInterval(-59), now: now))
        #expect(SessionQueries.needsTouch(lastSeen: now.addingTimeInterval(-60), now: now))
        #expect(SessionQueries.needsTouch(lastSeen: now.addingTimeInterval(-3_600), now: now))
    }
}
