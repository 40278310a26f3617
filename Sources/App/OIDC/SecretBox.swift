import Crypto
import Foundation

/// Seals secrets stored in the database (a provider's client secret) with AES-GCM under a
/// 256-bit key from the environment (`ROSTER_SECRET_KEY`, base64). The database alone reveals nothing.
public struct SecretBox: Sendable {
    let key: SymmetricKey

    public init?(base64 text: String) {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), data.count == 32 else {
            return nil
        }
        key = SymmetricKey(data: data)
    }

    public init(key: SymmetricKey) { self.key = key }

    /// Nonce, ciphertext and tag in one blob.
    public func seal(_ secret: String) throws -> Data {
        guard let combined = try AES.GCM.seal(Data(secret.utf8), using: key).combined else {
            throw CryptoKitError.incorrectParameterSize
        }
        return combined
    }

    public func open(_ sealed: Data) throws -> String {
        String(decoding: try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key), as: UTF8.self)
    }

    /// A new key for `ROSTER_SECRET_KEY`.
    public static func newKeyBase64() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
    }
}
