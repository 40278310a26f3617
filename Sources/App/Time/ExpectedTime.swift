import Foundation

/// The hours a person's contracts expect of them. Pure.
public enum ExpectedTime {
    /// Seconds expected over `days`: on each working day (Monday to Friday, not a public holiday)
    /// under a contract, a fifth of the contract's weekly capacity.
    public static func seconds(over days: [LocalDate], contracts: [Contract]) -> Int {
        days.reduce(0) { total, day in
            guard WorkingDays.isWorkingDay(day), let contract = ContractHistory.current(contracts, on: day) else { return total }
            // Tenths of an hour are 360 s; a fifth of the week per day.
            return total + contract.capacityTenths * 360 / 5
        }
    }
}
