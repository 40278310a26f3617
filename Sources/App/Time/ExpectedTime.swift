import Foundation

/// The hours a person's contracts expect of them. Pure.
public enum ExpectedTime {
    /// Seconds expected over `days`: on each working day (Monday to Friday, not a public holiday,
    /// not a company day off) under a contract, a fifth of the contract's weekly capacity; none on
    /// a day of approved absence, half on an approved half day.
    public static func seconds(over days: [LocalDate], contracts: [Contract], daysOff: DaysOff = DaysOff(),
                               absences: [Absence] = []) -> Int {
        let away = absences.filter { $0.status == .approved }
        return days.reduce(0) { total, day in
            guard daysOff.isWorkingDay(day), let contract = ContractHistory.current(contracts, on: day) else { return total }
            // Tenths of an hour are 360 s; a fifth of the week per day.
            let daily = contract.capacityTenths * 360 / 5
            guard let absence = away.first(where: { $0.covers(day) }) else { return total + daily }
            return total + (absence.halfDay ? daily / 2 : 0)
        }
    }
}
