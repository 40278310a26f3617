import Foundation
import Logging
import PostgresNIO

/// One row of "Rate increases": a person's rate and the change that led to it.
public struct RateIncreaseRow: Sendable, Equatable {
    public let userID: UUID
    public let firstName: String
    public let lastName: String
    public let teamName: String?
    public let current: Rate
    /// The rate it replaced, when there is one in the same currency.
    public let previousMinor: Int64?
    public let increaseMinor: Int64?
    public let increaseBasisPoints: Int64?
}

extension RateIncreaseRow {
    /// A row's columns (`RateIncreasesRead`), in order.
    typealias Columns = (UUID, String, String, String?, UUID, String, Int64, String, Int64?, Int64?, Int64?)

    /// Nil for a day that is not `YYYY-MM-DD`.
    init?(_ columns: Columns) {
        let (id, first, last, team, rateID, from, amount, currency, previous, increase, basisPoints) = columns
        guard let from = LocalDate(iso: from) else { return nil }
        self.init(userID: id, firstName: first, lastName: last, teamName: team,
                  current: Rate(id: rateID, effectiveFrom: from, amountMinor: amount, currency: currency),
                  previousMinor: previous, increaseMinor: increase, increaseBasisPoints: basisPoints)
    }
}

public struct RateIncreaseFilter: Sendable, Equatable {
    public var teamID: UUID?
    /// nil: everyone's latest change up to today; a month: the changes that took effect in it.
    public var month: Month?

    public init(teamID: UUID? = nil, month: Month? = nil) {
        self.teamID = teamID
        self.month = month
    }
}

/// The rate reports besides "Rate increases" (`RateIncreasesRead`), each one SQL statement. They
/// state in SQL the definitions of `RateHistory` and `IncreaseSummary`; `RateSQLAgreementTests`
/// checks they agree.
public enum RateReportQueries {
    /// People on a page of "Rate increases".
    public static let pageSize = 25

    /// `IncreaseSummary` for each month from `first` to `last`, oldest first, in one statement.
    public static func monthlySummaries(
        from first: Month, to last: Month, currency: String, on db: TenantConnection
    ) async throws -> [IncreaseSummary] {
        let count = (last.year - first.year) * 12 + last.month - first.month + 1
        guard count > 0 else { return [] }
        let rows = try await db.query("""
            WITH months AS (
                -- Whole numbers of months from a date: no time zone in sight (timestamptz series are slow).
                SELECT (\(first.first.iso)::date + g * interval '1 month')::date AS first,
                       (\(first.first.iso)::date + (g + 1) * interval '1 month')::date AS next
                FROM generate_series(0, \(count - 1)) g),
            -- Who had a rate take effect in each month, and the month's last one: the rate in
            -- effect on the month's last day.
            moved AS (
                SELECT DISTINCT ON (m.first, r.user_id) m.first, m.next, r.user_id, r.amount_minor, r.currency
                FROM months m JOIN rates r
                  ON r.tenant_id = \(db.tenant) AND r.effective_from >= m.first AND r.effective_from < m.next
                ORDER BY m.first, r.user_id, r.effective_from DESC),
            changes AS (
                SELECT mv.first, mv.amount_minor - prev.amount_minor AS increase, prev.amount_minor AS previous
                FROM moved mv
                -- The rate in effect the day before the month began.
                JOIN LATERAL (
                    SELECT r.amount_minor, r.currency FROM rates r
                    WHERE r.tenant_id = \(db.tenant) AND r.user_id = mv.user_id AND r.effective_from < mv.first
                    ORDER BY r.effective_from DESC LIMIT 1) prev ON prev.currency = mv.currency
                WHERE mv.currency = \(currency) AND EXISTS (
                    SELECT 1 FROM contracts c
                    WHERE c.tenant_id = \(db.tenant) AND c.user_id = mv.user_id
                      AND c.valid_from < mv.next AND (c.valid_to IS NULL OR c.valid_to >= mv.first)))
            SELECT to_char(m.first, 'YYYY-MM'), count(c.increase)::int,
                   coalesce(sum(c.increase), 0)::bigint, coalesce(sum(c.previous), 0)::bigint,
                   round_div(sum(c.increase)::bigint, count(c.increase)),
                   round_div(sum(c.increase)::bigint * 10000, sum(c.previous)::bigint)
            FROM months m LEFT JOIN changes c ON c.first = m.first
            GROUP BY m.first ORDER BY m.first
            """).collect()
        return try rows.map { row in
            let (month, count, increase, previous, mean, basisPoints) =
                try row.decode((String, Int, Int64, Int64, Int64?, Int64?).self)
            return IncreaseSummary(month: Month(iso: month)!, employees: count, totalIncreaseMinor: increase,
                                   totalPreviousMinor: previous, meanIncreaseMinor: mean, increaseBasisPoints: basisPoints)
        }
    }
}
