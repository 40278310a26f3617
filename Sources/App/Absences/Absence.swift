import Foundation

public enum AbsenceKind: String, Sendable, CaseIterable, Codable {
    case vacation, sick, doctor, unpaid, other
}

public enum AbsenceStatus: String, Sendable, CaseIterable, Codable {
    case pending, approved, declined, withdrawn
}

/// One absence request and what became of it.
public struct Absence: Sendable, Equatable {
    public let id: UUID
    public let userID: UUID
    public let kind: AbsenceKind
    public let first: LocalDate
    public let last: LocalDate
    public let halfDay: Bool
    public let note: String
    public let status: AbsenceStatus
    public let decidedBy: String?
    public let reason: String?

    public func covers(_ day: LocalDate) -> Bool { first <= day && day <= last }
}

/// An absence as requested, checked.
public struct AbsenceDraft: Sendable, Equatable {
    public let kind: AbsenceKind
    public let first: LocalDate
    public let last: LocalDate
    public let halfDay: Bool
    public let note: String
}

/// What a request form (or an API call) sends, as typed.
public struct AbsenceInput: Sendable {
    public var kind: String
    public var first: String
    public var last: String
    public var halfDay: Bool
    public var note: String

    public init(kind: String = "", first: String = "", last: String = "", halfDay: Bool = false, note: String = "") {
        self.kind = kind
        self.first = first
        self.last = last
        self.halfDay = halfDay
        self.note = note
    }
}

/// The days off that are not a person's own: public holidays and the company's days off. Pure.
public struct DaysOff: Sendable, Equatable {
    /// The company's own days off, by day.
    public let company: [LocalDate: String]

    public init(company: [LocalDate: String] = [:]) { self.company = company }

    /// Monday to Friday, not a public holiday, not a company day off.
    public func isWorkingDay(_ day: LocalDate) -> Bool {
        WorkingDays.isWorkingDay(day) && company[day] == nil
    }
}

/// The rules of absences. Pure.
public enum AbsenceRules {
    public static let maxNote = 500
    /// The longest request: a year.
    public static let maxDays = 366

    /// The draft, or the key of each refused field ("kind", "first", "last", "note").
    public static func read(_ input: AbsenceInput) -> Result<AbsenceDraft, FieldProblems> {
        var problems: [String: String] = [:]
        let kind = AbsenceKind(rawValue: input.kind)
        if kind == nil { problems["kind"] = "absence.error.kind" }
        let first = LocalDate(input: input.first)
        if first == nil { problems["first"] = "absence.error.first" }
        let lastText = input.last.trimmingWhitespace()
        let last = lastText.isEmpty ? first : LocalDate(input: lastText)
        if last == nil, first != nil { problems["last"] = "absence.error.last" }
        if let first, let last {
            if last < first {
                problems["last"] = "absence.error.lastBeforeFirst"
            } else if last.daysSinceEpoch - first.daysSinceEpoch >= maxDays {
                problems["last"] = "absence.error.tooLong"
            } else if input.halfDay && first != last {
                problems["last"] = "absence.error.halfDay"
            }
        }
        let note = TimeEntryRules.cleaned(input.note)
        if note.storedLength > maxNote { problems["note"] = "absence.error.note" }
        guard problems.isEmpty, let kind, let first, let last else { return .failure(FieldProblems(fields: problems)) }
        return .success(AbsenceDraft(kind: kind, first: first, last: last, halfDay: input.halfDay, note: note))
    }

    /// The working days an absence takes, in half days (a whole day is 2): the days from its first
    /// to its last that are working days, within `range` when given.
    public static func halfDays(of absence: (first: LocalDate, last: LocalDate, halfDay: Bool), daysOff: DaysOff,
                                within range: ClosedRange<LocalDate>? = nil) -> Int {
        var day = max(absence.first, range?.lowerBound ?? absence.first)
        let end = min(absence.last, range?.upperBound ?? absence.last)
        var count = 0
        while day <= end {
            if daysOff.isWorkingDay(day) { count += absence.halfDay ? 1 : 2 }
            day = day.adding(days: 1)
        }
        return count
    }

    /// Whether `viewer` decides `person`'s requests: their team's leader, or an admin; never
    /// one's own.
    public static func decides(_ viewer: User, for person: PersonSubject) -> Bool {
        viewer.id != person.id && Permissions.can(viewer, .decideAbsences, .person(person))
    }
}

/// A year's vacation of an employee. Pure.
public struct VacationBalance: Sendable, Equatable {
    /// In half days.
    public let entitlement: Int
    public let taken: Int
    public let pending: Int
    public var remaining: Int { entitlement - taken }

    /// The entitlement of the year's employment contracts (HPP), each prorated by the days of the
    /// year it covers and rounded down to half days; the approved and the waiting vacation of the
    /// year's working days.
    public static func of(year: Int, contracts: [Contract], absences: [Absence], daysOff: DaysOff) -> VacationBalance? {
        guard let start = LocalDate(year: year, month: 1, day: 1), let end = LocalDate(year: year, month: 12, day: 31) else { return nil }
        let daysInYear = end.daysSinceEpoch - start.daysSinceEpoch + 1
        var entitlementHalfTenths = 0
        var employed = false
        for contract in contracts where contract.kind == .hpp {
            let from = max(contract.validFrom, start), to = min(contract.validTo ?? end, end)
            guard from <= to else { continue }
            employed = true
            let days = to.daysSinceEpoch - from.daysSinceEpoch + 1
            // Tenths of days × 2 (half days) × days covered ÷ days of the year.
            entitlementHalfTenths += contract.vacationTenths * 2 * days / daysInYear
        }
        guard employed else { return nil }
        let year = start...end
        func sum(_ status: AbsenceStatus) -> Int {
            absences.filter { $0.kind == .vacation && $0.status == status }
                .reduce(0) { $0 + AbsenceRules.halfDays(of: ($1.first, $1.last, $1.halfDay), daysOff: daysOff, within: year) }
        }
        return VacationBalance(entitlement: entitlementHalfTenths / 10, taken: sum(.approved), pending: sum(.pending))
    }

    /// "12.5" days (Czech "12,5") from half days.
    public static func days(_ halves: Int, language: Language) -> String {
        let sign = halves < 0 ? "-" : "", whole = abs(halves) / 2
        return sign + String(whole) + (abs(halves) % 2 == 1 ? (language == .cs ? ",5" : ".5") : "")
    }
}
