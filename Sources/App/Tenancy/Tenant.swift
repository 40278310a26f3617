import Foundation

public struct Tenant: Sendable, Equatable {
    public let id: UUID
    public var slug: String
    public var name: String
    public var timeZone: String
    public var defaultLanguage: Language
    public var currency: String
}

/// Rules for a tenant's address and name; pure.
public enum TenantRules {
    /// 1–40 of `a-z`, `0-9` and `-`, neither first nor last a hyphen. Checked byte by byte: it
    /// runs on every request of a tenant, and a regular expression literal is compiled each time.
    public static func isValidSlug(_ slug: String) -> Bool {
        let bytes = slug.utf8
        guard (1...40).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-")
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    public static func isValidName(_ name: String) -> Bool {
        let trimmed = name.trimmingWhitespace()
        return !trimmed.isEmpty && trimmed.count <= 200
    }

    public static func isValidTimeZone(_ identifier: String) -> Bool {
        TimeZone.knownTimeZoneIdentifiers.contains(identifier)
    }
}
