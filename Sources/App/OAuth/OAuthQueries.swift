import Foundation
import Logging
import PostgresNIO

/// The tokens one grant hands out.
public struct IssuedTokens: Sendable, Equatable {
    public let access: TenantToken
    public let refresh: TenantToken
    public let expiresIn: Int
}

/// What a bearer access token stands for.
public enum AccessTokenState: Sendable, Equatable {
    case valid(User)
    case unknown
    case expired
    case revoked
}

public enum OAuthQueries {
    /// A registered client (clients are not a tenant's: any transaction may read them).
    public static func client(_ id: String, on connection: PostgresConnection, logger: Logger) async throws -> OAuthClient? {
        try await decodeClient(connection.query(clientQuery(id), logger: logger).collect())
    }

    public static func client(_ id: String, on db: TenantConnection) async throws -> OAuthClient? {
        try await decodeClient(db.query(clientQuery(id)).collect())
    }

    private static func clientQuery(_ id: String) -> PostgresQuery {
        "SELECT client_id, name, redirect_uris FROM oauth_clients WHERE client_id = \(id)"
    }

    private static func decodeClient(_ rows: [PostgresRow]) throws -> OAuthClient? {
        try rows.first.map {
            let (id, name, uris) = try $0.decode((String, String, [String]).self)
            return OAuthClient(id: id, name: name, redirectURIs: uris)
        }
    }

    /// A code for the signed-in person, to be exchanged once, soon, with the PKCE verifier; the
    /// code names the tenant by its slug.
    public static func createCode(
        slug: String, user: UUID, client: String, redirectURI: String, challenge: String, on db: TenantConnection
    ) async throws -> TenantToken {
        let code = TenantToken(slug: slug)
        try await db.query("""
            INSERT INTO oauth_codes (tenant_id, code_hash, client_id, user_id, redirect_uri, code_challenge, expires_at)
            VALUES (\(db.tenant), \(code.hash), \(client), \(user), \(redirectURI), \(challenge),
                    \(Date().addingTimeInterval(OAuthLifetimes.code)))
            """)
        return code
    }

    /// Exchanges a code for tokens, or says why not; the code row is locked, so it is exchanged once.
    public static func exchange(
        code: TenantToken, clientID: String, redirectURI: String, verifier: String, on db: TenantConnection
    ) async throws -> Result<IssuedTokens, OAuthError> {
        let rows = try await db.query("""
            SELECT c.id, c.client_id, c.redirect_uri, c.code_challenge, c.expires_at, c.used_at, c.family_id, c.user_id, u.active
            FROM oauth_codes c JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id
            WHERE c.tenant_id = \(db.tenant) AND c.code_hash = \(code.hash)
            FOR UPDATE OF c
            """).collect()
        let row = try rows.first.map {
            try $0.decode((UUID, String, String, String, Date, Date?, UUID, UUID, Bool).self)
        }
        let check = row.map {
            CodeCheck.Code(clientID: $0.1, redirectURI: $0.2, challenge: $0.3, expiresAt: $0.4, usedAt: $0.5, userActive: $0.8)
        }
        switch CodeCheck.evaluate(check, clientID: clientID, redirectURI: redirectURI, verifier: verifier, now: Date()) {
        case .refused(let error, let revokeFamily):
            if revokeFamily, let row { try await self.revokeFamily(row.6, on: db) }
            return .failure(error)
        case .valid:
            guard let row else { return .failure(.invalidGrant("the code is unknown")) }
            try await db.query("UPDATE oauth_codes SET used_at = now() WHERE tenant_id = \(db.tenant) AND id = \(row.0)")
            return .success(try await issue(family: row.6, user: row.7, client: clientID, slug: code.slug, on: db))
        }
    }

    /// A new access and refresh token in a family.
    static func issue(
        family: UUID, user: UUID, client: String, slug: String, on db: TenantConnection
    ) async throws -> IssuedTokens {
        try await issue(family: family, user: user, client: client, pair: (TenantToken(slug: slug), TenantToken(slug: slug)), on: db)
    }

    /// Stores `pair` as a new access and refresh token in a family.
    private static func issue(
        family: UUID, user: UUID, client: String, pair: (access: TenantToken, refresh: TenantToken), on db: TenantConnection
    ) async throws -> IssuedTokens {
        let (access, refresh) = pair
        let now = Date()
        try await db.query("""
            INSERT INTO oauth_tokens (tenant_id, family_id, kind, token_hash, client_id, user_id, expires_at) VALUES
                (\(db.tenant), \(family), 'access', \(access.hash), \(client), \(user), \(now.addingTimeInterval(OAuthLifetimes.access))),
                (\(db.tenant), \(family), 'refresh', \(refresh.hash), \(client), \(user), \(now.addingTimeInterval(OAuthLifetimes.refresh)))
            """)
        return IssuedTokens(access: access, refresh: refresh, expiresIn: Int(OAuthLifetimes.access))
    }

    /// Rotates a refresh token: the old one is spent, a new pair is issued in the same family.
    /// Presented again by the same client within `OAuthLifetimes.refreshGrace` of its rotation, it
    /// gets the same pair again (`RefreshSuccessor`: two requests of one app that both met a 401),
    /// but only while that successor has not been used itself: once the app has moved on, the
    /// spent token is reuse. Presented again later, or after its successor was used, it revokes
    /// the whole family (RFC 6819, 5.2.2.3). The row is locked, so two refreshes at once are one
    /// rotation and one repeat.
    public static func refresh(
        _ token: TenantToken, clientID: String, on db: TenantConnection
    ) async throws -> Result<IssuedTokens, OAuthError> {
        let rows = try await db.query("""
            SELECT t.id, t.family_id, t.client_id, t.user_id, t.expires_at, t.used_at, t.revoked_at, u.active, t.successor_seed
            FROM oauth_tokens t JOIN users u ON u.tenant_id = t.tenant_id AND u.id = t.user_id
            WHERE t.tenant_id = \(db.tenant) AND t.token_hash = \(token.hash) AND t.kind = 'refresh'
            FOR UPDATE OF t
            """).collect()
        guard let (id, family, client, user, expires, used, revoked, active, seed) = try rows.first?.decode(
            (UUID, UUID, String, UUID, Date, Date?, Date?, Bool, Data?).self)
        else { return .failure(.invalidGrant("the refresh token is unknown")) }
        if let used {
            if revoked == nil, active, client == clientID, let seed, RefreshSuccessor.inGrace(usedAt: used, now: Date()) {
                let pair = RefreshSuccessor.pair(of: token, seed: seed)
                let successor = try await db.query("""
                    SELECT 1 FROM oauth_tokens
                    WHERE tenant_id = \(db.tenant) AND token_hash = \(pair.refresh.hash) AND kind = 'refresh'
                      AND family_id = \(family) AND revoked_at IS NULL AND used_at IS NULL
                    """).collect()
                if !successor.isEmpty {
                    return .success(IssuedTokens(access: pair.access, refresh: pair.refresh, expiresIn: Int(OAuthLifetimes.access)))
                }
            }
            try await revokeFamily(family, on: db)
            return .failure(.invalidGrant("the refresh token was already used; every token of this sign-in is revoked"))
        }
        if revoked != nil { return .failure(.invalidGrant("the refresh token was revoked")) }
        if expires <= Date() { return .failure(.invalidGrant("the refresh token has expired")) }
        if client != clientID { return .failure(.invalidGrant("the refresh token was issued to another client")) }
        if !active { return .failure(.invalidGrant("the account is deactivated")) }
        let newSeed = SecretToken.randomBytes(32)
        try await db.query("""
            UPDATE oauth_tokens SET used_at = now(), successor_seed = \(newSeed) WHERE tenant_id = \(db.tenant) AND id = \(id)
            """)
        return .success(try await issue(family: family, user: user, client: client,
                                        pair: RefreshSuccessor.pair(of: token, seed: newSeed), on: db))
    }

    public static func revokeFamily(_ family: UUID, on db: TenantConnection) async throws {
        try await db.query("""
            UPDATE oauth_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE tenant_id = \(db.tenant) AND family_id = \(family)
            """)
    }

    /// Revokes the token and, for a refresh token, everything of its sign-in (RFC 7009).
    public static func revoke(_ token: TenantToken, on db: TenantConnection) async throws {
        try await db.query("""
            UPDATE oauth_tokens SET revoked_at = coalesce(revoked_at, now())
            WHERE tenant_id = \(db.tenant) AND (token_hash = \(token.hash) OR family_id IN (
                SELECT family_id FROM oauth_tokens WHERE tenant_id = \(db.tenant) AND token_hash = \(token.hash) AND kind = 'refresh'))
            """)
    }

    /// Every token of a person: when they are deactivated or sign out everywhere.
    public static func revokeAll(of user: UUID, on db: TenantConnection) async throws {
        try await db.query("""
            UPDATE oauth_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE tenant_id = \(db.tenant) AND user_id = \(user)
            """)
    }

    /// Deletes up to `limit` codes and up to `limit` tokens of the tenant that expired before
    /// `cutoff`; the numbers deleted. A spent code or refresh token is kept until then, so its
    /// reuse is still recognised (and revokes its family) while it could matter.
    public static func deleteExpired(
        before cutoff: Date, limit: Int, on db: TenantConnection
    ) async throws -> (codes: Int, tokens: Int) {
        let codes = try await db.query("""
            WITH gone AS (
                DELETE FROM oauth_codes WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM oauth_codes WHERE tenant_id = \(db.tenant) AND expires_at < \(cutoff) LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
        let tokens = try await db.query("""
            WITH gone AS (
                DELETE FROM oauth_tokens WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM oauth_tokens WHERE tenant_id = \(db.tenant) AND expires_at < \(cutoff) LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
        return (codes, tokens)
    }

    public static func accessToken(
        _ token: TenantToken, on db: TenantConnection
    ) async throws -> AccessTokenState {
        let rows = try await db.query("""
            SELECT t.expires_at, t.revoked_at, \(unescaped: UserQueries.columns("u"))
            FROM oauth_tokens t JOIN users u ON u.tenant_id = t.tenant_id AND u.id = t.user_id
            WHERE t.tenant_id = \(db.tenant) AND t.token_hash = \(token.hash) AND t.kind = 'access'
            """).collect()
        guard let row = rows.first.map(NamedRow.init) else { return .unknown }
        let expires: Date = try row("expires_at"), revoked: Date? = try row("revoked_at")
        let user = try UserQueries.decode(row)
        if revoked != nil || !user.active { return .revoked }
        if expires <= Date() { return .expired }
        return .valid(user)
    }
}
