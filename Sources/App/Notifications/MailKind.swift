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
    /// Admins, opt-in: on working days when something waits, what the home page lists.
    case dailyDigest = "daily-digest"
    /// Leaders and admins: someone asks for time off (or withdraws the request).
    case absenceRequested = "absence-requested"
    /// My request for time off was approved or declined.
    case absenceDecided = "absence-decided"
    /// Leaders and admins: someone whose month they decide submitted their time.
    case monthSubmitted = "month-submitted"
    /// My month of time was approved, returned or reopened (with the reason).
    case monthDecided = "month-decided"

    /// Everyone hears about the events until they say otherwise; the digest is asked for.
    public var wantedByDefault: Bool { self != .dailyDigest }

    /// Whether the kind can concern `user` at all (the preferences page offers only these).
    public func isOffered(to user: User) -> Bool {
        switch self {
        case .dailyDigest: Permissions.can(user, .reviewInvoices, .company)
        case .absenceRequested: Permissions.reach(of: user.roles, for: .decideAbsences) != nil
        case .monthSubmitted: Permissions.reach(of: user.roles, for: .decideMonths) != nil
        default: true
        }
    }

    /// The kinds a person has turned off or on, over the defaults.
    public static func wanted(choices: [MailKind: Bool]) -> Set<MailKind> {
        Set(allCases.filter { choices[$0] ?? $0.wantedByDefault })
    }
}
