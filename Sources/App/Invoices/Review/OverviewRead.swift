import Foundation
import PostgresNIO
import Vapor

/// The invoice overview of a month (`ReviewOverviewRoutes`), the API's invoice list and the
/// invoices export: one read (`PageRead`). The month is the one the address names, else this
/// month in the tenant's time zone by the application's clock (part 0 says it). Part 1 is a
/// window of the filter's invoices by surname; parts 2 and 3 the counts and sums per state for the
/// filter, its state aside: without a team or a name, the totals the database keeps
/// (`InvoiceMonthTotalsSQL`, part 2), else summed from the month's invoices with their people
/// (part 3). Each set of filters has a statement of its own (`PageShape`).
struct OverviewRead: PageRead {
    static let layout = PageLayout(parts: [
        ["text"], ["uuid", "int", "text", "text", "text", "bigint", "text", "text", "uuid"], ["text", "text", "int", "bigint"],
        ["text", "text", "int", "bigint"],
    ])

    /// The optional filters: a statement for each set of them (`PageShape`).
    struct Filter: OptionSet {
        let rawValue: UInt
        static let state = Filter(rawValue: 1)
        static let team = Filter(rawValue: 2)
        static let name = Filter(rawValue: 4)
    }

    /// The month's invoices of the filter's team and name (`i` the invoice, `u` its person, `tt`
    /// their team). The name's pattern is folded once (`pm.pattern`), not for each person.
    private static func teamAndName(_ shape: PageShape) -> String {
        """
        FROM invoices i
        JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
        LEFT JOIN teams tt ON tt.tenant_id = u.tenant_id AND tt.id = u.team_id
        WHERE i.tenant_id = sh.id AND i.month = pm.month AND \(EnterTenantSQL.afterLiveShell)
          \(shape.when(Filter.team, "AND u.team_id = $7::uuid"))
          \(shape.when(Filter.name, "AND u.search_name LIKE pm.pattern"))
        """
    }

    static let sql = PageSQL(name: "roster_page_overview", teams: true, filters: 3, window: OverviewQueries.pageSize + 1) { shape in
        let filtered = shape.has(Filter.team) || shape.has(Filter.name)
        return """
        CROSS JOIN LATERAL (
            SELECT coalesce($4::date, date_trunc('month', $5::timestamptz AT TIME ZONE sh.time_zone)::date) AS month,
                   fold_name($9::text) AS pattern,
                   -- Every parameter is named in every shape, so its type is known when it is
                   -- sent unnamed and NULL (behind a pooler: `PreparedStatementRuns`).
                   $6::text AS state, $7::uuid AS team
            OFFSET 0) pm
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", "to_char(pm.month, 'YYYY-MM')"))
            UNION ALL (
            SELECT \(layout.columns(1, "row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id)", """
                i.id, i.version, u.first_name || ' ' || u.last_name, tt.name, i.state::text, i.amount_minor, i.currency,
                to_char(i.uploaded_at AT TIME ZONE sh.time_zone, 'YYYY-MM-DD'), i.document_id
                """))
            \(teamAndName(shape))
              \(shape.when(Filter.state, "AND i.state = $6::text::invoice_state"))
            ORDER BY u.sort_last, u.sort_first, u.id
            \(shape.limit("$10::int", offset: "$11::int")))
            UNION ALL
            \(filtered ? """
                SELECT \(layout.columns(3, "0", "i.state::text, i.currency, count(*)::int, sum(i.amount_minor)::bigint"))
                \(teamAndName(shape))
                GROUP BY i.state, i.currency
                """ : """
                SELECT \(layout.columns(2, "0", "k.state, k.currency, k.invoices, k.amount_minor"))
                FROM (\(InvoiceMonthTotalsSQL.select(tenant: "sh.id", month: "pm.month", condition: EnterTenantSQL.afterLiveShell))) k
                """)
            ) page
        """
    }
    static let pageBindingTypes: [PostgresDataType] = [.text, .timestamptz, .text, .uuid, .text, .text, .int4, .int4]

    /// The month the address names; nil for this month.
    let month: Month?
    let state: InvoiceState?
    let teamID: UUID?
    let search: String
    let limit: Int
    let offset: Int
    let now: Date

    var shape: PageShape {
        var filters: Filter = []
        if state != nil { filters.insert(.state) }
        if teamID != nil { filters.insert(.team) }
        if !search.trimmingWhitespace().isEmpty { filters.insert(.name) }
        return Self.sql.shape(filters: filters.rawValue, limit: limit, offset: offset)
    }

    func appendBindings(to bindings: inout PostgresBindings) throws {
        let search = search.trimmingWhitespace()
        bindings.append(month?.first.iso)
        bindings.append(now)
        bindings.append(state?.rawValue)
        bindings.append(teamID)
        bindings.append(search)
        bindings.append(PeopleQueries.likePattern(search))
        bindings.append(Int32(clamping: limit))
        bindings.append(Int32(clamping: offset))
    }

    /// The month, the window's invoices and the filter's totals per state (its state aside).
    struct Output: Sendable {
        let month: Month
        let rows: [OverviewRow]
        let totals: [StateTotal]
    }

    static func decode(_ rows: [PageRow]) throws -> Output? {
        var month: Month?, invoices: [OverviewRow] = [], totals = StateTotals()
        for row in rows {
            var c = row.cells(at: layout.places(of: row.part))
            switch row.part {
            case 0:
                month = Month(iso: try c.next(String.self))
            case 1:
                let columns: OverviewRow.Columns = (try c.next(), try c.next(), try c.next(), try c.next(), try c.next(),
                                                    try c.next(), try c.next(), try c.next(), try c.next())
                if let invoice = OverviewRow(columns) { invoices.append(invoice) }
            default:
                let state: String = try c.next(), currency: String? = try c.next(), count: Int = try c.next()
                let sum: Int64? = try c.next()
                totals.add(state, currency, count, sum)
            }
        }
        guard let month else { return nil }
        return Output(month: month, rows: invoices, totals: totals.all)
    }
}

extension OverviewRead {
    /// The read of `filter` from `offset`.
    init(_ filter: InvoiceFilter, limit: Int, offset: Int, now: Date) {
        self.init(month: filter.month, state: filter.state, teamID: filter.teamID, search: filter.search, limit: limit,
                  offset: offset, now: now)
    }
}
