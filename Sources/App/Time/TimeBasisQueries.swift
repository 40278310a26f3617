import Foundation
import PostgresNIO

/// What the time of several people says of a range of days, for expected amounts
/// (`Earnings.expected`): each person's approved hours by day (of months whose time was
/// approved) and approved absences, the company's days off, and the company's tolerance of a
/// difference; one statement.
public struct TimeBases: Sendable {
    /// Each person's approved seconds by day, each month's days in order (the months in the order
    /// read).
    public var seconds: [UUID: [DaySeconds]] = [:]
    public var absences: [UUID: [Absence]] = [:]
    public var daysOff = DaysOff()
    /// Basis points of the expected amount (100 = 1 %).
    public var toleranceBP = 100

    /// Adds the people of `other`, read for other people in the same tenant (its days off and
    /// tolerance are the same).
    public mutating func add(_ other: TimeBases) {
        seconds.merge(other.seconds) { mine, _ in mine }
        absences.merge(other.absences) { mine, _ in mine }
    }

    /// One person's basis for one month.
    public func basis(of user: UUID, in month: Month) -> TimeBasis {
        // Mostly every day read is of the month (a desk reads one month): the days as they are,
        // not a copy. One month's days are in order.
        let days = seconds[user].map { days in days.allSatisfy { Month($0.day) == month } ? days : days.filter { Month($0.day) == month } }
        return TimeBasis(approvedDays: days?.isEmpty == false ? days : nil,
                         absences: (absences[user] ?? []).filter { $0.first <= month.last && $0.last >= month.first }, daysOff: daysOff)
    }
}

public enum TimeBasisQueries {
    public static func bases(of users: [UUID], from first: LocalDate, through last: LocalDate, on db: TenantConnection) async throws
        -> TimeBases {
        try bases(from: try await db.rows(of: { Statement(tenant: $0, users: users, first: first.iso, last: last.iso) }),
                  first: first, last: last)
    }

    /// The bases from the rows of `sql(people:)` read for the days `first` to `last` (its columns
    /// from the rows' column `column` on).
    static func bases(from rows: [PostgresRow], first: LocalDate, last: LocalDate, column: Int = 0) throws -> TimeBases {
        var bases = TimeBases()
        var days: [LocalDate: String] = [:]
        // An approved month's seconds by day are kept on its row (`time_months.day_seconds`): one
        // row per person and month, however many entries the month had.
        for row in rows {
            var c = CellCursor(row, from: column)
            let tag: String = try c.next(), user: UUID? = try c.optional(), from: String? = try c.optional()
            let to: String? = try c.optional(), number: Int64? = try c.optional(), kind: String? = try c.optional()
            let half: Bool? = try c.optional(), daySeconds: Int4Array? = try c.optional()
            switch tag {
            case "h":
                guard let user, let month = from.flatMap(LocalDate.init(iso:)), let daySeconds else { continue }
                // The person's days are moved out of the dictionary and back, not copied (the
                // dictionary holds no second reference meanwhile); a day is not hashed.
                var personDays = bases.seconds.removeValue(forKey: user) ?? []
                personDays.reserveCapacity(personDays.count + daySeconds.values.count)
                for (offset, seconds) in daySeconds.values.enumerated() where seconds > 0 {
                    let day = month.adding(days: offset)
                    if first <= day && day <= last { personDays.append(DaySeconds(day: day, seconds: seconds)) }
                }
                bases.seconds[user] = personDays
            case "a":
                if let user, let start = from.flatMap(LocalDate.init(iso:)), let end = to.flatMap(LocalDate.init(iso:)) {
                    bases.absences[user, default: []].append(Absence(
                        id: UUID(), userID: user, kind: kind.flatMap(AbsenceKind.init(rawValue:)) ?? .other, first: start, last: end,
                        halfDay: half ?? false, note: "", status: .approved, decidedBy: nil, reason: nil))
                }
            case "d":
                if let day = from.flatMap(LocalDate.init(iso:)), let to { days[day] = to }
            default:
                if let number { bases.toleranceBP = Int(number) }
            }
        }
        bases.daysOff = DaysOff(company: days)
        return bases
    }

    /// What the time of `people` says of the days `$3` to `$4`: their approved months' seconds by
    /// day, their approved absences, the company's days off and its tolerance.
    static func sql(people: StatementPeople) -> String {
        """
        SELECT 'h', m.user_id, m.month::text, NULL::text, NULL::bigint, NULL::text, NULL::boolean, m.day_seconds
        FROM time_months m
        WHERE m.tenant_id = $1 AND \(people.has("m.user_id")) AND m.status = 'approved'
          AND m.month BETWEEN date_trunc('month', $3::date)::date AND $4::date
        UNION ALL
        SELECT 'a', a.user_id, a.first_day::text, a.last_day::text, NULL, a.kind, a.half_day, NULL
        FROM absences a
        WHERE a.tenant_id = $1 AND \(people.has("a.user_id")) AND a.status = 'approved'
          AND \(AbsenceQueries.touching("$3::date", "$4::date"))
        UNION ALL
        SELECT 'd', NULL, d.day::text, d.name, NULL, NULL, NULL, NULL
        FROM company_days_off d
        WHERE d.tenant_id = $1 AND d.day BETWEEN $3::date AND $4::date
        UNION ALL
        SELECT 't', NULL, NULL, NULL, t.amount_tolerance_bp::bigint, NULL, NULL, NULL FROM tenants t WHERE t.id = $1
        """
    }

    /// The statement of `bases`, prepared.
    struct Statement: RowsStatement {
        static let name = "roster_time_bases"
        static let sql = TimeBasisQueries.sql(people: .array)
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuidArray, .text, .text]

        let tenant: UUID, users: [UUID], first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, users, first, last) }
    }
}
