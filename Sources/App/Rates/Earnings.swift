import Foundation

/// What a person earns in a month, and on what basis it was worked out.
public struct MonthEarnings: Sendable, Equatable {
    public enum Basis: String, Sendable {
        /// Contracted hours × the rate in effect, day by day (no invoice or timesheet yet).
        case capacity
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

/// Expected earnings from contracts and rates (pure).
///
/// Each working day (Monday to Friday) with a contract and a rate in effect earns a fifth of the
/// contract's weekly hours at that day's rate; a month is the sum of its days, rounded once to
/// the minor unit. Changes of rate or contract in the middle of a month count from their day.
public enum Earnings {
    public static func expected(in month: Month, contracts: [Contract], rates: [Rate]) -> MonthEarnings {
        // Sum of capacityTenths × rateMinor per day; a day earns that / 10 (tenths) / 5 (days a week).
        var total: Int64 = 0
        var days = 0
        var currency: String?
        var day = month.first
        while day <= month.last {
            if !day.isWeekend, let contract = ContractHistory.current(contracts, on: day),
               let rate = RateHistory.inEffect(rates, on: day) {
                total += Int64(contract.capacityTenths) * rate.amountMinor
                days += 1
                currency = currency ?? rate.currency
            }
            day = day.adding(days: 1)
        }
        return MonthEarnings(month: month, amountMinor: Rounding.divide(total, by: 50), currency: currency,
                             paidDays: days, basis: .capacity)
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
    public var isWeekend: Bool {
        let weekday = ((daysSinceEpoch % 7) + 10) % 7 // 1970-01-01 was a Thursday; 0 = Monday … 6 = Sunday
        return weekday >= 5
    }
}
