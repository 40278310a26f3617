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
    public static func isValidSlug(_ slug: String) -> Bool {
        slug.wholeMatch(of: /[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?/) != nil
    }

    public static func isValidName(_ name: String) -> Bool {
        let trimmed = name.trimmingWhitespace()
        return !trimmed.isEmpty && trimmed.count <= 200
    }

    public static func isValidTimeZone(_ identifier: String) -> Bool {
        TimeZone.knownTimeZoneIdentifiers.contains(identifier)
    }
}
