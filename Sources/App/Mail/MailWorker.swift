import Foundation
import Logging
import PostgresNIO

/// Delivers the outboxes of all tenants: each tenant's due messages are claimed under row locks
/// (so two servers never send one twice), handed to the transport, and marked sent or failed
/// with a later retry, all in that tenant's transaction.
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
            let result = try await database.transaction(tenant: tenant) { connection in
                var pass = Pass()
                for mail in try await OutboxQueries.claimDue(tenant: tenant, on: connection, logger: logger) {
                    do {
                        let message = try MailMessage(from: from, to: mail.recipient, subject: mail.subject, body: mail.body,
                                                      id: mail.id)
                        try await transport.send(message)
                        try await OutboxQueries.markSent(mail.id, tenant: tenant, on: connection, logger: logger)
                        pass.sent += 1
                    } catch {
                        logger.warning("mail \(mail.id) to \(mail.recipient) not delivered: \(error)")
                        try await OutboxQueries.markFailed(mail, error: String(describing: error), tenant: tenant,
                                                           on: connection, logger: logger)
                        pass.failed += 1
                    }
                }
                return pass
            }
            pass.sent += result.sent
            pass.failed += result.failed
        }
        return pass
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
