import Foundation
import Testing
@testable import App

/// Public holidays, working days and reminder days as pure code.
@Suite struct CalendarRulesTests {
    static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    @Test func easterAgreesWithPublishedCalendars() {
        let published = ["2000-04-23", "2015-04-05", "2016-03-27", "2019-04-21", "2024-03-31", "2025-04-20",
                         "2026-04-05", "2027-03-28", "2030-04-21", "2035-03-25", "2038-04-25", "1943-04-25"]
        for iso in published {
            #expect(CzechHolidays.easterSunday(Self.day(iso).year) == Self.day(iso))
        }
    }

    @Test func theCzechHolidaysOfAYear() {
        #expect(CzechHolidays.dates(in: 2026).map(\.iso) == [
            "2026-01-01", "2026-04-03", "2026-04-06", "2026-05-01", "2026-05-08", "2026-07-05", "2026-07-06",
            "2026-09-28", "2026-10-28", "2026-11-17", "2026-12-24", "2026-12-25", "2026-12-26",
        ])
        // Good Friday is a holiday from 2016 on; Easter Monday always.
        #expect(!CzechHolidays.contains(Self.day("2015-04-03")) && CzechHolidays.contains(Self.day("2015-04-06")))
        #expect(CzechHolidays.contains(Self.day("2016-03-25")))
    }

    /// `contains` answers without building the year's list: it agrees with the list on every
    /// day of 1990 to 2060.
    @Test func aDayIsAHolidayExactlyWhenTheYearsListHasIt() {
        var day = Self.day("1990-01-01")
        var holidays = Set(CzechHolidays.dates(in: day.year))
        while day <= Self.day("2060-12-31") {
            if day.month == 1 && day.day == 1 { holidays = Set(CzechHolidays.dates(in: day.year)) }
            #expect(CzechHolidays.contains(day) == holidays.contains(day), "\(day.iso)")
            day = day.adding(days: 1)
        }
    }

    @Test func weekdaysAndWorkingDays() {
        #expect(Self.day("2026-11-23").isoWeekday == 1 && Self.day("2026-11-29").isoWeekday == 7)
        #expect(Self.day("1969-12-31").isoWeekday == 3, "before the epoch too")
        #expect(!WorkingDays.isWorkingDay(Self.day("2026-11-17")), "a Tuesday, but the Day of Freedom and Democracy")
        #expect(WorkingDays.all(in: Month(year: 2026, month: 11)!).count == 20)
        #expect(WorkingDays.nthLast(1, in: Month(year: 2026, month: 11)!) == Self.day("2026-11-30"))
        #expect(WorkingDays.nthLast(1, in: Month(year: 2026, month: 12)!) == Self.day("2026-12-31"))
        #expect(WorkingDays.nthLast(2, in: Month(year: 2026, month: 12)!) == Self.day("2026-12-30"))
        #expect(WorkingDays.nth(1, in: Month(year: 2027, month: 1)!) == Self.day("2027-01-04"), "1 January is a holiday, then a weekend")
        #expect(WorkingDays.nth(3, in: Month(year: 2026, month: 12)!) == Self.day("2026-12-03"))
        #expect(WorkingDays.nth(0, in: Month(year: 2026, month: 12)!) == nil && WorkingDays.nth(30, in: Month(year: 2026, month: 12)!) == nil)
    }

    @Test func workingDaysAgreeWithADayByDayCountForACentury() {
        for year in 2000...2100 {
            let holidays = Set(CzechHolidays.dates(in: year))
            for number in 1...12 {
                let month = Month(year: year, month: number)!
                var expected: [LocalDate] = []
                for day in 1...LocalDate.daysIn(month: number, year: year) {
                    let date = LocalDate(year: year, month: number, day: day)!
                    let weekday = Calendar(identifier: .gregorian).component(.weekday, from: DateComponents(
                        calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                        year: year, month: number, day: day, hour: 12).date!)
                    if weekday != 1, weekday != 7, !holidays.contains(date) { expected.append(date) }
                }
                #expect(WorkingDays.all(in: month) == expected, "\(month.iso)")
            }
        }
    }

    @Test func remindersFallOnTheCompanysDaysFromNineOClock() {
        let standard = ReminderDays.standard
        #expect(ReminderSchedule.due(today: Self.day("2026-11-30"), hour: 9, days: standard)
                == [.init(month: Month(year: 2026, month: 11)!, rule: "before-end-1")])
        #expect(ReminderSchedule.due(today: Self.day("2026-11-30"), hour: 8, days: standard).isEmpty, "not at night")
        #expect(ReminderSchedule.due(today: Self.day("2026-12-03"), hour: 14, days: standard)
                == [.init(month: Month(year: 2026, month: 11)!, rule: "after-start-3")])
        #expect(ReminderSchedule.due(today: Self.day("2026-12-02"), hour: 14, days: standard).isEmpty)
        #expect(ReminderSchedule.due(today: Self.day("2026-11-30"), hour: 9, days: .init(beforeEnd: 0, afterStart: 0)).isEmpty)
        // January: the third working day of 2027 is the 6th; it reminds of December.
        #expect(ReminderSchedule.due(today: Self.day("2027-01-06"), hour: 23, days: standard)
                == [.init(month: Month(year: 2026, month: 12)!, rule: "after-start-3")])
        // Every month of a few years has exactly one day of each reminder.
        for year in 2026...2028 {
            for number in 1...12 {
                let month = Month(year: year, month: number)!
                var days: [String] = []
                var day = month.first
                while day <= month.last {
                    days += ReminderSchedule.due(today: day, hour: 12, days: standard).map(\.rule)
                    day = day.adding(days: 1)
                }
                #expect(days.sorted() == ["after-start-3", "before-end-1"], "\(month.iso)")
            }
        }
        let key = ReminderSchedule.onceKey(.init(month: Month(year: 2026, month: 11)!, rule: "before-end-1"), user: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!)
        #expect(key == "invoice-reminder/2026-11/before-end-1/00000000-0000-0000-0000-00000000000a")
    }

    @Test func anUnsubscribeSignatureFitsOnePersonKindAndCompany() {
        let key = SymmetricKeyForTests.make(1), other = SymmetricKeyForTests.make(2)
        let tenant = UUID(), user = UUID()
        let signature = UnsubscribeLink.signature(key: key, tenant: tenant, user: user, kind: .invoicePaid)
        #expect(signature.count == 43 && signature.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(UnsubscribeLink.isValid(signature, key: key, tenant: tenant, user: user, kind: .invoicePaid))
        #expect(!UnsubscribeLink.isValid(signature, key: key, tenant: tenant, user: user, kind: .invoiceReturned))
        #expect(!UnsubscribeLink.isValid(signature, key: key, tenant: tenant, user: UUID(), kind: .invoicePaid))
        #expect(!UnsubscribeLink.isValid(signature, key: key, tenant: UUID(), user: user, kind: .invoicePaid))
        #expect(!UnsubscribeLink.isValid(signature, key: other, tenant: tenant, user: user, kind: .invoicePaid))
        #expect(!UnsubscribeLink.isValid(String(signature.dropLast()) + "A", key: key, tenant: tenant, user: user, kind: .invoicePaid)
                || signature.hasSuffix("A"))
        #expect(!UnsubscribeLink.isValid("", key: key, tenant: tenant, user: user, kind: .invoicePaid))
    }
}

import Crypto

enum SymmetricKeyForTests {
    static func make(_ byte: UInt8) -> SymmetricKey { SymmetricKey(data: [UInt8](repeating: byte, count: 32)) }
}
