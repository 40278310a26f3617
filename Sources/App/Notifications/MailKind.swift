import Foundation

/// What Roster writes to people about, each a kind a person can turn off on their preferences
/// page or with the one-click link in the mail itself (sign-in links are not a kind: they are
/// sent only when asked for). docs/ARCHITECTURE.md, "Notifications".
public enum MailKind: String, Sendable, CaseIterable, Codable {
    /// An admin returned my invoice, with the reason.
    case invoiceReturned = "invoice-returned"
    case invoiceApproved = "invoice-approved"
    case invoicePaid = "invoice-paid"
    /// A rate of mine was set, corrected or withdrawn.
    case rateChanged = "rate-changed"
    /// My invoice for a month is missing, on the company's reminder days.
    case invoiceReminder = "invoice-reminder"

    /// Everyone hears about all of these until they say otherwise.
    public var wantedByDefault: Bool { true }

    /// The kinds a person has turned off or on, over the defaults.
    public static func wanted(choices: [MailKind: Bool]) -> Set<MailKind> {
        Set(allCases.filter { choices[$0] ?? $0.wantedByDefault })
    }
}
