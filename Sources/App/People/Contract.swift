import Foundation

/// A calendar day, without time or zone (PostgreSQL `date`).
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init?(year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard (1900...2200).contains(year), (1...12).contains(month), (1...31).contains(day),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`, as HTML date inputs send it.
    public init?(iso: String) {
        let parts = iso.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Today in a time zone: the tenant's, which decides what "today" is.
    public static func today(in zone: String, now: Date = Date()) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "Europe/Prague")!
        let c = calendar.dateComponents([.year, .month, .day], from: now)
        return LocalDate(year: c.year!, month: c.month!, day: c.day!)!
    }

    public var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }

    public func adding(days: Int) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .day, value: days, to: calendar.date(from: DateComponents(year: year, month: month, day: day))!)!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: c.year!, month: c.month!, day: c.day!)!
    }
    public var description: String { iso }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

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

/// Czech contract types (DOMAIN.md); only IČO contractors send invoices.
public enum ContractKind: String, Sendable, CaseIterable, Codable {
    case ico, hpp, dpp, dpc
    public var sendsInvoices: Bool { self == .ico }
}

public struct Contract: Sendable, Equatable {
    public let id: UUID
    public var kind: ContractKind
    public var validFrom: LocalDate
    /// Inclusive last day; nil while open-ended.
    public var validTo: LocalDate?
    /// Hours per week, in tenths (37.5 h = 375), so no floating point is involved.
    public var capacityTenths: Int

    public func covers(_ day: LocalDate) -> Bool {
        validFrom <= day && (validTo.map { day <= $0 } ?? true)
    }

    public func overlaps(_ other: Contract) -> Bool {
        let endsBeforeOther = validTo.map { $0 < other.validFrom } ?? false
        let startsAfterOther = other.validTo.map { validFrom > $0 } ?? false
        return !endsBeforeOther && !startsAfterOther
    }

    public func overlaps(_ month: Month) -> Bool {
        validFrom <= month.last && (validTo.map { $0 >= month.first } ?? true)
    }
}

/// Questions about a person's contract history; pure.
public enum ContractHistory {
    /// The contract in force on a day.
    public static func current(_ contracts: [Contract], on day: LocalDate) -> Contract? {
        contracts.first { $0.covers(day) }
    }

    /// Was the person a contractor (IČO) on any day of the month? Invoices ask this.
    public static func isContractor(_ contracts: [Contract], in month: Month) -> Bool {
        contracts.contains { $0.kind.sendsInvoices && $0.overlaps(month) }
    }

    /// The contracts a new one would collide with.
    public static func conflicts(of candidate: Contract, with contracts: [Contract]) -> [Contract] {
        contracts.filter { $0.id != candidate.id && $0.overlaps(candidate) }
    }

    /// "37.5" → 375; nil for anything that is not 0.5–80 hours in steps of 0.1.
    public static func parseCapacity(_ text: String) -> Int? {
        let cleaned = text.trimmingWhitespace().replacingOccurrences(of: ",", with: ".")
        guard cleaned.wholeMatch(of: /[0-9]{1,2}(\.[0-9])?/) != nil else { return nil }
        let parts = cleaned.split(separator: ".")
        let tenths = Int(parts[0])! * 10 + (parts.count > 1 ? Int(parts[1])! : 0)
        return (1...800).contains(tenths) ? tenths : nil
    }

    public static func formatCapacity(_ tenths: Int) -> String {
        tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
