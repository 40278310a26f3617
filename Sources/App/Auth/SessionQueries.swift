import Foundation
import Logging
import PostgresNIO

/// A signed-in browser: the user and the CSRF token of that session.
public struct BrowserSession: Sendable {
    public let id: UUID
    public let user: User
    public let csrfToken: String
}

public enum SessionQueries {
    public static let lifetime: TimeInterval = 14 * 24 * 3600

    /// Starts a session and returns the token for the cookie; only its hash is stored.
    public static func create(
        for user: UUID, tenant: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws -> SecretToken {
        let token = SecretToken()
        let csrf = SecretToken().value
        let expires = Date().addingTimeInterval(lifetime)
        try await connection.query("""
            INSERT INTO sessions (tenant_id, token_hash, user_id, csrf_token, expires_at)
            VALUES (\(tenant), \(token.hash), \(user), \(csrf), \(expires))
            """, logger: logger)
        return token
    }

    /// The live session of a token: not expired, and its user still active.
    public static func find(
        token: SecretToken, tenant: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws -> BrowserSession? {
        let rows = try await connection.query("""
            SELECT s.id, s.csrf_token, \(unescaped: UserQueries.columns("u"))
            FROM sessions s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            WHERE s.tenant_id = \(tenant) AND s.token_hash = \(token.hash)
              AND s.expires_at > now() AND u.active
            """, logger: logger).collect()
        guard let row = rows.first else { return nil }
        let cells = row.makeRandomAccess()
        return BrowserSession(
            id: try cells[0].decode(UUID.self),
            user: try UserQueries.decode(cells, at: 2),
            csrfToken: try cells[1].decode(String.self)
        )
    }

    public static func delete(_ id: UUID, tenant: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM sessions WHERE tenant_id = \(tenant) AND id = \(id)", logger: logger)
    }

    /// Every session of a person, on every device.
    public static func deleteAll(of user: UUID, tenant: UUID, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM sessions WHERE tenant_id = \(tenant) AND user_id = \(user)", logger: logger)
    }
}
