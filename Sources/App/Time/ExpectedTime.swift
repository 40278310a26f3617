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
            guard let (contract, halves) = share(of: day, contracts: contracts, daysOff: daysOff, approvedAbsences: away)
            else { return total }
            // Tenths of an hour are 360 s; a fifth of the week per day, in halves.
            return total + contract.capacityTenths * 360 / 5 * halves / 2
        }
    }

    /// The contract a day is worked under and how much of it, in halves: 2 on a working day, 1 on
    /// an approved half day of absence, nil on a day off, a day of absence or a day without a
    /// contract. The one rule of expected hours (`seconds`) and expected money (`Earnings`).
    static func share(of day: LocalDate, contracts: [Contract], daysOff: DaysOff, approvedAbsences: [Absence])
        -> (contract: Contract, halves: Int)? {
        guard daysOff.isWorkingDay(day), let contract = ContractHistory.current(contracts, on: day) else { return nil }
        guard let absence = approvedAbsences.first(where: { $0.covers(day) }) else { return (contract, 2) }
        return absence.halfDay ? (contract, 1) : nil
    }
}
