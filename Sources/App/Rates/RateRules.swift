import Foundation

/// What may be done to an entered rate (pure). History is append-only: a rate that has taken
/// effect changes only through an explicit typo fix, which is audited; a rate still in the
/// future may be corrected or deleted freely.
public enum RateRules {
    public enum Edit: Equatable, Sendable {
        /// A future rate corrected before it takes effect.
        case correction
        /// A rate that has taken effect (or would by the change) fixed as a typing error.
        case typoFix
        /// Touches the effective history without the admin saying it is a typo fix.
        case refusedNeedsTypoFix
    }

    public static func edit(_ rate: Rate, toDay newDay: LocalDate, today: LocalDate, typoFix: Bool) -> Edit {
        if rate.effectiveFrom > today && newDay > today { return .correction }
        return typoFix ? .typoFix : .refusedNeedsTypoFix
    }

    /// Only a rate that has not taken effect yet may be deleted.
    public static func canDelete(_ rate: Rate, today: LocalDate) -> Bool {
        rate.effectiveFrom > today
    }
}

/// The "rate" form: an amount and the day it takes effect; what was typed is kept for showing again.
public struct RateForm: Codable, Sendable, Equatable {
    public var amount: String = ""
    public var effectiveFrom: String = ""
    /// "on" when the admin confirms they fix a typing error in a rate that has taken effect.
    public var typoFix: String?

    public init(amount: String = "", effectiveFrom: String = "", typoFix: String? = nil) {
        self.amount = amount
        self.effectiveFrom = effectiveFrom
        self.typoFix = typoFix
    }

    public struct Parsed: Equatable, Sendable {
        public let amountMinor: Int64
        public let day: LocalDate
    }

    /// The amount and day, or field → translation key of each problem.
    public func parse() -> Result<Parsed, Problems> {
        var problems: [String: String] = [:]
        let amount = Money.parse(amount)
        switch amount {
        case nil:
            problems["amount"] = self.amount.trimmingWhitespace().isEmpty ? "rate.error.amountMissing" : "rate.error.amountFormat"
        case let minor? where minor <= 0:
            problems["amount"] = "rate.error.amountPositive"
        case let minor? where minor > Money.maxHourlyRateMinor:
            problems["amount"] = "rate.error.amountTooHigh"
        default: break
        }
        let day = Self.day(effectiveFrom)
        if day == nil { problems["effectiveFrom"] = "rate.error.date" }
        guard problems.isEmpty, let amount, let day else { return .failure(Problems(fields: problems)) }
        return .success(Parsed(amountMinor: amount, day: day))
    }

    /// The days a rate may take effect on: real calendar days of `LocalDate.inputYears`.
    public static func day(_ text: String) -> LocalDate? { LocalDate(input: text) }

    public struct Problems: Error, Equatable, Sendable {
        public let fields: [String: String]
    }
}
