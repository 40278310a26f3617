import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// The outbox worker: each message marked as soon as it has gone, no connection held while the
/// transport runs, and sign-in mail that has expired is not delivered late.
@Suite struct OutboxDeliveryTests {
    /// A transport that records what it was handed, refuses or holds chosen subjects, and while
    /// it has a message in hand runs `probe` (a query through the worker's own pool).
    actor ScriptedTransport: MailTransport {
        var failing: Set<String> = []
        var holding: Set<String> = []
        var delivered: [String] = []
        var recipients: [String] = []
        /// Every message handed over, delivered or not, with its Message-ID's id.
        var handed: [(subject: String, id: UUID)] = []
        var inHand: String?
        var probeAnswers: [Bool] = []
        var probe: (@Sendable () async -> Bool)?
        private var release: CheckedContinuation<Void, Never>?

        init(failing: Set<String> = [], holding: Set<String> = [], probe: (@Sendable () async -> Bool)? = nil) {
            self.failing = failing
            self.holding = holding
            self.probe = probe
        }

        struct Refused: Error {}

        func send(_ message: MailMessage) async throws {
            handed.append((message.subject, message.id))
            inHand = message.subject
            defer { inHand = nil }
            if let probe { probeAnswers.append(await probe()) }
            if holding.contains(message.subject) {
                await withCheckedContinuation { release = $0 }
                throw Refused()
            }
            if failing.contains(message.subject) { throw Refused() }
            delivered.append(message.subject)
            recipients.append(message.to)
        }

        func letGo() {
            release?.resume()
            release = nil
        }

        func isHolding() -> Bool { release != nil }
    }

    /// A database of one pooled connection over the test's database, and its runner.
    static func onePooledConnection(_ world: TestWorld) throws -> (App.Database, Task<Void, Never>) {
        let client = PostgresClient(configuration: try world.database.appURL.clientConfiguration(maxConnections: 1),
                                    backgroundLogger: TestPostgres.logger)
        let runner = Task { await client.run() }
        return (App.Database(client: client, logger: TestPostgres.logger), runner)
    }

    /// Whether a statement gets a connection from the pool within a few seconds.
    static func probe(_ database: App.Database) -> @Sendable () async -> Bool {
        {
            (try? await database.transaction { connection in
                try await connection.query("SELECT 1", logger: TestPostgres.logger)
            }) != nil
        }
    }

    static func enqueue(_ world: TestWorld, subjects: [String], expiresAt: Date? = nil) async throws -> [UUID] {
        var ids: [UUID] = []
        for subject in subjects {  // one transaction each: distinct creation times, sent in this order
            ids.append(try await world.db.transaction(tenant: world.admin.tenantID) {
                try await OutboxQueries.enqueue(to: world.admin.email, subject: subject, body: "Body", expiresAt: expiresAt,
                                                on: $0)
            })
        }
        return ids
    }

    struct Row: Equatable {
        let subject: String
        let sent: Bool
        let failed: Bool
        let attempts: Int
        let claimed: Bool
        let lastError: String?
    }

    /// The stored state, read as the superuser on a connection of its own (committed rows only).
    static func rows(_ world: TestWorld, _ ids: [UUID]) async throws -> [Row] {
        try await world.database.asSuperuser { connection in
            var rows: [Row] = []
            for id in ids {
                let row = try await connection.query("""
                    SELECT subject, sent_at IS NOT NULL, failed_at IS NOT NULL, attempts, claimed_until IS NOT NULL, last_error
                    FROM outbox WHERE id = \(id)
                    """, logger: TestPostgres.logger).collect()[0]
                let (subject, sent, failed, attempts, claimed, error) = try row.decode((String, Bool, Bool, Int, Bool, String?).self)
                rows.append(Row(subject: subject, sent: sent, failed: failed, attempts: attempts, claimed: claimed, lastError: error))
            }
            return rows
        }
    }

    @Test func eachMessageIsMarkedAsItGoesSoAFailureOrCrashMidBatchSendsNothingTwice() async throws {
        try await withWorld { world in
            let (database, runner) = try Self.onePooledConnection(world)
            defer { runner.cancel() }
            let ids = try await Self.enqueue(world, subjects: ["One", "Two", "Three"])
            let transport = ScriptedTransport(holding: ["Two"], probe: Self.probe(database))
            let worker = MailWorker(database: database, transport: transport, from: "roster@roster.test",
                                    logger: TestPostgres.logger)
            let pass = Task { try await worker.deliverDue() }
            // The second message is in the transport: what a crash at this moment leaves behind.
            for _ in 0..<500 where !(await transport.isHolding()) { try await Task.sleep(for: .milliseconds(20)) }
            #expect(await transport.isHolding())
            let meanwhile = try await Self.rows(world, ids)
            #expect(meanwhile[0].sent && !meanwhile[0].claimed, "the first message is marked sent before the next one goes")
            #expect(!meanwhile[1].sent && meanwhile[1].claimed && !meanwhile[2].sent && meanwhile[2].claimed)
            // The worker holds no connection while the transport runs: the pool's only one is free.
            #expect(await Self.probe(database)(), "a statement got the pool's one connection while a message was in the transport")
            await transport.letGo()
            #expect(try await pass.value == .init(sent: 2, failed: 1))
            #expect(await transport.probeAnswers == [true, true, true])

            let after = try await Self.rows(world, ids)
            #expect(after.map(\.sent) == [true, false, true] && after[1].attempts == 1 && !after[1].failed)
            #expect(after.allSatisfy { !$0.claimed })
            // Once the second is due again, only it goes out; the first and third never again.
            try await world.database.asSuperuser {
                try await $0.query("UPDATE outbox SET next_attempt_at = now() WHERE id = \(ids[1])", logger: TestPostgres.logger)
            }
            let again = ScriptedTransport()
            let second = MailWorker(database: world.db, transport: again, from: "roster@roster.test", logger: TestPostgres.logger)
            #expect(try await second.deliverDue() == .init(sent: 1))
            #expect(await again.delivered == ["Two"])
        }
    }

    @Test func aSweepTellsTheMetricsHowManyMailsWaitAndSinceWhen() async throws {
        try await withWorld { world in
            _ = try await Self.enqueue(world, subjects: ["Refused", "Delivered"])
            var worker = MailWorker(database: world.db, transport: ScriptedTransport(failing: ["Refused"]),
                                    from: "roster@roster.test", logger: TestPostgres.logger)
            let metrics = RosterMetrics()
            worker.metrics = metrics
            #expect(try await worker.deliverDue() == .init(sent: 1, failed: 1))
            // The refused one waits for its retry; the delivered one and the world's sent mail do not count.
            let text = String(decoding: metrics.exposition(), as: UTF8.self)
            #expect(text.contains("roster_outbox_pending 1.0"), "\(text)")
            let age = try #require(text.firstMatch(of: /roster_outbox_oldest_pending_age_seconds ([0-9.]+)/).flatMap { Double($0.1) })
            #expect(age >= 0 && age < 60)
        }
    }

    /// The server dies while the transport has a message in hand (a sendmail killed with it): the
    /// rest of its batch goes out as soon as its short lease has passed (a sign-in link while the
    /// link still works), the one in hand goes out again with the same Message-ID, and nothing else
    /// twice; the dead worker, should its transport ever return, marks nothing it no longer holds.
    @Test func aWorkerThatDiesMidBatchLeavesOneMessageInDoubtAndTheRestDueAtOnce() async throws {
        try await withWorld { world in
            let ids = try await Self.enqueue(world, subjects: ["One", "Two", "Three"])
                + Self.enqueue(world, subjects: ["Link"], expiresAt: Date().addingTimeInterval(15 * 60))
            let dying = ScriptedTransport(holding: ["Two"])
            var first = MailWorker(database: world.db, transport: dying, from: "roster@roster.test", logger: TestPostgres.logger)
            // A lease long enough for a machine busy with other tests, short for the test.
            first.lease = .seconds(4)
            let crashed = Task { [first] in try await first.deliverDue() }
            for _ in 0..<500 where !(await dying.isHolding()) { try await Task.sleep(for: .milliseconds(20)) }
            #expect(await dying.isHolding())
            // What the crash leaves: the first sent, the second handed over and in doubt, the rest only claimed.
            let handedOver = try await world.database.asSuperuser { connection in
                try await connection.query("SELECT subject FROM outbox WHERE handed_over_at IS NOT NULL ORDER BY subject",
                                           logger: TestPostgres.logger).collect().map { try $0.decode(String.self) }
            }
            #expect(handedOver == ["One", "Two"])
            // Once the lease has passed, another worker delivers the rest.
            try await Task.sleep(for: .milliseconds(4_500))
            let again = ScriptedTransport()
            var second = MailWorker(database: world.db, transport: again, from: "roster@roster.test", logger: TestPostgres.logger)
            second.lease = .seconds(4)
            #expect(try await second.deliverDue() == .init(sent: 3))
            #expect(await again.delivered == ["Two", "Three", "Link"])
            let firstTwo = await dying.handed.first { $0.subject == "Two" }?.id
            let againTwo = await again.handed.first { $0.subject == "Two" }?.id
            #expect(firstTwo != nil && againTwo == firstTwo, "the message in doubt goes out again with the same Message-ID")
            // The dead worker's transport returns at last (refused): it changes nothing.
            await dying.letGo()
            _ = try? await crashed.value
            let after = try await Self.rows(world, ids)
            #expect(after.allSatisfy { $0.sent && !$0.failed && $0.attempts == 1 && !$0.claimed }, "\(after)")
        }
    }

    @Test func aClaimWhoseWorkerDiedIsDeliveredAfterItsLeaseAndNotBefore() async throws {
        try await withWorld { world in
            let ids = try await Self.enqueue(world, subjects: ["Orphan"])
            // A worker claims the message and dies before sending it.
            let claimed = try await world.db.transaction(tenant: world.admin.tenantID) {
                try await OutboxQueries.claimDue(as: UUID(), on: $0)
            }
            #expect(claimed.map(\.id).contains(ids[0]))
            let transport = ScriptedTransport()
            let worker = MailWorker(database: world.db, transport: transport, from: "roster@roster.test", logger: TestPostgres.logger)
            #expect(try await worker.deliverDue() == .init())
            try await world.database.asSuperuser {
                try await $0.query("UPDATE outbox SET claimed_until = now() - interval '1 second' WHERE id = \(ids[0])",
                                   logger: TestPostgres.logger)
            }
            #expect(try await worker.deliverDue() == .init(sent: 1))
            #expect(await transport.delivered == ["Orphan"])
        }
    }

    @Test func aSignInMailWhoseLinkHasExpiredIsNotDelivered() async throws {
        try await withWorld { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            for email in [world.employee.email, world.leader.email] {
                let answer = try await visitor.post("/t/acme/login", form: ["email": email], csrfFrom: login)
                #expect(answer.status == .ok)
            }
            // The mail carries its link's expiry.
            let stored = try await world.database.asSuperuser { connection in
                try await connection.query("""
                    SELECT o.recipient, o.expires_at,
                           (SELECT max(l.expires_at) FROM sign_in_links l
                            JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.user_id
                            WHERE u.tenant_id = o.tenant_id AND u.email = o.recipient)
                    FROM outbox o WHERE o.subject <> 'Welcome' ORDER BY o.recipient
                    """, logger: TestPostgres.logger).collect().map { try $0.decode((String, Date?, Date?).self) }
            }
            #expect(stored.count == 2)
            for (recipient, mailExpiry, linkExpiry) in stored {
                let expiry = try #require(mailExpiry, "\(recipient)"), link = try #require(linkExpiry)
                #expect(expiry == link || abs(expiry.timeIntervalSince(link)) < 0.001, "\(recipient)")
            }
            // The employee's link expires before the worker gets to it.
            try await world.database.asSuperuser {
                try await $0.query("""
                    UPDATE outbox SET expires_at = now() - interval '1 second' WHERE recipient = \(world.employee.email)
                    """, logger: TestPostgres.logger)
            }
            let transport = ScriptedTransport()
            let worker = MailWorker(database: world.db, transport: transport, from: "roster@roster.test", logger: TestPostgres.logger)
            #expect(try await worker.deliverDue() == .init(sent: 1, expired: 1))
            #expect(await transport.recipients == [world.leader.email])
            let mails = try await LinkRequestTests.mail(world, to: world.employee)
            let dropped = try #require(mails.first)
            #expect(dropped.sentAt == nil && dropped.failedAt != nil && dropped.lastError == OutboxQueries.expiredNote)
            // It stays undelivered.
            #expect(try await worker.deliverDue() == .init())
        }
    }
}
