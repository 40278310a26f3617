import Foundation

/// A calendar day, without time or zone (PostgreSQL `date`).
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1900...2200).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// 28 to 31, by the Gregorian leap-year rule.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The years a day or month typed by a person or sent by a program may fall in, for every such
    /// input (time entries, absences, contracts, rates, days off, filters, exports): the one range,
    /// stated once (docs/ARCHITECTURE.md, "Where a rule is decided").
    public static let inputYears = 2000...2100

    /// A day typed into a form, an address or the API: `YYYY-MM-DD` (at most 20 characters read)
    /// in `inputYears`; nil for anything else.
    public init?(input text: some StringProtocol) {
        guard let day = LocalDate(iso: String(text.prefix(20))), Self.inputYears.contains(day.year) else { return nil }
        self = day
    }

    /// `YYYY-MM-DD`, as HTML date inputs send it (and PostgreSQL prints dates).
    public init?(iso: String) {
        // The exact shape, read byte by byte: pages read thousands of dates from the database.
        let bytes = Array(iso.utf8)
        if bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
           let y = Self.number(bytes[0..<4]), let m = Self.number(bytes[5..<7]), let d = Self.number(bytes[8..<10]) {
            self.init(year: y, month: m, day: d)
            return
        }
        self.init(loose: iso)
    }

    /// Digits only, as a number.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// A date typed with spaces around it.
    private init?(loose iso: String) {
        let parts = iso.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day `now` falls on in a time zone (the tenant's). "Today" comes from the application's
    /// clock: `BusinessClock.today(in:)`.
    public static func today(in zone: String, now: Date) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "Europe/Prague")!
        let c = calendar.dateComponents([.year, .month, .day], from: now)
        return LocalDate(year: c.year!, month: c.month!, day: c.day!)!
    }

    /// The instant of this day's `hour`:`minute` on the wall clock of a time zone (the tenant's).
    public func instant(hour: Int, minute: Int, in zone: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "Europe/Prague")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
    }

    public var iso: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2) }

    /// Plain arithmetic on the proleptic Gregorian calendar: month loops run it for every day,
    /// and a Foundation calendar per call made a month of a thousand people take most of a second.
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `days` after 1970-01-01 (the inverse of `daysSinceEpoch`).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(uncheckedYear: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }
    public var description: String { iso }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

extension Int {
    /// The number in decimal with leading zeros up to `width` digits ("7" → "07"); for dates,
    /// which are printed on every page (`String(format:)` goes through `vfprintf` each time).
    func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
        return self < 0 ? "-" + padded : padded
    }
}
