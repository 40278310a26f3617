import Foundation
import Logging
import PostgresNIO

/// Why a sign-in link does or does not sign someone in; decided by a pure function.
public enum SignInLinkState: Sendable, Equatable {
    case valid(User)
    case unknown
    case used
    case expired
    case deactivated

    public static func evaluate(user: User?, usedAt: Date?, expiresAt: Date?, now: Date) -> SignInLinkState {
        guard let user, let expiresAt else { return .unknown }
        if usedAt != nil { return .used }
        if expiresAt <= now { return .expired }
        if !user.active { return .deactivated }
        return .valid(user)
    }
}

public enum SignInLinkQueries {
    public static let lifetime: TimeInterval = 15 * 60

    /// Stores the hash of a new token for the user and returns the token itself.
    public static func issue(
        for user: UUID, lifetime: TimeInterval = lifetime, on db: TenantConnection
    ) async throws -> SecretToken {
        try await issue(for: user, expiresAt: Date().addingTimeInterval(lifetime), on: db)
    }

    /// The same with the expiry given (the mail that carries the link expires with it).
    public static func issue(
        for user: UUID, expiresAt expires: Date, on db: TenantConnection
    ) async throws -> SecretToken {
        let token = SecretToken()
        try await db.query("""
            INSERT INTO sign_in_links (tenant_id, token_hash, user_id, expires_at)
            VALUES (\(db.tenant), \(token.hash), \(user), \(expires))
            """)
        return token
    }

    /// The state of a link; `lock` holds the row until the transaction ends, so one link signs in once.
    public static func state(
        of token: SecretToken, lock: Bool, on db: TenantConnection
    ) async throws -> (id: UUID?, state: SignInLinkState) {
        var query: PostgresQuery = try """
            SELECT l.id AS link_id, l.used_at, l.expires_at, \(unescaped: UserQueries.columns("u"))
            FROM sign_in_links l JOIN users u ON u.tenant_id = l.tenant_id AND u.id = l.user_id
            WHERE l.tenant_id = \(db.tenant) AND l.token_hash = \(token.hash)
            """
        if lock { query.sql += " FOR UPDATE OF l" }
        let rows = try await db.query(query).collect()
        guard let row = rows.first else { return (nil, .unknown) }
        let named = NamedRow(row)
        let linkID: UUID = try named("link_id")
        let usedAt: Date? = try named("used_at")
        let expiresAt: Date = try named("expires_at")
        let user = try UserQueries.decode(named)
        return (linkID, SignInLinkState.evaluate(user: user, usedAt: usedAt, expiresAt: expiresAt, now: Date()))
    }

    /// Deletes up to `limit` links of the tenant that expired before `cutoff`; the number deleted.
    public static func deleteExpired(
        before cutoff: Date, limit: Int, on db: TenantConnection
    ) async throws -> Int {
        try await db.query("""
            WITH gone AS (
                DELETE FROM sign_in_links WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM sign_in_links WHERE tenant_id = \(db.tenant) AND expires_at < \(cutoff) LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
    }

    public static func markUsed(_ id: UUID, on db: TenantConnection) async throws {
        try await db.query(
            "UPDATE sign_in_links SET used_at = now() WHERE tenant_id = \(db.tenant) AND id = \(id)")
    }
}
