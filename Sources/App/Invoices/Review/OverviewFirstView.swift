import Foundation
import PostgresNIO
import Vapor

/// The overview of a month as first opened (no filter, its first page), with the month's totals as
/// the database keeps them (`InvoiceMonthTotalsSQL`), read by the request's first statement
/// (`FirstViewQuery`): the page is one round trip. The month is the one the address names, else
/// this month in the tenant's time zone by the application's clock, which the statement works out
/// from the tenant it finds and says in its month row.
struct OverviewFirstView: FirstViewOfMonth {
    static let statementName = "roster_first_view_overview"
    static let readsTeams = true
    static let statementSQL = EnterTenantSQL.text(firstView: """
        CROSS JOIN LATERAL (
            SELECT coalesce($4::date, date_trunc('month', $5::timestamptz AT TIME ZONE sh.time_zone)::date) AS month
            OFFSET 0) pm
        CROSS JOIN LATERAL (
            SELECT 0 AS page_part, 0::bigint AS page_n, to_char(pm.month, 'YYYY-MM') AS page_month, NULL::uuid AS page_id,
                   NULL::int AS page_version, NULL::text AS page_name, NULL::text AS page_team, NULL::text AS page_state,
                   NULL::bigint AS page_amount, NULL::text AS page_currency, NULL::text AS page_uploaded, NULL::uuid AS page_document
            UNION ALL
            SELECT 1, r.n, NULL, r.id, r.version, r.name, r.team, r.state, r.amount_minor, r.currency, r.uploaded, r.document_id
            FROM (
                SELECT row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id) AS n, i.id, i.version,
                       u.first_name || ' ' || u.last_name AS name, tt.name AS team, i.state::text AS state, i.amount_minor,
                       i.currency, to_char(i.uploaded_at AT TIME ZONE sh.time_zone, 'YYYY-MM-DD') AS uploaded, i.document_id
                FROM invoices i
                JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
                LEFT JOIN teams tt ON tt.tenant_id = u.tenant_id AND tt.id = u.team_id
                WHERE i.tenant_id = sh.id AND i.month = pm.month AND \(EnterTenantSQL.afterLiveShell)
                ORDER BY u.sort_last, u.sort_first, u.id
                LIMIT \(OverviewQueries.pageSize + 1)) r
            UNION ALL
            SELECT 2, 0, NULL, NULL, t.invoices, NULL, NULL, t.state, t.amount_minor, t.currency, NULL, NULL
            FROM (\(InvoiceMonthTotalsSQL.select(tenant: "sh.id", month: "pm.month", condition: EnterTenantSQL.afterLiveShell))) t
            ) page
        """, teams: readsTeams)
    /// The month the address names; nil for this month.
    let month: Month?
    let now: Date

    /// The month, its first page and its totals from the page's rows; nil when the statement read
    /// none (nobody signed in).
    static func decode(_ rows: [FirstViewRow]) throws -> (month: Month, page: Page<OverviewRow>, totals: [StateTotal])? {
        var month: Month?
        var fetched: [OverviewRow] = []
        var totals = StateTotals()
        for row in rows {
            switch row.part {
            case 0:
                var c = row.cells(from: 2)
                month = try c.optional(String.self).flatMap(Month.init(iso:))
            case 1:
                // page_id, page_version, page_name, page_team, page_state, page_amount,
                // page_currency, page_uploaded, page_document.
                var c = row.cells(from: 3)
                let id: UUID = try c.next(), version: Int = try c.next(), name: String = try c.next()
                let team: String? = try c.optional(), state: String = try c.next(), amount: Int64? = try c.optional()
                let currency: String? = try c.optional(), uploaded: String = try c.next(), document: UUID = try c.next()
                if let overviewRow = OverviewRow((id, version, name, team, state, amount, currency, uploaded, document)) {
                    fetched.append(overviewRow)
                }
            default:
                // The count in page_version, then page_state, page_amount and page_currency.
                var c = row.cells(from: 4)
                let count: Int = try c.next()
                _ = try c.optional(String.self)
                _ = try c.optional(String.self)
                let state: String = try c.next(), sum: Int64? = try c.optional(), currency: String? = try c.optional()
                totals.add(state, currency, count, sum)
            }
        }
        guard let month else { return nil }
        return (month, PageRequest(number: 1, size: OverviewQueries.pageSize).page(fetched: fetched), totals.all)
    }
}

extension OverviewFirstView {
    /// The first view `request` asks for: nil when it names a filter or a later page.
    init?(request: Request) {
        guard ReviewOverviewRoutes.Address(request).isFirstView else { return nil }
        self.init(month: request.queryText("month").flatMap(Month.init(filter:)), now: request.application.settings.clock.now)
    }
}
