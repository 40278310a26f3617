import Foundation
import PostgresNIO

/// What the time of several people says of a range of days, for expected amounts
/// (`Earnings.expected`): each person's approved hours by day (of months whose time was
/// approved) and approved absences, the company's days off, and the company's tolerance of a
/// difference; one statement. The hours start from the approved months (a handful of rows per
/// person) and read each one's entries by the person's index on days, never the tenant's year.
public struct TimeBases: Sendable {
    public var seconds: [UUID: [LocalDate: Int]] = [:]
    public var absences: [UUID: [Absence]] = [:]
    public var daysOff = DaysOff()
    /// Basis points of the expected amount (100 = 1 %).
    public var toleranceBP = 100

    /// One person's basis for one month.
    public func basis(of user: UUID, in month: Month) -> TimeBasis {
        let hours = seconds[user]?.filter { Month($0.key) == month }
        return TimeBasis(approvedSeconds: hours?.isEmpty == false ? hours : nil,
                         absences: (absences[user] ?? []).filter { $0.first <= month.last && $0.last >= month.first }, daysOff: daysOff)
    }
}

public enum TimeBasisQueries {
    public static func bases(of users: [UUID], from first: LocalDate, through last: LocalDate, on db: TenantConnection) async throws
        -> TimeBases {
        var bases = TimeBases()
        var days: [LocalDate: String] = [:]
        // Each person's approved days come as two arrays in one row (a thousand rows for a
        // thousand people, not twenty thousand).
        for row in try await db.query("""
            SELECT 'h', h.user_id, NULL::text, NULL::text, NULL::bigint, NULL::text, NULL::boolean,
                   array_agg(h.day ORDER BY h.day), array_agg(h.seconds ORDER BY h.day)
            FROM (SELECT e.user_id, e.work_date::text AS day, sum(e.seconds)::bigint AS seconds
                  FROM time_months m
                  JOIN time_entries e ON e.tenant_id = m.tenant_id AND e.user_id = m.user_id
                       AND e.work_date >= m.month AND e.work_date < (m.month + interval '1 month')::date
                       AND e.work_date BETWEEN \(first.iso)::date AND \(last.iso)::date
                  WHERE m.tenant_id = \(db.tenant) AND m.user_id = ANY(\(users)) AND m.status = 'approved'
                    AND m.month BETWEEN date_trunc('month', \(first.iso)::date)::date AND \(last.iso)::date
                  GROUP BY e.user_id, e.work_date) h
            GROUP BY h.user_id
            UNION ALL
            SELECT 'a', a.user_id, a.first_day::text, a.last_day::text, NULL, a.kind, a.half_day, NULL, NULL
            FROM absences a
            WHERE a.tenant_id = \(db.tenant) AND a.user_id = ANY(\(users)) AND a.status = 'approved'
              AND a.first_day <= \(last.iso)::date AND a.last_day >= \(first.iso)::date
            UNION ALL
            SELECT 'd', NULL, d.day::text, d.name, NULL, NULL, NULL, NULL, NULL
            FROM company_days_off d
            WHERE d.tenant_id = \(db.tenant) AND d.day BETWEEN \(first.iso)::date AND \(last.iso)::date
            UNION ALL
            SELECT 't', NULL, NULL, NULL, t.amount_tolerance_bp::bigint, NULL, NULL, NULL, NULL FROM tenants t WHERE t.id = \(db.tenant)
            """).collect() {
            let (tag, user, from, to, number, kind, half, dayList, secondList) =
                try row.decode((String, UUID?, String?, String?, Int64?, String?, Bool?, [String]?, [Int64]?).self)
            switch tag {
            case "h":
                guard let user, let dayList, let secondList else { continue }
                var worked: [LocalDate: Int] = [:]
                worked.reserveCapacity(dayList.count)
                for (text, seconds) in zip(dayList, secondList) {
                    if let day = LocalDate(iso: text) { worked[day] = Int(seconds) }
                }
                bases.seconds[user] = worked
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
}
