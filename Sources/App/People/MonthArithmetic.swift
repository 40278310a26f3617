import Foundation

extension Month {
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

    public var iso: String { String(format: "%04d-%02d", year, month) }

    /// A month typed into a report's filter: `YYYY-MM` between 2000 and 2100, where reports
    /// can also look a few years back and ahead; anything else is bad input.
    public init?(filter text: String) {
        guard let month = Month(iso: text), (2000...2100).contains(month.year) else { return nil }
        self = month
    }
}
