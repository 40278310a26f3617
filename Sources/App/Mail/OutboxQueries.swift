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
    /// Not delivered after this (a sign-in link that has expired by then); nil: no such limit.
    public let expiresAt: Date?
    /// The worker that claimed the message delivers it until then; nil when not claimed.
    public let claimedUntil: Date?
    /// A notification's one-click unsubscribe address; nil for a sign-in link.
    public let unsubscribeURL: String?
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
    /// What a message that was no use any more by the time it could go out is marked with.
    public static let expiredNote = "expired before delivery: not sent"

    /// Queues a message in the caller's transaction: it is sent only if that commits. A message
    /// with `expiresAt` (a sign-in link's mail) is dropped rather than delivered after that time.
    @discardableResult
    public static func enqueue(
        to recipient: String, subject: String, body: String, expiresAt: Date? = nil, on db: TenantConnection
    ) async throws -> UUID {
        try await db.query("""
            INSERT INTO outbox (tenant_id, recipient, subject, body, expires_at)
            VALUES (\(db.tenant), \(recipient), \(subject), \(body), \(expiresAt))
            RETURNING id
            """).collect()[0].decode(UUID.self)
    }

    static let columns = """
        id, recipient, subject, body, attempts, created_at, sent_at, failed_at, last_error, expires_at, claimed_until,
        unsubscribe_url
        """

    static func decode(_ row: PostgresRow) throws -> OutboxMail {
        let (id, recipient, subject, body, attempts, created, sent, failed, error, expires, claimed, unsubscribe) = try row.decode(
            (UUID, String, String, String, Int, Date, Date?, Date?, String?, Date?, Date?, String?).self)
        return OutboxMail(id: id, recipient: recipient, subject: subject, body: body, attempts: attempts,
                          createdAt: created, sentAt: sent, failedAt: failed, lastError: error, expiresAt: expires,
                          claimedUntil: claimed, unsubscribeURL: unsubscribe)
    }

    /// Deletes up to `limit` of the tenant's messages that were sent or given up before `cutoff`
    /// (they hold personal text, such as a return's reason); the number deleted. Messages still
    /// waiting stay. A reminder's or digest's once-only key goes with its row, which is safe: a
    /// rule's day is long past when its mail is deleted.
    public static func deleteFinished(before cutoff: Date, limit: Int, on db: TenantConnection) async throws -> Int {
        try await db.query("""
            WITH gone AS (
                DELETE FROM outbox WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM outbox WHERE tenant_id = \(db.tenant) AND (sent_at < \(cutoff) OR failed_at < \(cutoff))
                    LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
    }

    /// How long a claim holds: twice what one message may take in the transport (sendmail's
    /// 30 s). The worker renews it before each message (`beginHandOver`), so a batch keeps it for
    /// as long as it goes on, and a worker that dies gives its batch up within a minute: a sign-in
    /// link claimed by it still goes out while the link works.
    public static let lease: Duration = .seconds(60)

    /// How many of the tenant's messages wait for delivery, and since when the oldest (the
    /// `outbox_due` index holds exactly these rows).
    public static func pending(on db: TenantConnection) async throws -> (count: Int, oldest: Date?) {
        let row = try await db.query("""
            SELECT count(*)::int, min(created_at) FROM outbox
            WHERE tenant_id = \(db.tenant) AND sent_at IS NULL AND failed_at IS NULL
            """).collect()[0]
        let (count, oldest) = try row.decode((Int, Date?).self)
        return (count, oldest)
    }

    /// Marks the tenant's undelivered messages that have expired (and no worker holds), so they
    /// are never sent; the number marked.
    public static func markExpiredUnsent(on db: TenantConnection) async throws -> Int {
        try await db.query("""
            WITH expired AS (
                UPDATE outbox SET failed_at = now(), last_error = \(expiredNote), claimed_until = NULL
                WHERE tenant_id = \(db.tenant) AND sent_at IS NULL AND failed_at IS NULL AND expires_at <= now()
                  AND (claimed_until IS NULL OR claimed_until <= now())
                RETURNING 1)
            SELECT count(*)::int FROM expired
            """).collect()[0].decode(Int.self)
    }

    /// Claims the tenant's due messages for `lease` as `claim`: their rows are locked only while
    /// this statement runs (other workers skip them), and the caller commits at once, so no
    /// connection or lock is held while the messages go out. A claim whose lease has passed (its
    /// worker died) is due again.
    public static func claimDue(
        limit: Int = 20, lease: Duration = lease, as claim: UUID, on db: TenantConnection
    ) async throws -> [OutboxMail] {
        try await db.query("""
            UPDATE outbox SET claimed_until = now() + make_interval(secs => \(Int(lease.components.seconds))), claim_id = \(claim)
            WHERE tenant_id = \(db.tenant) AND id IN (
                SELECT id FROM outbox
                WHERE tenant_id = \(db.tenant) AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                  AND (claimed_until IS NULL OR claimed_until <= now())
                ORDER BY next_attempt_at LIMIT \(limit)
                FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: columns)
            """).collect().map(decode).sorted { $0.createdAt < $1.createdAt }
    }

    /// Before message `id` goes to the transport: renews `claim`'s lease on what it still holds
    /// and records that this message is being handed over; false when the claim no longer holds
    /// it (its lease passed and another worker may have it), and then it must not go out.
    public static func beginHandOver(
        _ id: UUID, claim: UUID, lease: Duration = lease, on db: TenantConnection
    ) async throws -> Bool {
        try await db.query("""
            UPDATE outbox SET claimed_until = now() + make_interval(secs => \(Int(lease.components.seconds))),
                              handed_over_at = CASE WHEN id = \(id) THEN now() ELSE handed_over_at END
            WHERE tenant_id = \(db.tenant) AND claim_id = \(claim) AND claimed_until > now()
              AND sent_at IS NULL AND failed_at IS NULL
            RETURNING id
            """).collect().contains { try $0.decode(UUID.self) == id }
    }

    /// Marks a message `claim` holds as sent; a worker that lost its claim marks nothing.
    public static func markSent(_ id: UUID, claim: UUID, on db: TenantConnection) async throws {
        try await db.query("""
            UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL, claimed_until = NULL, claim_id = NULL
            WHERE tenant_id = \(db.tenant) AND id = \(id) AND claim_id = \(claim)
            """)
    }

    /// A claimed message that expired before it could go out: marked, never sent.
    public static func markExpired(_ id: UUID, claim: UUID, on db: TenantConnection) async throws {
        try await db.query("""
            UPDATE outbox SET failed_at = now(), last_error = \(expiredNote), claimed_until = NULL, claim_id = NULL
            WHERE tenant_id = \(db.tenant) AND id = \(id) AND sent_at IS NULL AND claim_id = \(claim)
            """)
    }

    /// Records a failed attempt of a message `claim` holds: try again later, or give up after the
    /// last attempt.
    public static func markFailed(
        _ mail: OutboxMail, claim: UUID, error: String, on db: TenantConnection
    ) async throws {
        let attempt = mail.attempts + 1
        let delay = Int(OutboxRetry.delay(afterAttempt: attempt).components.seconds)
        let givenUp = attempt >= OutboxRetry.maxAttempts
        try await db.query("""
            UPDATE outbox SET attempts = \(attempt), last_error = \(String(error.prefix(1_000))),
                   next_attempt_at = now() + make_interval(secs => \(delay)),
                   failed_at = CASE WHEN \(givenUp) THEN now() END, claimed_until = NULL, claim_id = NULL
            WHERE tenant_id = \(db.tenant) AND id = \(mail.id) AND claim_id = \(claim)
            """)
    }

    /// The newest messages of the tenant, for the development mailbox.
    public static func recent(
        limit: Int = 20, on db: TenantConnection
    ) async throws -> [OutboxMail] {
        try await db.query("""
            SELECT \(unescaped: columns) FROM outbox WHERE tenant_id = \(db.tenant)
            ORDER BY created_at DESC LIMIT \(limit)
            """).collect().map(decode)
    }
}
