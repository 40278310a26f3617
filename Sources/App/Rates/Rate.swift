import Foundation

/// One entry of a person's rate history: an hourly amount in effect from a day.
public struct Rate: Sendable, Equatable, Hashable {
    public let id: UUID
    public let effectiveFrom: LocalDate
    public let amountMinor: Int64
    public let currency: String

    public init(id: UUID = UUID(), effectiveFrom: LocalDate, amountMinor: Int64, currency: String) {
        self.id = id
        self.effectiveFrom = effectiveFrom
        self.amountMinor = amountMinor
        self.currency = currency
    }
}

/// The rules of a rate history (docs/DOMAIN.md, Rates: a rate is in effect from its date until the next one's).
/// The SQL in `RateReportQueries` states the same definitions; a test checks the two agree.
public enum RateHistory {
    /// The rate in effect on a day: the latest whose effective date is on or before it.
    public static func inEffect(_ rates: [Rate], on day: LocalDate) -> Rate? {
        // A loop, not filter and max: the desk asks this for every working day of a thousand rows.
        var found: Rate?
        for rate in rates where rate.effectiveFrom <= day && found.map({ $0.effectiveFrom < rate.effectiveFrom }) ?? true {
            found = rate
        }
        return found
    }

    /// The next rate to take effect after a day, if one is already entered.
    public static func upcoming(_ rates: [Rate], after day: LocalDate) -> Rate? {
        rates.filter { $0.effectiveFrom > day }.min { $0.effectiveFrom < $1.effectiveFrom }
    }

    /// The rate in effect the day before a rate took effect: the one it replaced.
    public static func previous(of rate: Rate, in rates: [Rate]) -> Rate? {
        inEffect(rates, on: rate.effectiveFrom.adding(days: -1))
    }

    /// The rates in effect on some day of a month, oldest first.
    public static func inEffect(_ rates: [Rate], during month: Month) -> [Rate] {
        let atStart = inEffect(rates, on: month.first).map { [$0] } ?? []
        let later = rates.filter { $0.effectiveFrom > month.first && $0.effectiveFrom <= month.last }
        return (atStart + later).sorted { $0.effectiveFrom < $1.effectiveFrom }
    }

    /// Newest first, as the history is shown.
    public static func newestFirst(_ rates: [Rate]) -> [Rate] {
        rates.sorted { $0.effectiveFrom > $1.effectiveFrom }
    }
}

/// A change from one rate to another, with the increase in money and in percent.
public struct RateChange: Sendable, Equatable {
    public let previous: Rate
    public let new: Rate

    /// Only rates of the same currency are compared; a change of currency is not an increase.
    public init?(from previous: Rate, to new: Rate) {
        guard previous.currency == new.currency, previous.effectiveFrom < new.effectiveFrom else { return nil }
        self.previous = previous
        self.new = new
    }

    /// New − previous, in minor units (negative for a decrease).
    public var increaseMinor: Int64 { new.amountMinor - previous.amountMinor }

    /// The increase in hundredths of a percent of the previous rate, rounded half away from zero.
    public var increaseBasisPoints: Int64 {
        Rounding.divide(increaseMinor * 10_000, by: previous.amountMinor)
    }

    /// The change of a rate history over a month: the rate in effect on the month's last day
    /// against the one in effect the day before the month began. Nil when no rate took effect in
    /// the month, or no rate was in effect before it (a first rate is not an increase).
    public static func during(_ month: Month, in rates: [Rate]) -> RateChange? {
        guard rates.contains(where: { Month($0.effectiveFrom) == month }),
              let new = RateHistory.inEffect(rates, on: month.last),
              let previous = RateHistory.inEffect(rates, on: month.first.adding(days: -1))
        else { return nil }
        return RateChange(from: previous, to: new)
    }

    /// The latest change on or before a day: the rate in effect then against the one it replaced.
    public static func latest(in rates: [Rate], on day: LocalDate) -> (current: Rate, change: RateChange?)? {
        guard let current = RateHistory.inEffect(rates, on: day) else { return nil }
        return (current, RateHistory.previous(of: current, in: rates).flatMap { RateChange(from: $0, to: current) })
    }
}
