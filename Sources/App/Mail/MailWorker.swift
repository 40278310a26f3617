import Foundation
import Logging
import PostgresNIO

/// Delivers the outboxes of all tenants. Each tenant's due messages are claimed in a short
/// transaction (a lease: other workers skip them until it runs out), then handed to the transport
/// one by one with no database connection held, and each is marked sent (or failed, with a later
/// retry) in a transaction of its own as soon as the transport is done with it. A worker that
/// dies mid-batch leaves the messages it delivered marked sent; only the one it was handing over
/// can go out twice. A message that has expired by the time its turn comes (a sign-in link) is
/// marked so and not sent.
public struct MailWorker: Sendable {
    public let database: Database
    public let transport: any MailTransport
    public let from: String
    public let logger: Logger

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
        for tenant in tenants {
            let (expired, claimed) = try await database.transaction(tenant: tenant) { connection in
                (try await OutboxQueries.markExpiredUnsent(on: connection),
                 try await OutboxQueries.claimDue(on: connection))
            }
            pass.expired += expired
            for mail in claimed {
                // The lease ran out (a transport slower than the lease allows): another worker may own it now.
                if let until = mail.claimedUntil, until <= Date() { break }
                try await deliver(mail, tenant: tenant, pass: &pass)
            }
        }
        return pass
    }

    private func deliver(_ mail: OutboxMail, tenant: UUID, pass: inout Pass) async throws {
        if let expires = mail.expiresAt, expires <= Date() {
            try await database.transaction(tenant: tenant) { connection in
                try await OutboxQueries.markExpired(mail.id, on: connection)
            }
            pass.expired += 1
            return
        }
        do {
            let message = try MailMessage(from: from, to: mail.recipient, subject: mail.subject, body: mail.body, id: mail.id)
            try await transport.send(message)
        } catch {
            logger.warning("mail \(mail.id) to \(mail.recipient) not delivered: \(error)")
            try await database.transaction(tenant: tenant) { connection in
                try await OutboxQueries.markFailed(mail, error: String(describing: error), on: connection)
            }
            pass.failed += 1
            return
        }
        try await database.transaction(tenant: tenant) { connection in
            try await OutboxQueries.markSent(mail.id, on: connection)
        }
        pass.sent += 1
    }

    /// Passes until cancelled; a failing pass (database away) is logged and retried.
    public func run(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                try await deliverDue()
            } catch {
                logger.error("mail delivery pass failed: \(error)")
            }
            try? await Task.sleep(for: interval)
        }
    }
}
