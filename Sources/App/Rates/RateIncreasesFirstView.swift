import Foundation
import PostgresNIO
import Vapor

/// "Rate increases" as first opened (everyone's latest change, no team, the first page), read by
/// the request's first statement (`FirstViewQuery`): the page is one round trip. Rates up to the
/// tenant's day at the application clock's instant count, as in `RateReportQueries.increases`.
struct RateIncreasesFirstView: FirstViewAtInstant {
    static let statementName = "roster_first_view_rate_increases"
    static let readsTeams = true
    static let statementSQL = EnterTenantSQL.text(firstView: """
        CROSS JOIN LATERAL (SELECT ($4::timestamptz AT TIME ZONE sh.time_zone)::date + 1 AS upper OFFSET 0) d
        CROSS JOIN LATERAL (
            SELECT 0 AS page_part, 0::bigint AS page_n, NULL::uuid AS page_id, NULL::text AS page_first_name,
                   NULL::text AS page_last_name, NULL::text AS page_team, NULL::uuid AS page_rate, NULL::text AS page_from,
                   NULL::bigint AS page_amount, NULL::text AS page_currency, NULL::bigint AS page_previous,
                   NULL::bigint AS page_increase, NULL::bigint AS page_basis_points
            UNION ALL (
            SELECT 1, row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id), u.id, u.first_name, u.last_name, tt.name,
                   cur.id, cur.effective_from::text, cur.amount_minor, cur.currency,
                   prev.amount_minor,
                   cur.amount_minor - prev.amount_minor,
                   round_div((cur.amount_minor - prev.amount_minor) * 10000, prev.amount_minor)
            FROM users u
            LEFT JOIN teams tt ON tt.tenant_id = u.tenant_id AND tt.id = u.team_id
            JOIN LATERAL (
                SELECT r.id, r.effective_from, r.amount_minor, r.currency FROM rates r
                WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id AND r.effective_from < d.upper
                ORDER BY r.effective_from DESC LIMIT 1) cur ON true
            LEFT JOIN LATERAL (
                SELECT r.amount_minor, r.currency FROM rates r
                WHERE r.tenant_id = u.tenant_id AND r.user_id = u.id AND r.effective_from < cur.effective_from
                ORDER BY r.effective_from DESC LIMIT 1) prev ON prev.currency = cur.currency
            WHERE u.tenant_id = sh.id AND u.active AND \(EnterTenantSQL.afterLiveShell)
            ORDER BY u.sort_last, u.sort_first, u.id
            LIMIT \(RateReportQueries.pageSize + 1))) page
        """, teams: readsTeams)

    let now: Date

    /// The report's first page from the page's rows.
    static func decode(_ rows: [FirstViewRow]) throws -> Page<RateIncreaseRow> {
        var fetched: [RateIncreaseRow] = []
        for row in rows where row.part == 1 {
            var c = row.cells(from: 2)
            let id: UUID = try c.next(), first: String = try c.next(), last: String = try c.next()
            let team: String? = try c.optional(), rateID: UUID = try c.next(), from: String = try c.next()
            let amount: Int64 = try c.next(), currency: String = try c.next(), previous: Int64? = try c.optional()
            let increase: Int64? = try c.optional(), basisPoints: Int64? = try c.optional()
            let columns = (id, first, last, team, rateID, from, amount, currency, previous, increase, basisPoints)
            if let rateRow = RateIncreaseRow(columns) { fetched.append(rateRow) }
        }
        return PageRequest(number: 1, size: RateReportQueries.pageSize).page(fetched: fetched)
    }
}

extension RateIncreasesFirstView {
    /// The first view `request` asks for: nil when it names a month, a team or a later page.
    init?(request: Request) {
        let address = RateReportRoutes.IncreasesAddress(request)
        guard address.filter == RateIncreaseFilter(), address.page.number == 1 else { return nil }
        self.init(now: request.application.settings.clock.now)
    }
}
