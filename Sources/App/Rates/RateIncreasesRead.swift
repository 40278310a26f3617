import Foundation
import PostgresNIO
import Vapor

/// "Rate increases" (`RateReportRoutes`), the API's list and the export: one read (`PageRead`),
/// stating in SQL `RateChange.latest` and `RateChange.during` (`RateSQLAgreementTests` checks
/// they agree). Without a month: every active person's rate in effect on the tenant's day at the
/// clock's instant against the one it replaced. With a month: the people whose rate changed in it
/// and who had a contract then, the rate on its last day against the one before it began. Part 1
/// is a window of them by surname; with `counting`, part 2 says how many the filter holds in all.
struct RateIncreasesRead: PageRead {
    static let layout = PageLayout(parts: [
        [], ["uuid", "text", "text", "text", "uuid", "text", "bigint", "text", "bigint", "bigint", "bigint"], ["bigint"],
    ])

    /// The optional filters: a statement for each set of them (`PageShape`).
    struct Filter: OptionSet {
        let rawValue: UInt
        static let month = Filter(rawValue: 1)
        static let team = Filter(rawValue: 2)
    }

    /// The filter's people with their current rate `cur` and the one it replaced `prev`. Rates
    /// before `d.upper` count; with a month (`d.lower`), the current one must have taken effect in it.
    private static func matching(_ shape: PageShape) -> String {
        """
        FROM users u
        LEFT JOIN teams tt ON tt.tenant_id = u.tenant_id AND tt.id = u.team_id
        JOIN LATERAL (
            SELECT r.id, r.effective_from, r.amount_minor, r.currency FROM rates r
            WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id AND r.effective_from < d.upper
            ORDER BY r.effective_from DESC LIMIT 1) cur ON \(shape.has(Filter.month) ? "cur.effective_from >= d.lower" : "true")
        LEFT JOIN LATERAL (
            SELECT r.amount_minor, r.currency FROM rates r
            WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id AND r.effective_from < coalesce(d.lower, cur.effective_from)
            ORDER BY r.effective_from DESC LIMIT 1) prev ON prev.currency = cur.currency
        WHERE u.tenant_id = sh.id AND \(EnterTenantSQL.afterLiveShell)
          \(shape.when(Filter.team, "AND u.team_id = $6::uuid"))
          \(shape.has(Filter.month) ? """
              AND EXISTS (
                  SELECT 1 FROM contracts c
                  WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id
                    AND c.valid_from < d.upper AND (c.valid_to IS NULL OR c.valid_to >= d.lower))
              """ : "AND u.active")
        """
    }

    static let sql = PageSQL(name: "roster_page_rate_increases", teams: true, filters: 2,
                             window: RateReportQueries.pageSize + 1) { shape in
        """
        CROSS JOIN LATERAL (
            SELECT $5::date AS lower,
                   coalesce(($5::date + interval '1 month')::date, ($4::timestamptz AT TIME ZONE sh.time_zone)::date + 1) AS upper,
                   -- Every parameter is named in every shape, so its type is known when it is
                   -- sent unnamed and NULL (behind a pooler: `PreparedStatementRuns`).
                   $6::uuid AS team
            OFFSET 0) d
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", ""))
            UNION ALL (
            SELECT \(layout.columns(1, "row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id)", """
                u.id, u.first_name, u.last_name, tt.name, cur.id, cur.effective_from::text, cur.amount_minor, cur.currency,
                prev.amount_minor, cur.amount_minor - prev.amount_minor,
                round_div((cur.amount_minor - prev.amount_minor) * 10000, prev.amount_minor)
                """))
            \(matching(shape))
            ORDER BY u.sort_last, u.sort_first, u.id
            \(shape.limit("$7::int", offset: "$8::int")))
            UNION ALL
            SELECT \(layout.columns(2, "0", "count(*)"))
            \(matching(shape)) AND $9::boolean
            HAVING $9::boolean) page
        """
    }
    static let pageBindingTypes: [PostgresDataType] = [.timestamptz, .text, .uuid, .int4, .int4, .bool]

    let filter: RateIncreaseFilter
    let limit: Int
    let offset: Int
    let counting: Bool
    let now: Date

    var shape: PageShape {
        var filters: Filter = []
        if filter.month != nil { filters.insert(.month) }
        if filter.teamID != nil { filters.insert(.team) }
        return Self.sql.shape(filters: filters.rawValue, limit: limit, offset: offset)
    }

    func appendBindings(to bindings: inout PostgresBindings) throws {
        bindings.append(now)
        bindings.append(filter.month?.first.iso)
        bindings.append(filter.teamID)
        bindings.append(Int32(clamping: limit))
        bindings.append(Int32(clamping: offset))
        bindings.append(counting)
    }

    typealias Output = CountedRows<RateIncreaseRow>

    static func decode(_ rows: [PageRow]) throws -> Output? {
        guard rows.first?.part == 0 else { return nil }
        var result: [RateIncreaseRow] = [], total: Int?
        for row in rows {
            var c = row.cells(at: layout.places(of: row.part))
            switch row.part {
            case 1:
                let columns: RateIncreaseRow.Columns = (try c.next(), try c.next(), try c.next(), try c.next(), try c.next(),
                                                        try c.next(), try c.next(), try c.next(), try c.next(), try c.next(),
                                                        try c.next())
                if let increase = RateIncreaseRow(columns) { result.append(increase) }
            case 2:
                total = Int(try c.next(Int64.self))
            default:
                break
            }
        }
        return Output(rows: result, total: total)
    }
}

extension RateIncreasesRead {
    /// The web page's read of `filter`'s `page` (one row more than it shows).
    init(_ filter: RateIncreaseFilter, page: PageRequest, now: Date) {
        self.init(filter: filter, limit: page.limit, offset: page.offset, counting: false, now: now)
    }
}
