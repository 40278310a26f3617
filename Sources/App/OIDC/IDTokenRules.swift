import Foundation
import JWTKit

/// The claims of an OpenID Connect ID token that Roster reads. The signature is checked by
/// `JWTKeyCollection`; the claims by `IDTokenRules`, a pure function.
public struct IDTokenClaims: JWTPayload, Equatable {
    public var iss: String
    public var sub: String
    public var aud: AudienceClaim
    public var exp: Date
    public var iat: Date?
    public var nonce: String?
    public var email: String?
    public var emailVerified: Bool?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, email
        case emailVerified = "email_verified"
    }

    public init(iss: String, sub: String, aud: [String], exp: Date, iat: Date?, nonce: String?, email: String?,
                emailVerified: Bool?) {
        self.iss = iss
        self.sub = sub
        self.aud = AudienceClaim(value: aud)
        self.exp = exp
        self.iat = iat
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decode(String.self, forKey: .iss)
        sub = try container.decode(String.self, forKey: .sub)
        aud = try container.decode(AudienceClaim.self, forKey: .aud)
        exp = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .exp))
        iat = try container.decodeIfPresent(Double.self, forKey: .iat).map(Date.init(timeIntervalSince1970:))
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        // Some providers send "true" as a string.
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else {
            emailVerified = (try? container.decodeIfPresent(String.self, forKey: .emailVerified)).flatMap { $0 }.map { $0 == "true" }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iss, forKey: .iss)
        try container.encode(sub, forKey: .sub)
        try container.encode(aud, forKey: .aud)
        try container.encode(exp.timeIntervalSince1970, forKey: .exp)
        try container.encodeIfPresent(iat?.timeIntervalSince1970, forKey: .iat)
        try container.encodeIfPresent(nonce, forKey: .nonce)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(emailVerified, forKey: .emailVerified)
    }

    /// Claims are checked by `IDTokenRules` with what the sign-in expects.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Why a sign-in through the provider did not sign anyone in; each has a page that says so.
public enum OIDCProblem: String, Error, Sendable, CaseIterable {
    case notConfigured, providerDown, providerRefused, attemptUnknown, tokenInvalid
    /// Roster has as many calls to providers under way as it allows, for this company or in all
    /// (`OIDCDirectory`).
    case busy
    case issuer, audience, expired, issuedInFuture, nonce
    case emailMissing, emailUnverified, unknownPerson, deactivated
}

public enum IDTokenRules {
    /// Clock difference tolerated between Roster and the provider.
    public static let leeway: TimeInterval = 60

    /// The checks of OpenID Connect Core 3.1.3.7 that apply to the code flow, in order.
    public static func check(
        _ claims: IDTokenClaims, issuer: String, clientID: String, nonce: String, now: Date
    ) -> OIDCProblem? {
        if claims.iss != issuer { return .issuer }
        if !claims.aud.value.contains(clientID) { return .audience }
        if claims.exp.addingTimeInterval(leeway) <= now { return .expired }
        if let issued = claims.iat, issued.addingTimeInterval(-leeway) > now { return .issuedInFuture }
        guard let given = claims.nonce, constantTimeEquals(given, nonce) else { return .nonce }
        guard let email = claims.email, EmailAddress.normalized(email) != nil else { return .emailMissing }
        if claims.emailVerified != true { return .emailUnverified }
        return nil
    }
}
