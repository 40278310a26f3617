import Foundation
import Logging
import PostgresNIO

/// One message waiting in (or delivered from) a tenant's outbox.
public struct OutboxMail: Sendable, Equatable {
    public let id: UUID
    public let recipient: String
    public let subject: String
    public let body: String
    public let attempts: Int
    public let createdAt: Date
    public let sentAt: Date?
    public let failedAt: Date?
    public let lastError: String?
}

/// When to try again after a failed delivery (pure): 1, 2, 4 … minutes, at most an hour; after
/// `maxAttempts` the message is given up (and stays in the outbox with its last error).
public enum OutboxRetry {
    public static let maxAttempts = 8

    public static func delay(afterAttempt attempt: Int) -> Duration {
        .seconds(60 * min(1 << min(max(attempt - 1, 0), 6), 60))
    }
}

public enum OutboxQueries {
    /// Queues a message in the caller's transaction: it is sent only if that commits.
    @discardableResult
    public static func enqueue(
        to recipient: String, subject: String, body: String, tenant: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws -> UUID {
        try await connection.query("""
            INSERT INTO outbox (tenant_id, recipient, subject, body) VALUES (\(tenant), \(recipient), \(subject), \(body))
            RETURNING id
            """, logger: logger).collect()[0].decode(UUID.self)
    }

    static let columns = "id, recipient, subject, body, attempts, created_at, sent_at, failed_at, last_error"

    static func decode(_ row: PostgresRow) throws -> OutboxMail {
        let (id, recipient, subject, body, attempts, created, sent, failed, error) = try row.decode(
            (UUID, String, String, String, Int, Date, Date?, Date?, String?).self)
        return OutboxMail(id: id, recipient: recipient, subject: subject, body: body, attempts: attempts,
                          createdAt: created, sentAt: sent, failedAt: failed, lastError: error)
    }

    /// Due messages of the tenant, locked for this transaction; other workers skip them.
    public static func claimDue(
        tenant: UUID, limit: Int = 20, on connection: PostgresConnection, logger: Logger
    ) async throws -> [OutboxMail] {
        try await connection.query("""
            SELECT \(unescaped: columns) FROM outbox
            WHERE tenant_id = \(tenant) AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
            ORDER BY next_attempt_at LIMIT \(limit)
            FOR UPDATE SKIP LOCKED
            """, logger: logger).collect().map(decode)
    }

    public static func markSent(_ id: UUID, tenant: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("""
            UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL
            WHERE tenant_id = \(tenant) AND id = \(id)
            """, logger: logger)
    }

    /// Records a failed attempt: try again later, or give up after the last attempt.
    public static func markFailed(
        _ mail: OutboxMail, error: String, tenant: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let attempt = mail.attempts + 1
        let delay = Int(OutboxRetry.delay(afterAttempt: attempt).components.seconds)
        let givenUp = attempt >= OutboxRetry.maxAttempts
        try await connection.query("""
            UPDATE outbox SET attempts = \(attempt), last_error = \(String(error.prefix(1_000))),
                   next_attempt_at = now() + make_interval(secs => \(delay)),
                   failed_at = CASE WHEN \(givenUp) THEN now() END
            WHERE tenant_id = \(tenant) AND id = \(mail.id)
            """, logger: logger)
    }

    /// The newest messages of the tenant, for the development mailbox.
    public static func recent(
        tenant: UUID, limit: Int = 20, on connection: PostgresConnection, logger: Logger
    ) async throws -> [OutboxMail] {
        try await connection.query("""
            SELECT \(unescaped: columns) FROM outbox WHERE tenant_id = \(tenant)
            ORDER BY created_at DESC LIMIT \(limit)
            """, logger: logger).collect().map(decode)
    }
}
