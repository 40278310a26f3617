import Foundation
import Logging
import PostgresNIO

/// A signed-in browser: the user and the CSRF token of that session.
public struct BrowserSession: Sendable {
    public let id: UUID
    public let user: User
    public let csrfToken: String
    /// When the session was last used, as the database last recorded it.
    public let lastSeenAt: Date
}

/// What a page's first statement needs to find the browser's session: the hash of the cookie's
/// token and how long a session may go unused.
public struct SessionLookup: Sendable {
    public let tokenHash: Data
    public let idleSeconds: Int

    public init(token: SecretToken, idleTimeout: TimeInterval = SessionQueries.defaultIdleTimeout) {
        tokenHash = token.hash
        idleSeconds = Int(idleTimeout)
    }
}

public enum SessionQueries {
    public static let lifetime: TimeInterval = 14 * 24 * 3600
    /// Without a request for this long a session ends (`AppSettings.sessionIdleMinutes`).
    public static let defaultIdleTimeout: TimeInterval = 8 * 3600
    /// A session's last use is written at most this often, not on every request.
    public static let touchInterval: TimeInterval = 60

    /// Whether a session last seen at `lastSeen` should have its last use written now (pure).
    public static func needsTouch(lastSeen: Date, now: Date) -> Bool {
        now.timeIntervalSince(lastSeen) >= touchInterval
    }

    /// Starts a session and returns the token for the cookie; only its hash is stored.
    public static func create(
        for user: UUID, on db: TenantConnection
    ) async throws -> SecretToken {
        let token = SecretToken()
        let csrf = SecretToken().value
        let expires = Date().addingTimeInterval(lifetime)
        try await db.query("""
            INSERT INTO sessions (tenant_id, token_hash, user_id, csrf_token, expires_at)
            VALUES (\(db.tenant), \(token.hash), \(user), \(csrf), \(expires))
            """)
        return token
    }

    /// The session columns of a page's first statement (`PostgresConnection.enterTenant`, which
    /// reads the live session of a token: not expired, used within the idle timeout, its user
    /// still active); nil when it found none. Only read there (a page view's transaction is
    /// read-only); the last use is written by `touchIfStale` after that transaction.
    static func decodeLive(_ row: NamedRow) throws -> BrowserSession? {
        guard let id = try row("session_id", as: UUID?.self) else { return nil }
        return BrowserSession(
            id: id,
            user: try UserQueries.decode(row),
            csrfToken: try row("csrf_token"),
            lastSeenAt: try row("last_seen_at")
        )
    }

    /// Records that the session was used, when its last use is older than `touchInterval`: one
    /// short transaction of its own on `connection` (after the request's own transaction, which
    /// for a page view is read-only). A failure is logged, not thrown: the page was served.
    public static func touchIfStale(
        _ session: BrowserSession?, tenant: UUID?, on connection: PostgresConnection, logger: Logger
    ) async {
        guard let session, let tenant, needsTouch(lastSeen: session.lastSeenAt, now: Date()) else { return }
        let interval = Int(touchInterval)
        do {
            _ = try await connection.transaction(tenant: tenant, readOnly: false, logger: logger) { db in
                try await db.query("""
                    UPDATE sessions SET last_seen_at = now()
                    WHERE tenant_id = \(db.tenant) AND id = \(session.id) AND last_seen_at < now() - make_interval(secs => \(interval))
                    """)
            }
        } catch {
            logger.warning("the session's last use was not recorded: \(String(reflecting: error))")
        }
    }

    /// Deletes up to `limit` sessions of the tenant that ended before `cutoff` (their 14 days over)
    /// or were last used before `idleCutoff`; the number deleted.
    public static func deleteEnded(
        before cutoff: Date, idleBefore idleCutoff: Date, limit: Int, on db: TenantConnection
    ) async throws -> Int {
        try await db.query("""
            WITH gone AS (
                DELETE FROM sessions WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM sessions
                    WHERE tenant_id = \(db.tenant) AND (expires_at < \(cutoff) OR last_seen_at < \(idleCutoff)) LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
    }

    public static func delete(_ id: UUID, on db: TenantConnection) async throws {
        try await db.query("DELETE FROM sessions WHERE tenant_id = \(db.tenant) AND id = \(id)")
    }

    /// Every session of a person, on every device.
    public static func deleteAll(of user: UUID, on db: TenantConnection) async throws {
        try await db.query("DELETE FROM sessions WHERE tenant_id = \(db.tenant) AND user_id = \(user)")
    }
}
