import Foundation
import Logging
import PostgresNIO

/// Delivers the outboxes of all tenants. Each tenant's due messages are claimed in a short
/// transaction (a lease of `lease`: other workers skip them until it runs out), then handed to
/// the transport one by one with no database connection held. Before each, the worker renews its
/// lease and records the hand-over (`OutboxQueries.beginHandOver`); after it, the message is
/// marked sent (or failed, with a later retry) in a transaction of its own. A worker that dies
/// mid-batch leaves the messages it delivered marked sent, the one it was handing over in doubt
/// (sent again with the same Message-ID, which the receiver can drop), and the rest due again
/// once its short lease has passed, so a sign-in link still goes out while it works. A message
/// that has expired by the time its turn comes is marked so and not sent.
public struct MailWorker: Sendable {
    public let database: Database
    public let transport: any MailTransport
    public let from: String
    public let logger: Logger
    /// The outbox's depth and the age of its oldest message, set by each sweep (`/metrics`).
    public var metrics: RosterMetrics?
    /// How long a claim holds without being renewed (`OutboxQueries.lease`).
    public var lease: Duration = OutboxQueries.lease

    public init(database: Database, transport: any MailTransport, from: String, logger: Logger) {
        self.database = database
        self.transport = transport
        self.from = from
        self.logger = logger
    }

    public struct Pass: Sendable, Equatable {
        public var sent = 0
        public var failed = 0
        /// Expired before they could go out.
        public var expired = 0
    }

    /// One pass over every tenant's due messages.
    @discardableResult
    public func deliverDue() async throws -> Pass {
        var tenants: [UUID] = []
        for try await id in try await database.query("SELECT id FROM tenants ORDER BY id").decode(UUID.self) {
            tenants.append(id)
        }
        var pass = Pass()
        var pending = 0, oldest: Date?
        for tenant in tenants {
            try await deliverDue(tenant: tenant, pass: &pass)
            // The figures for /metrics; a failure to read them never holds up delivery.
            guard metrics != nil, let waiting = try? await database.transaction(tenant: tenant, readOnly: true, {
                try await OutboxQueries.pending(on: $0)
            }) else { continue }
            pending += waiting.count
            if let first = waiting.oldest { oldest = min(oldest ?? first, first) }
        }
        metrics?.outboxPending.set(Int64(pending))
        metrics?.outboxOldestAge.set(oldest.map { max(0, Date().timeIntervalSince($0)) } ?? 0)
        return pass
    }

    /// One tenant's due messages, batch after batch until none is left.
    @discardableResult
    public func deliverDue(tenant: UUID) async throws -> Pass {
        var pass = Pass()
        try await deliverDue(tenant: tenant, pass: &pass)
        return pass
    }

    private func deliverDue(tenant: UUID, pass: inout Pass) async throws {
        let batch = 20, lease = lease
        while true {
            let claim = UUID()
            let (expired, claimed) = try await database.transaction(tenant: tenant) { connection in
                (try await OutboxQueries.markExpiredUnsent(on: connection),
                 try await OutboxQueries.claimDue(limit: batch, lease: lease, as: claim, on: connection))
            }
            pass.expired += expired
            for mail in claimed {
                // The claim no longer holds it (a transport slower than the lease allows): another
                // worker may have the rest of the batch now.
                guard try await deliver(mail, claim: claim, tenant: tenant, pass: &pass) else { return }
            }
            if claimed.count < batch { return }
        }
    }

    /// Delivers one message of `claim`; false when the claim no longer holds it.
    private func deliver(_ mail: OutboxMail, claim: UUID, tenant: UUID, pass: inout Pass) async throws -> Bool {
        if let expires = mail.expiresAt, expires <= Date() {
            try await database.transaction(tenant: tenant) { connection in
                try await OutboxQueries.markExpired(mail.id, claim: claim, on: connection)
            }
            pass.expired += 1
            return true
        }
        let lease = lease
        guard try await database.transaction(tenant: tenant, { connection in
            try await OutboxQueries.beginHandOver(mail.id, claim: claim, lease: lease, on: connection)
        }) else { return false }
        do {
            let message = try MailMessage(from: from, to: mail.recipient, subject: mail.subject, body: mail.body, id: mail.id,
                                          unsubscribeURL: mail.unsubscribeURL)
            try await transport.send(message)
        } catch {
            logger.warning("mail \(mail.id) to \(mail.recipient) not delivered: \(error)")
            try await database.transaction(tenant: tenant) { connection in
                try await OutboxQueries.markFailed(mail, claim: claim, error: String(describing: error), on: connection)
            }
            pass.failed += 1
            return true
        }
        try await database.transaction(tenant: tenant) { connection in
            try await OutboxQueries.markSent(mail.id, claim: claim, on: connection)
        }
        pass.sent += 1
        return true
    }

    /// The channel a statement that queues mail notifies, with its tenant (migration 0014).
    public static let channel = "roster_outbox"

    /// Delivers until cancelled: listens on `channel` and visits a tenant as soon as a
    /// transaction that queued mail for it commits, and sweeps every tenant each `sweep` (retries
    /// after a back-off, anything queued while nobody listened). The listening connection is one
    /// of the pool's, held for as long as it lasts; when it breaks (the database restarting), the
    /// worker sweeps and listens again a few seconds later. A failing pass is logged, never fatal.
    /// Without `listen` (behind a transaction pooler, where a LISTEN would be lost with its
    /// transaction) it only sweeps.
    public func run(sweepEvery sweep: Duration, listen: Bool = true) async {
        while !listen && !Task.isCancelled {
            do { try await deliverDue() } catch { logger.error("mail delivery pass failed: \(String(describing: error).prefix(300))") }
            try? await Task.sleep(for: sweep)
        }
        while !Task.isCancelled {
            do {
                try await database.client.withConnection(timeout: .seconds(30)) { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        try await serve(notifications, sweep: sweep)
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.error("mail delivery stopped listening, again in 5 s: \(String(describing: error).prefix(300))")
            }
            do { try await deliverDue() } catch { logger.error("mail delivery pass failed: \(String(describing: error).prefix(300))") }
            try? await Task.sleep(for: .seconds(5))
        }
    }

    struct ListeningEnded: Error {}

    /// Wakes for each notification (its tenant) and each `sweep` (every tenant), one delivery at a
    /// time; returns or throws when the notifications end or a delivery fails.
    private func serve(_ notifications: PostgresNotificationSequence, sweep: Duration) async throws {
        let (wakes, wake) = AsyncStream.makeStream(of: UUID?.self, bufferingPolicy: .bufferingNewest(1_000))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { wake.finish() }
                for try await notification in notifications {
                    if let tenant = UUID(uuidString: notification.payload) { wake.yield(tenant) }
                }
                throw ListeningEnded()
            }
            group.addTask {
                defer { wake.finish() }
                while true {
                    wake.yield(nil)
                    try await Task.sleep(for: sweep)
                }
            }
            var failure: (any Error)?
            for await tenant in wakes {
                do {
                    if let tenant { try await deliverDue(tenant: tenant) } else { try await deliverDue() }
                } catch {
                    failure = error
                    break
                }
            }
            group.cancelAll()
            if let failure { throw failure }
            try await group.waitForAll()
        }
    }
}
