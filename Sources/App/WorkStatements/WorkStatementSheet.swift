import Foundation

/// A day's hours on one project, as a statement lists them.
public struct WorkStatementEntry: Sendable, Equatable {
    public let day: LocalDate
    public let project: String
    public let client: String?
    public let seconds: Int

    public init(day: LocalDate, project: String, client: String?, seconds: Int) {
        self.day = day
        self.project = project
        self.client = client
        self.seconds = seconds
    }
}

/// What a month's statement is written from: the person, their contracts and rates, the month's
/// time (approved hours by day, approved absences, the company's days off) and the hours by day
/// and project.
public struct WorkStatementInput: Sendable {
    public let name: String
    public let month: Month
    public let contracts: [Contract]
    public let rates: [Rate]
    public let time: TimeBasis
    public let entries: [WorkStatementEntry]

    public init(name: String, month: Month, contracts: [Contract], rates: [Rate], time: TimeBasis, entries: [WorkStatementEntry]) {
        self.name = name
        self.month = month
        self.contracts = contracts
        self.rates = rates
        self.time = time
        self.entries = entries
    }
}

/// A month's statement: its table (the XLSX sheet), what it earns, and the hours it lists.
public struct WorkStatement: Sendable, Equatable {
    public let table: ExportTable
    public let earnings: MonthEarnings
    public let seconds: Int
}

/// The statement of an employee's month (docs/ARCHITECTURE.md, Work statements). Pure.
///
/// Only the days under an employee contract (HPP, DPP, DPČ) count: a month that is partly a
/// contractor's is invoiced for the rest. The total is `Earnings.expected` of those contracts,
/// the one definition of what a month earns. On the basis of hours each line earns its hours at
/// its day's rate; the lines are rounded so that they add up to the total exactly (each line is
/// the rounded running sum less the rounded running sum before it, so no line is off by more
/// than one minor unit).
public enum WorkStatementRules {
    /// Does the month need a statement: was the person an employee on any day of it?
    public static func isRequired(_ contracts: [Contract], in month: Month) -> Bool {
        contracts.contains { !$0.kind.sendsInvoices && $0.overlaps(month) }
    }

    public static func build(_ input: WorkStatementInput, t: Translator) -> WorkStatement {
        let month = input.month
        let contracts = input.contracts.filter { !$0.kind.sendsInvoices && $0.overlaps(month) }
        let earnings = Earnings.expected(in: month, contracts: contracts, rates: input.rates, time: input.time)
        let counted = input.entries
            .filter { Month($0.day) == month && $0.seconds > 0 && ContractHistory.current(contracts, on: $0.day) != nil }
            .sorted { ($0.day, $0.project, $0.client ?? "") < ($1.day, $1.project, $1.client ?? "") }
        var rows: [[ExportTable.Cell]] = []
        var running: Int64 = 0, paid: Int64 = 0
        for entry in counted {
            let rate = RateHistory.inEffect(input.rates, on: entry.day)
            var amount = ExportTable.Cell.empty
            if earnings.basis == .hours, let rate {
                running += Int64(entry.seconds) * rate.amountMinor
                let upToHere = Rounding.divide(running, by: 3600)
                amount = .amount(upToHere - paid)
                paid = upToHere
            }
            rows.append([.date(entry.day.iso), .text(t("weekday.\(entry.day.isoWeekday)")), .text(entry.project),
                         .text(entry.client ?? ""), .hours(seconds: entry.seconds), rate.map { .amount($0.amountMinor) } ?? .empty, amount])
        }
        for (day, absence) in absenceDays(input.time, contracts: contracts, in: month) {
            let kind = t("absence.kind.\(absence.kind.rawValue)") + (absence.halfDay ? " " + t("absence.halfDaySuffix") : "")
            rows.append([.date(day.iso), .text(t("weekday.\(day.isoWeekday)")), .text(kind), .empty, .empty, .empty, .empty])
        }
        let seconds = counted.reduce(0) { $0 + $1.seconds }
        rows.append([])
        rows.append([.text(t("statement.total")), .empty, .empty, .empty, .hours(seconds: seconds), .empty,
                     earnings.currency == nil ? .empty : .amount(earnings.amountMinor)])
        let kinds = Set(contracts.map(\.kind)).sorted { $0.rawValue < $1.rawValue }.map { t("contract.\($0.rawValue)") }
        let preamble: [[ExportTable.Cell]] = [
            [.text(t("statement.person")), .text(input.name)],
            [.text(t("statement.month")), .text(month.iso)],
            [.text(t("statement.contract")), .text(kinds.joined(separator: ", "))],
            [.text(t("statement.basis")), .text(t("statement.basis.\(earnings.basis.rawValue)"))],
            [.text(t("statement.currency")), .text(earnings.currency ?? "")],
            [],
        ]
        let columns = ["date", "day", "project", "client", "hours", "rate", "amount"].map { t("statement.column.\($0)") }
        return WorkStatement(table: ExportTable(name: input.name, columns: columns, rows: rows, preamble: preamble),
                             earnings: earnings, seconds: seconds)
    }

    /// The approved absences' days of the month that would have been working days under one of
    /// the contracts, by day.
    static func absenceDays(_ time: TimeBasis, contracts: [Contract], in month: Month) -> [(LocalDate, Absence)] {
        let approved = time.absences.filter { $0.status == .approved }
        return month.days.compactMap { day in
            guard time.daysOff.isWorkingDay(day), ContractHistory.current(contracts, on: day) != nil,
                  let absence = approved.first(where: { $0.covers(day) }) else { return nil }
            return (day, absence)
        }
    }

    /// The file's name: "statement-2026-11-novakova-jana.xlsx" (letters, digits and dashes).
    public static func filename(name: String, month: Month) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en"))
        let words = folded.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.prefix(6)
        let stem = words.isEmpty ? "" : "-" + words.joined(separator: "-")
        return "statement-" + month.iso + String(stem.prefix(120)) + ".xlsx"
    }
}
