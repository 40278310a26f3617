import Crypto
import Foundation

/// The signature of a one-click unsubscribe link (RFC 8058): HMAC-SHA256 with the tenant's mail
/// key over the tenant, the person and the kind, in URL-safe base64. The link needs no sign-in,
/// so the signature is what stops anyone from turning off someone else's mail. Pure.
public enum UnsubscribeLink {
    public static func signature(key: SymmetricKey, tenant: UUID, user: UUID, kind: MailKind) -> String {
        let message = "unsubscribe\n\(tenant.lowercasedString)\n\(user.lowercasedString)\n\(kind.rawValue)"
        let mac = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key)
        return Data(mac).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Whether `signature` was made for these; compared in constant time.
    public static func isValid(_ signature: String, key: SymmetricKey, tenant: UUID, user: UUID, kind: MailKind) -> Bool {
        constantTimeEquals(Self.signature(key: key, tenant: tenant, user: user, kind: kind), signature)
    }
}
