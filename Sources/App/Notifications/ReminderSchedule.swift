import Foundation

/// The company's reminder days for a missing invoice: the n-th last working day of the month
/// (`beforeEnd`) and the n-th working day of the next month (`afterStart`); 0 turns one off.
public struct ReminderDays: Sendable, Equatable {
    public let beforeEnd: Int
    public let afterStart: Int

    public static let allowed = 0...10
    public static let standard = ReminderDays(beforeEnd: 1, afterStart: 3)

    public init(beforeEnd: Int, afterStart: Int) {
        self.beforeEnd = beforeEnd
        self.afterStart = afterStart
    }
}

/// Which reminders are due on a day, in the company's time zone. Pure.
public enum ReminderSchedule {
    /// Reminders go out from this hour of the company's day on, never at night.
    public static let fromHour = 9

    /// One reminder: the month it is about and the rule that made it (part of its once-only key).
    public struct Due: Sendable, Equatable {
        public let month: Month
        public let rule: String
    }

    /// The reminders due at `hour` on `today` (both the company's local time).
    public static func due(today: LocalDate, hour: Int, days: ReminderDays) -> [Due] {
        guard hour >= fromHour else { return [] }
        let month = Month(today)
        var due: [Due] = []
        if days.beforeEnd > 0, WorkingDays.nthLast(days.beforeEnd, in: month) == today {
            due.append(Due(month: month, rule: "before-end-\(days.beforeEnd)"))
        }
        if days.afterStart > 0, WorkingDays.nth(days.afterStart, in: month) == today {
            due.append(Due(month: month.adding(months: -1), rule: "after-start-\(days.afterStart)"))
        }
        return due
    }

    /// The key that lets the reminder be queued once: kind, month, rule and person.
    public static func onceKey(_ due: Due, user: UUID) -> String {
        "\(MailKind.invoiceReminder.rawValue)/\(due.month.iso)/\(due.rule)/\(user.lowercasedString)"
    }
}
