import Foundation
import Logging
import PostgresNIO

/// A tenant's OpenID Connect provider, its secret still sealed.
public struct IdentityProvider: Sendable, Equatable {
    public let issuer: String
    public let clientID: String
    public let secretSealed: Data
    public let displayName: String
}

/// A sign-in through the provider that has started and not yet come back.
public struct OIDCAttempt: Sendable, Equatable {
    public let id: UUID
    public let browserHash: Data
    public let nonce: String
    public let codeVerifier: String
    public let issuer: String
    public let clientID: String
    public let expiresAt: Date
    public let usedAt: Date?
}

public enum IdentityProviderQueries {
    public static let attemptLifetime: TimeInterval = 10 * 60

    public static func provider(on db: TenantConnection) async throws -> IdentityProvider? {
        try await db.rows(of: { ProviderStatement(tenant: $0) }).first.map {
            let (issuer, client, sealed, name) = try $0.decode((String, String, ByteBuffer, String).self)
            return IdentityProvider(issuer: issuer, clientID: client, secretSealed: Data(buffer: sealed), displayName: name)
        }
    }

    /// The statement of `provider`, prepared: the sign-in page reads it on every view, and parsing
    /// and planning it cost PostgreSQL more than the rest of the page's statements.
    struct ProviderStatement: RowsStatement {
        static let name = "roster_identity_provider"
        static let sql = "SELECT issuer, client_id, secret_sealed, display_name FROM identity_providers WHERE tenant_id = $1"
        static let bindingDataTypes: [PostgresDataType] = [.uuid]

        let tenant: UUID

        func makeBindings() throws -> PostgresBindings { .of(tenant) }
    }

    public static func save(
        _ provider: IdentityProvider, on db: TenantConnection
    ) async throws {
        try await db.query("""
            INSERT INTO identity_providers (tenant_id, issuer, client_id, secret_sealed, display_name)
            VALUES (\(db.tenant), \(provider.issuer), \(provider.clientID), \(provider.secretSealed), \(provider.displayName))
            ON CONFLICT (tenant_id) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
                secret_sealed = EXCLUDED.secret_sealed, display_name = EXCLUDED.display_name, updated_at = now()
            """)
    }

    public static func delete(on db: TenantConnection) async throws {
        try await db.query("DELETE FROM identity_providers WHERE tenant_id = \(db.tenant)")
    }

    public static func startAttempt(
        state: SecretToken, browser: SecretToken, nonce: String, verifier: String, provider: IdentityProvider, on db: TenantConnection
    ) async throws {
        try await db.query("""
            INSERT INTO oidc_attempts (tenant_id, state_hash, browser_hash, nonce, code_verifier, issuer, client_id, expires_at)
            VALUES (\(db.tenant), \(state.hash), \(browser.hash), \(nonce), \(verifier), \(provider.issuer), \(provider.clientID),
                    \(Date().addingTimeInterval(attemptLifetime)))
            """)
    }

    /// Deletes up to `limit` attempts of the tenant that expired before `cutoff`; the number deleted.
    public static func deleteExpiredAttempts(
        before cutoff: Date, limit: Int, on db: TenantConnection
    ) async throws -> Int {
        try await db.query("""
            WITH gone AS (
                DELETE FROM oidc_attempts WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM oidc_attempts WHERE tenant_id = \(db.tenant) AND expires_at < \(cutoff) LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
    }

    /// The attempt of a returning state, locked and marked used: a state works once.
    public static func takeAttempt(
        state: SecretToken, on db: TenantConnection
    ) async throws -> OIDCAttempt? {
        let rows = try await db.query("""
            SELECT id, browser_hash, nonce, code_verifier, issuer, client_id, expires_at, used_at FROM oidc_attempts
            WHERE tenant_id = \(db.tenant) AND state_hash = \(state.hash) FOR UPDATE
            """).collect()
        guard let (id, browser, nonce, verifier, issuer, client, expires, used) = try rows.first?.decode(
            (UUID, ByteBuffer, String, String, String, String, Date, Date?).self)
        else { return nil }
        try await db.query("UPDATE oidc_attempts SET used_at = now() WHERE tenant_id = \(db.tenant) AND id = \(id)")
        return OIDCAttempt(id: id, browserHash: Data(buffer: browser), nonce: nonce, codeVerifier: verifier, issuer: issuer,
                           clientID: client, expiresAt: expires, usedAt: used)
    }
}
