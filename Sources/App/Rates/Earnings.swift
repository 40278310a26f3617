import Foundation

/// What a person earns in a month, and on what basis it was worked out.
public struct MonthEarnings: Sendable, Equatable {
    public enum Basis: String, Sendable {
        /// Contracted hours × the rate in effect on each working day, less public holidays, the
        /// company's days off and approved absences (no approved hours, no invoice).
        case capacity
        /// The month's approved hours × the rate in effect on each day they were worked.
        case hours
        /// The total of the month's approved (or paid) invoice.
        case invoice
    }

    public let month: Month
    public let amountMinor: Int64
    public let currency: String?
    /// Working days (Monday to Friday) on which a contract and a rate were in effect.
    public let paidDays: Int
    public let basis: Basis
}

/// What a person's time says of a month: the approved hours by day (when the month's time is
/// approved), the approved absences, and the company's days off. Empty: nothing but the contract.
public struct TimeBasis: Sendable, Equatable {
    /// Seconds worked by day, in day order, of a month whose time was approved; nil otherwise.
    public var approvedDays: [DaySeconds]?
    public var absences: [Absence]
    public var daysOff: DaysOff

    public init(approvedDays: [DaySeconds]? = nil, absences: [Absence] = [], daysOff: DaysOff = DaysOff()) {
        self.approvedDays = approvedDays
        self.absences = absences
        self.daysOff = daysOff
    }

    /// The seconds of each day, by day.
    public init(approvedSeconds: [LocalDate: Int]?, absences: [Absence] = [], daysOff: DaysOff = DaysOff()) {
        self.init(approvedDays: approvedSeconds.map { $0.map(DaySeconds.init).sorted { $0.day < $1.day } },
                  absences: absences, daysOff: daysOff)
    }

    public static let none = TimeBasis()
}

/// The seconds worked on a day.
public struct DaySeconds: Sendable, Equatable {
    public var day: LocalDate
    public var seconds: Int

    public init(day: LocalDate, seconds: Int) {
        self.day = day
        self.seconds = seconds
    }
}

/// Expected earnings from contracts, rates and time (pure): the one definition of the review
/// desk's expected amount and of "My earnings".
///
/// A month whose time was approved with hours in it earns each day's hours at that day's rate
/// (basis `hours`). Any other month earns on each working day (Monday to Friday, not a public
/// holiday, not a company day off) with a contract and a rate a fifth of the contract's weekly
/// hours at that day's rate, nothing on a day of approved absence and half on a half day (basis
/// `capacity`). A month is the sum of its days, rounded once to the minor unit; changes of rate
/// or contract in the middle of a month count from their day.
public enum Earnings {
    public static func expected(in month: Month, contracts: [Contract], rates: [Rate], time: TimeBasis = .none) -> MonthEarnings {
        if let hours = time.approvedDays, hours.contains(where: { $0.seconds > 0 }) {
            return fromHours(in: month, hours, contracts: contracts, rates: rates)
        }
        // Sum of capacityTenths × rateMinor × halves per day; a day earns that / 10 (tenths) / 5
        // (days a week) / 2 (halves).
        let away = time.absences.filter { $0.status == .approved }
        var total: Int64 = 0
        var days = 0
        var currency: String?
        var day = month.first
        while day <= month.last {
            if let (contract, halves) = ExpectedTime.share(of: day, contracts: contracts, daysOff: time.daysOff, approvedAbsences: away),
               let rate = RateHistory.inEffect(rates, on: day) {
                total += Int64(contract.capacityTenths) * rate.amountMinor * Int64(halves)
                days += 1
                currency = currency ?? rate.currency
            }
            day = day.adding(days: 1)
        }
        return MonthEarnings(month: month, amountMinor: Rounding.divide(total, by: 100), currency: currency,
                             paidDays: days, basis: .capacity)
    }

    /// Each day's approved seconds at the day's rate, on days under one of `contracts`; `seconds`
    /// are in day order.
    static func fromHours(in month: Month, _ seconds: [DaySeconds], contracts: [Contract], rates: [Rate]) -> MonthEarnings {
        var total: Int64 = 0
        var days = 0
        // The currency of the month's first paid day.
        var currency: String?
        for worked in seconds where worked.seconds > 0 && Month(worked.day) == month {
            guard ContractHistory.current(contracts, on: worked.day) != nil,
                  let rate = RateHistory.inEffect(rates, on: worked.day) else { continue }
            total += Int64(worked.seconds) * rate.amountMinor
            days += 1
            currency = currency ?? rate.currency
        }
        return MonthEarnings(month: month, amountMinor: Rounding.divide(total, by: 3600), currency: currency,
                             paidDays: days, basis: .hours)
    }

    /// The months to chart: the last `count` up to `current`, or all since the first contract.
    /// The month's approved or paid invoice replaces the expectation: it is what was earned.
    public static func withInvoices(_ expected: [MonthEarnings], invoices: [InvoiceSummary]) -> [MonthEarnings] {
        let settled = Dictionary(invoices.filter { $0.state == .approved || $0.state == .paid }.compactMap { invoice in
            invoice.amountMinor.map { (invoice.month, (minor: $0, currency: invoice.currency)) }
        }, uniquingKeysWith: { first, _ in first })
        return expected.map { month in
            guard let invoice = settled[month.month] else { return month }
            return MonthEarnings(month: month.month, amountMinor: invoice.minor, currency: invoice.currency,
                                 paidDays: month.paidDays, basis: .invoice)
        }
    }

    public static func months(ending current: Month, count: Int?, contracts: [Contract]) -> [Month] {
        let first = contracts.map(\.validFrom).min().map(Month.init) ?? current
        let start = count.map { current.adding(months: -($0 - 1)) } ?? min(first, current)
        var months: [Month] = []
        var month = start
        while month <= current {
            months.append(month)
            month = month.adding(months: 1)
        }
        return months
    }
}

extension LocalDate {
    /// Saturday or Sunday.
    public var isWeekend: Bool { isoWeekday >= 6 }
}
