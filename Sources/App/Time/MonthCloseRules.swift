import Foundation

/// The rules of a month of time closed (docs/ARCHITECTURE.md, "Where a rule is decided"); pure.
/// The page offers what these allow, and the use cases (`MonthClosing`) refuse what they do not.
enum MonthCloseRules {
    /// Why the person cannot submit `month`, or nil when they can: a month that has not begun, a
    /// month without any of their contracts, or one submitted or approved already.
    static func submitRefusal(
        _ month: Month, thisMonth: Month, status: TimeMonthStatus?, contracts: [Contract]
    ) -> MonthCloseOutcome? {
        if month > thisMonth { return .future }
        if !contracts.contains(where: { $0.overlaps(month) }) { return .noContract }
        if let status, status != .returned { return .unchanged }
        return nil
    }

    /// Whether `viewer` approves and returns `person`'s months: their team's leader or an admin,
    /// never the person themselves.
    static func decides(_ viewer: User, for person: PersonSubject) -> Bool {
        viewer.id != person.id && Permissions.can(viewer, .decideMonths, .person(person))
    }

    /// Whether `viewer` may reopen `person`'s month in `status` (an admin, someone else's month,
    /// submitted or approved).
    static func reopens(_ viewer: User, for person: PersonSubject, status: TimeMonthStatus?) -> Bool {
        viewer.id != person.id && status != nil && status != .returned && Permissions.can(viewer, .reopenMonths, .company)
    }
}
