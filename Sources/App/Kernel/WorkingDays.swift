import Foundation

extension LocalDate {
    /// Monday is 1, Sunday 7 (ISO 8601). 1 January 1970 was a Thursday.
    public var isoWeekday: Int {
        let fromMonday = ((daysSinceEpoch + 3) % 7 + 7) % 7
        return fromMonday + 1
    }
}

/// The public holidays of the Czech Republic (zákon č. 245/2000 Sb.), for any year a `LocalDate`
/// holds (1900–2200): the fixed dates, Good Friday and Easter Monday. Pure.
public enum CzechHolidays {
    /// Day and month of the holidays that fall on the same date every year.
    static let fixed: [(month: Int, day: Int)] = [
        (1, 1), (5, 1), (5, 8), (7, 5), (7, 6), (9, 28), (10, 28), (11, 17), (12, 24), (12, 25), (12, 26),
    ]

    /// Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher").
    public static func easterSunday(_ year: Int) -> LocalDate? {
        let a = year % 19, b = year / 100, c = year % 100
        let d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return LocalDate(year: year, month: month, day: day)
    }

    /// The year's public holidays, in date order.
    public static func dates(in year: Int) -> [LocalDate] {
        guard let easter = easterSunday(year) else { return [] }
        var days = fixed.compactMap { LocalDate(year: year, month: $0.month, day: $0.day) }
        // Good Friday is a holiday since 2016.
        if year >= 2016 { days.append(easter.adding(days: -2)) }
        days.append(easter.adding(days: 1))
        return days.sorted()
    }

    /// Whether `date` is a public holiday; asked for every day of a month for every row of the
    /// review desk, so it builds no list: the fixed dates are compared, and Easter is worked out
    /// only for a day of March or April, where Good Friday and Easter Monday fall.
    public static func contains(_ date: LocalDate) -> Bool {
        if fixed.contains(where: { $0.month == date.month && $0.day == date.day }) { return true }
        guard date.month == 3 || date.month == 4, let easter = easterSunday(date.year) else { return false }
        return date == easter.adding(days: 1) || (date.year >= 2016 && date == easter.adding(days: -2))
    }
}

/// Working days: Monday to Friday, except public holidays. Pure.
public enum WorkingDays {
    public static func isWorkingDay(_ date: LocalDate) -> Bool {
        date.isoWeekday <= 5 && !CzechHolidays.contains(date)
    }

    /// The month's working days, in order.
    public static func all(in month: Month) -> [LocalDate] {
        let holidays = Set(CzechHolidays.dates(in: month.year))
        var days: [LocalDate] = []
        var day = month.first
        while day <= month.last {
            if day.isoWeekday <= 5, !holidays.contains(day) { days.append(day) }
            day = day.adding(days: 1)
        }
        return days
    }

    /// The n-th working day of the month (1 is the first), or nil when the month has fewer.
    public static func nth(_ n: Int, in month: Month) -> LocalDate? {
        let days = all(in: month)
        return n >= 1 && n <= days.count ? days[n - 1] : nil
    }

    /// The n-th last working day of the month (1 is the last), or nil when the month has fewer.
    public static func nthLast(_ n: Int, in month: Month) -> LocalDate? {
        let days = all(in: month)
        return n >= 1 && n <= days.count ? days[days.count - n] : nil
    }
}
