import Foundation

public enum Role: String, Sendable, CaseIterable, Codable, Comparable {
    case employee
    case teamLeader = "team_leader"
    case admin

    public static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

public struct User: Sendable, Equatable {
    public let id: UUID
    public let tenantID: UUID
    public var email: String
    public var firstName: String
    public var lastName: String
    public var title: String
    public var roles: Set<Role>
    public var active: Bool
    public var preferredLanguage: Language?

    public var displayName: String {
        [title, firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// E-mail address shape; the identity provider or the mail itself proves ownership.
public enum EmailAddress {
    public static func normalized(_ raw: String) -> String? {
        let email = raw.trimmingWhitespace()
        guard email.count >= 3, email.utf8.count <= 254 else { return nil }
        // A plain address: no display names, lists, quotes or brackets.
        guard email.wholeMatch(of: /[^@\s<>()\[\],;:"\\]+@[^@\s<>()\[\],;:"\\]+\.[^@\s.<>()\[\],;:"\\]+/) != nil else { return nil }
        return email
    }
}
