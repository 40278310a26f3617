import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// Report pages read from the streaming standby that scripts/test starts, except for a browser
/// whose last write the standby has not replayed yet: that one reads from the primary, so a
/// person always sees what they did. A standby that cannot be reached costs nothing but speed.
@Suite(.serialized) struct ReplicaReadsTests {
    static var standby: PostgresURL {
        get throws {
            guard let url = ProcessInfo.processInfo.environment["ROSTER_TEST_REPLICA"] else {
                throw OperatorCommands.Failure("ROSTER_TEST_REPLICA is not set: run the tests with scripts/test, which starts the standby.")
            }
            return try PostgresURL(url)
        }
    }

    static let october = Month(iso: "2024-10")!

    /// Waits until the standby has replayed everything the primary has written so far (the insert
    /// position: the test cluster commits with `synchronous_commit` off, as `ReplicaReads` allows).
    static func caughtUp() async throws {
        let position = try await TestPostgres.superuser.withConnection(logger: TestPostgres.logger) { connection in
            try await connection.query("SELECT pg_current_wal_insert_lsn()::text", logger: TestPostgres.logger).collect()[0].decode(String.self)
        }
        try await standby.withConnection(logger: TestPostgres.logger) { connection in
            // The standby replays the databases every other test creates and drops: under a full
            // run it can be far behind.
            for _ in 0..<2_400 {
                if try await ReplicaReads.hasReplayed(position, on: connection, logger: TestPostgres.logger) { return }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw OperatorCommands.Failure("the standby did not replay \(position) within 120 s")
        }
    }

    static func replay(paused: Bool) async throws {
        try await standby.withConnection(logger: TestPostgres.logger) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: paused ? "SELECT pg_wal_replay_pause()" : "SELECT pg_wal_replay_resume()"),
                                       logger: TestPostgres.logger)
        }
    }

    static func state(_ browser: inout Browser, of id: UUID) async throws -> String? {
        let page = try await browser.get(Paths.reviewOverview("acme") + "?month=2024-10")
        #expect(page.status == .ok)
        let row = page.body.components(separatedBy: "<tr").first { $0.contains(id.uuidString.lowercased()) }
        return row?.firstMatch(of: /class="badge state ([a-z]+)"/).map { String($0.1) } ?? row.map { String($0.prefix(400)) }
    }

    @Test(.timeLimit(.minutes(5)))
    func aPersonReadsTheirOwnWriteWhileOthersReadTheStandby() async throws {
        let standby = try Self.standby
        // The standby is given far longer than a page's second to hand over a connection: on a
        // machine busy with the whole suite a connection can take longer, and the page would then
        // read from the primary, as it should, and this test would see the approval too early.
        try await withWorld(settings: {
            $0.replicaURL = standby.with(username: "roster_app", password: nil).with(database: $0.databaseURL.database)
            $0.replicaPoolTimeout = .seconds(30)
        }) { world in
            let id = try await ReviewRoutesTests.submit(world, world.employee, Self.october, ["Faktura", "Celkem k úhradě: 1 000,00 Kč"])
            var writer = try await world.signedIn(world.admin)
            var reader = try await world.signedIn(world.admin)
            try await Self.caughtUp()
            #expect(try await Self.state(&reader, of: id) == "submitted")

            try await Self.replay(paused: true)
            do {
                let desk = try await writer.get(Paths.reviewDesk("acme", month: Self.october, state: .submitted))
                let pick = try #require(desk.body.firstMatch(of: /value="([0-9a-f-]+:[0-9]+)"/).map { String($0.1) })
                #expect(pick.hasPrefix(id.uuidString.lowercased()))
                let result = try await ReviewRoutesTests.apply(&writer, action: "approve", picks: [pick], csrfFrom: desk)
                #expect(result.body.contains("1 approved"))
                #expect(writer.cookies[ReplicaReads.cookie].map(ReplicaReads.isPosition) == true)
                // The one who approved sees it at once (the primary answers); the other reads the
                // standby, which stands still before the approval.
                #expect(try await Self.state(&writer, of: id) == "approved")
                #expect(try await Self.state(&reader, of: id) == "submitted")
                // A forged position is ignored, never sent to SQL as it is.
                reader.cookies[ReplicaReads.cookie] = "0/0'; DROP TABLE invoices; --"
                #expect(try await Self.state(&reader, of: id) == "submitted")
            } catch {
                try await Self.replay(paused: false)
                throw error
            }
            try await Self.replay(paused: false)
            try await Self.caughtUp()
            #expect(try await Self.state(&reader, of: id) == "approved")
        }
    }

    @Test func aStandbyThatCannotBeReachedLeavesThePagesToThePrimary() async throws {
        let nowhere = try PostgresURL("postgres://roster_app@127.0.0.1:1/nowhere")
        // A wait for the standby far longer than a page takes even on a busy test machine, so
        // the bound below tells a page that waited from one that did not.
        let wait = Duration.seconds(4)
        try await withWorld(settings: { $0.replicaURL = nowhere; $0.replicaPoolTimeout = wait }) { world in
            var admin = try await world.signedIn(world.admin)
            let overview = try await admin.get(Paths.reviewOverview("acme"))
            #expect(overview.status == .ok)
            // The standby rests after it failed: the next page does not wait for it again.
            #expect(world.app.replica?.isResting == true)
            let start = ContinuousClock.now
            let increases = try await admin.get(Paths.rateIncreases("acme"))
            #expect(increases.status == .ok)
            #expect(start.duration(to: .now) < wait * 3 / 4)
        }
    }

    @Test func onlyWAlPositionsAreTaken() {
        for good in ["0/0", "16/B374D848", "FFFFFFFF/FFFFFFFF"] { #expect(ReplicaReads.isPosition(good)) }
        for bad in ["", "/", "0/", "/0", "0/0/0", "g/0", "16/b374d848", "123456789/0", "0/0 ", "0/0'", "٠/٠"] {
            #expect(!ReplicaReads.isPosition(bad), "\(bad)")
        }
    }
}
