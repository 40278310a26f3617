import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636), S256 only.
public enum PKCE {
    /// 43–128 characters of [A-Z a-z 0-9 - . _ ~].
    public static func isValidVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.count)
            && verifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~".contains($0)) }
    }

    /// BASE64URL(SHA256(verifier)), 43 characters.
    public static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncoded
    }

    public static func isValidChallenge(_ challenge: String) -> Bool {
        challenge.count == 43 && challenge.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    public static func verify(_ verifier: String, against challenge: String) -> Bool {
        isValidVerifier(verifier) && constantTimeEquals(Self.challenge(for: verifier), challenge)
    }
}

/// One of Roster's registered API clients.
public struct OAuthClient: Sendable, Equatable {
    public let id: String
    public let name: String
    public let redirectURIs: [String]

    /// Exact match, except that a loopback `http://127.0.0.1/…` or `http://[::1]/…` URI matches
    /// on any port, as native apps listen on whatever port is free (RFC 8252, section 7.3). A
    /// loopback URI with a user part (`http://evil.example@127.0.0.1:…`) is refused: some clients
    /// would show or follow the part before the `@`.
    public func allows(redirect uri: String) -> Bool {
        if redirectURIs.contains(uri) { return true }
        guard let given = URLComponents(string: uri), given.scheme == "http", given.port != nil,
              given.user == nil, given.password == nil, !uri.contains("@"),
              given.host == "127.0.0.1" || given.host == "::1" || given.host == "[::1]" else { return false }
        return redirectURIs.contains { registered in
            guard let expected = URLComponents(string: registered), expected.scheme == "http", expected.port == nil else { return false }
            return expected.host == given.host && expected.path == given.path && given.query == nil && given.fragment == nil
        }
    }
}

/// A bearer value that names its tenant: "<slug>.<256-bit secret>". Only the hash is stored;
/// the slug lets the API find the tenant before it looks the token up under that tenant's rules.
public struct TenantToken: Sendable, Equatable {
    public let slug: String
    public let secret: SecretToken

    public init(slug: String) {
        self.slug = slug
        secret = SecretToken()
    }

    init(slug: String, secret: SecretToken) {
        self.slug = slug
        self.secret = secret
    }

    public init?(parsing text: String) {
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let slug = String(text[..<dot])
        guard TenantRules.isValidSlug(slug), let secret = SecretToken(parsing: String(text[text.index(after: dot)...]))
        else { return nil }
        self.slug = slug
        self.secret = secret
    }

    public var value: String { slug + "." + secret.value }
    public var hash: Data { SecretToken.hash(value) }
}

/// An error in the form of RFC 6749, section 5.2.
public struct OAuthError: Error, Equatable, Sendable {
    public let code: String
    public let description: String

    public init(_ code: String, _ description: String) {
        self.code = code
        self.description = description
    }

    public static func invalidRequest(_ description: String) -> OAuthError { .init("invalid_request", description) }
    public static func invalidGrant(_ description: String) -> OAuthError { .init("invalid_grant", description) }
    public static func invalidClient(_ description: String) -> OAuthError { .init("invalid_client", description) }
    public static let unsupportedGrantType = OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
}

/// Why a presented authorization code is or is not good for tokens (pure).
public enum CodeCheck {
    public struct Code: Sendable {
        public let clientID: String
        public let redirectURI: String
        public let challenge: String
        public let expiresAt: Date
        public let usedAt: Date?
        public let userActive: Bool

        public init(clientID: String, redirectURI: String, challenge: String, expiresAt: Date, usedAt: Date?, userActive: Bool) {
            self.clientID = clientID
            self.redirectURI = redirectURI
            self.challenge = challenge
            self.expiresAt = expiresAt
            self.usedAt = usedAt
            self.userActive = userActive
        }
    }

    public enum Outcome: Equatable, Sendable {
        case valid
        /// Refused; `revokeFamily` when the code was used before (its tokens may be stolen).
        case refused(OAuthError, revokeFamily: Bool)
    }

    public static func evaluate(_ code: Code?, clientID: String, redirectURI: String, verifier: String, now: Date) -> Outcome {
        guard let code else { return .refused(.invalidGrant("the code is unknown"), revokeFamily: false) }
        if code.usedAt != nil { return .refused(.invalidGrant("the code was already used"), revokeFamily: true) }
        if code.expiresAt <= now { return .refused(.invalidGrant("the code has expired"), revokeFamily: false) }
        if code.clientID != clientID { return .refused(.invalidGrant("the code was issued to another client"), revokeFamily: false) }
        if code.redirectURI != redirectURI {
            return .refused(.invalidGrant("redirect_uri differs from the authorization request"), revokeFamily: false)
        }
        if !PKCE.verify(verifier, against: code.challenge) {
            return .refused(.invalidGrant("code_verifier does not match the code_challenge"), revokeFamily: false)
        }
        if !code.userActive { return .refused(.invalidGrant("the account is deactivated"), revokeFamily: false) }
        return .valid
    }
}

/// Lifetimes of what the OAuth endpoints hand out.
public enum OAuthLifetimes {
    public static let code: TimeInterval = 120
    public static let access: TimeInterval = 60 * 60
    public static let refresh: TimeInterval = 30 * 24 * 60 * 60
    /// How long after its rotation a refresh token presented again by the same client gets the
    /// same successor pair instead of revoking its family.
    public static let refreshGrace: TimeInterval = 30
}

/// The pair a refresh token is rotated into: derived from the spent token and a random seed kept
/// with it (HMAC-SHA256), so that presenting the spent token again within the grace window gives
/// the very same pair, and nothing else can make it: the database holds the seed and hashes only.
public enum RefreshSuccessor {
    public static func pair(of spent: TenantToken, seed: Data) -> (access: TenantToken, refresh: TenantToken) {
        let key = SymmetricKey(data: Data(spent.value.utf8))
        func derive(_ label: String) -> TenantToken {
            let mac = HMAC<SHA256>.authenticationCode(for: seed + Data(label.utf8), using: key)
            return TenantToken(slug: spent.slug, secret: SecretToken(derived: Data(mac)))
        }
        return (derive("access"), derive("refresh"))
    }

    /// Whether a spent refresh token presented again now may get its successor pair.
    public static func inGrace(usedAt: Date, now: Date) -> Bool {
        now >= usedAt && now.timeIntervalSince(usedAt) <= OAuthLifetimes.refreshGrace
    }
}
