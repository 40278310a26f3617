import Foundation

/// The average increase of the rates that took effect in a month.
///
/// Definition (also printed on the page): the employees counted are those with a rate taking
/// effect in the month, a rate in effect before it in the same currency, and a contract in
/// that month (so people since deactivated count for the months they worked). For each,
/// increase = the rate in effect on the month's last day − the rate in effect the day before the
/// month began. The average increase is the mean of these increases; the average increase in
/// percent is the total of the increases divided by the total of the previous rates, which is how
/// much the average rate of these employees rose. Both are rounded once, half away from zero.
public struct IncreaseSummary: Sendable, Equatable {
    public let month: Month
    public let employees: Int
    public let totalIncreaseMinor: Int64
    public let totalPreviousMinor: Int64

    /// Mean increase per employee in minor units; nil when nobody's rate changed.
    public let meanIncreaseMinor: Int64?
    /// Increase of the average rate in hundredths of a percent; nil when nobody's rate changed.
    public let increaseBasisPoints: Int64?

    /// As the database worked it out (`RateReportQueries.monthlySummaries`).
    public init(
        month: Month, employees: Int, totalIncreaseMinor: Int64, totalPreviousMinor: Int64,
        meanIncreaseMinor: Int64?, increaseBasisPoints: Int64?
    ) {
        self.month = month
        self.employees = employees
        self.totalIncreaseMinor = totalIncreaseMinor
        self.totalPreviousMinor = totalPreviousMinor
        self.meanIncreaseMinor = meanIncreaseMinor
        self.increaseBasisPoints = increaseBasisPoints
    }

    /// The definition: sums of the changes, each average rounded once.
    public init(month: Month, changes: [RateChange]) {
        let increase = changes.reduce(0) { $0 + $1.increaseMinor }
        let previous = changes.reduce(0) { $0 + $1.previous.amountMinor }
        self.init(
            month: month, employees: changes.count, totalIncreaseMinor: increase, totalPreviousMinor: previous,
            meanIncreaseMinor: changes.isEmpty ? nil : Rounding.divide(increase, by: Int64(changes.count)),
            increaseBasisPoints: changes.isEmpty ? nil : Rounding.divide(increase * 10_000, by: previous))
    }

    /// The summary of a month over many people's histories.
    /// - Parameter contracted: whether the person had a contract in the month.
    public static func of(
        _ month: Month, histories: [UUID: [Rate]], currency: String, contracted: (UUID, Month) -> Bool
    ) -> IncreaseSummary {
        let changes = histories.compactMap { person, rates -> RateChange? in
            guard contracted(person, month), let change = RateChange.during(month, in: rates),
                  change.new.currency == currency else { return nil }
            return change
        }
        return IncreaseSummary(month: month, changes: changes)
    }
}
