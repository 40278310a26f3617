import Foundation

/// Czech contract types (docs/DOMAIN.md, Contract types); only IČO contractors send invoices.
public enum ContractKind: String, Sendable, CaseIterable, Codable {
    case ico, hpp, dpp, dpc
    public var sendsInvoices: Bool { self == .ico }
}

public struct Contract: Sendable, Equatable {
    public let id: UUID
    public var kind: ContractKind
    public var validFrom: LocalDate
    /// Inclusive last day; nil while open-ended.
    public var validTo: LocalDate?
    /// Hours per week, in tenths (37.5 h = 375), so no floating point is involved.
    public var capacityTenths: Int
    /// Days of vacation a year (HPP), in tenths, half days only (25.5 days = 255).
    public var vacationTenths: Int

    public init(id: UUID, kind: ContractKind, validFrom: LocalDate, validTo: LocalDate?, capacityTenths: Int,
                vacationTenths: Int = ContractHistory.defaultVacationTenths) {
        self.id = id
        self.kind = kind
        self.validFrom = validFrom
        self.validTo = validTo
        self.capacityTenths = capacityTenths
        self.vacationTenths = vacationTenths
    }

    public func covers(_ day: LocalDate) -> Bool {
        validFrom <= day && (validTo.map { day <= $0 } ?? true)
    }

    public func overlaps(_ other: Contract) -> Bool {
        let endsBeforeOther = validTo.map { $0 < other.validFrom } ?? false
        let startsAfterOther = other.validTo.map { validFrom > $0 } ?? false
        return !endsBeforeOther && !startsAfterOther
    }

    public func overlaps(_ month: Month) -> Bool {
        validFrom <= month.last && (validTo.map { $0 >= month.first } ?? true)
    }
}

/// Questions about a person's contract history; pure.
public enum ContractHistory {
    /// The contract in force on a day.
    public static func current(_ contracts: [Contract], on day: LocalDate) -> Contract? {
        contracts.first { $0.covers(day) }
    }

    /// Was the person a contractor (IČO) on any day of the month? Invoices ask this.
    public static func isContractor(_ contracts: [Contract], in month: Month) -> Bool {
        contracts.contains { $0.kind.sendsInvoices && $0.overlaps(month) }
    }

    /// The contracts a new one would collide with.
    public static func conflicts(of candidate: Contract, with contracts: [Contract]) -> [Contract] {
        contracts.filter { $0.id != candidate.id && $0.overlaps(candidate) }
    }

    /// "37.5" → 375; nil for anything that is not 0.5–80 hours in steps of 0.1.
    public static func parseCapacity(_ text: String) -> Int? {
        let cleaned = text.trimmingWhitespace().replacingOccurrences(of: ",", with: ".")
        guard cleaned.wholeMatch(of: /[0-9]{1,2}(\.[0-9])?/) != nil else { return nil }
        let parts = cleaned.split(separator: ".")
        let tenths = Int(parts[0])! * 10 + (parts.count > 1 ? Int(parts[1])! : 0)
        return (1...800).contains(tenths) ? tenths : nil
    }

    /// 20 days: the database's default too.
    public static let defaultVacationTenths = 200

    /// "25", "25,5", "25.5" → 255: whole or half days, 0 to 60.
    public static func parseVacationDays(_ text: String) -> Int? {
        let cleaned = text.trimmingWhitespace().replacingOccurrences(of: ",", with: ".")
        guard cleaned.wholeMatch(of: /[0-9]{1,2}(\.[05])?/) != nil else { return nil }
        let parts = cleaned.split(separator: ".")
        let tenths = Int(parts[0])! * 10 + (parts.count > 1 ? Int(parts[1])! : 0)
        return (0...600).contains(tenths) ? tenths : nil
    }

    public static func formatCapacity(_ tenths: Int) -> String {
        tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
