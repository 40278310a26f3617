import Crypto
import Foundation

/// A 256-bit random token as sent to a person, and the SHA-256 that is stored instead.
public struct SecretToken: Sendable, Equatable {
    public let value: String

    public init() {
        value = Self.randomBytes(32).base64URLEncoded
    }

    /// `count` bytes from the system's random source.
    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The token of 32 bytes that were derived, not drawn (`RefreshSuccessor`).
    init(derived bytes: Data) {
        precondition(bytes.count == 32, "a token holds 256 bits")
        value = bytes.base64URLEncoded
    }

    public init?(parsing text: String) {
        guard text.count == 43, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        value = text
    }

    public var hash: Data { Self.hash(value) }

    public static func hash(_ value: String) -> Data { Data(SHA256.hash(data: Data(value.utf8))) }
}

extension Data {
    var base64URLEncoded: String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Compares secrets without revealing where they differ.
func constantTimeEquals(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var difference: UInt8 = 0
    for i in x.indices { difference |= x[i] ^ y[i] }
    return difference == 0
}
