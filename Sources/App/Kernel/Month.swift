import Foundation

/// A calendar month, the period of invoices: [first day, first day of the next month).
public struct Month: Sendable, Hashable, Comparable {
    public let year: Int, month: Int

    public init?(year: Int, month: Int) {
        guard (1900...2200).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    public init(_ date: LocalDate) {
        year = date.year
        month = date.month
    }

    public var first: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    public var last: LocalDate {
        (28...31).reversed().lazy.compactMap { LocalDate(year: year, month: month, day: $0) }.first!
    }

    public static func < (a: Month, b: Month) -> Bool { (a.year, a.month) < (b.year, b.month) }
}

extension Month {
    /// Every day of the month, in order.
    public var days: [LocalDate] { (0..<last.day).map { first.adding(days: $0) } }

    public func adding(months: Int) -> Month {
        let index = year * 12 + (month - 1) + months
        return Month(year: index / 12, month: index % 12 + 1)!
    }

    /// `YYYY-MM`, as HTML month inputs send it.
    public init?(iso: String) {
        let bytes = Array(iso.utf8)
        if bytes.count == 7, bytes[4] == 0x2D, let y = LocalDate.number(bytes[0..<4]), let m = LocalDate.number(bytes[5..<7]) {
            self.init(year: y, month: m)
            return
        }
        let parts = iso.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(year: y, month: m)
    }

    public var iso: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) }

    /// A month typed into a report's filter: `YYYY-MM` in `LocalDate.inputYears`; anything else
    /// is bad input.
    public init?(filter text: String) {
        guard let month = Month(iso: text), LocalDate.inputYears.contains(month.year) else { return nil }
        self = month
    }
}
