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

    /// The live session of a token: not expired, used within the idle timeout, and its user still
    /// active. Only reads (it runs in the read-only transaction of a page view); the last use is
    /// written by `touchIfStale` after that transaction.
    public static func find(
        token: SecretToken, idleTimeout: TimeInterval = defaultIdleTimeout, on db: TenantConnection
    ) async throws -> BrowserSession? {
        let idleSeconds = Int(idleTimeout)
        let rows = try await db.query("""
            SELECT s.id AS session_id, s.csrf_token, s.last_seen_at, \(unescaped: UserQueries.columns("u"))
            FROM sessions s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            WHERE s.tenant_id = \(db.tenant) AND s.token_hash = \(token.hash)
              AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => \(idleSeconds)) AND u.active
            """).collect()
        guard let row = rows.first else { return nil }
        let named = NamedRow(row)
        return BrowserSession(
            id: try named("session_id"),
            user: try UserQueries.decode(named),
            csrfToken: try named("csrf_token"),
            lastSeenAt: try named("last_seen_at")
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
