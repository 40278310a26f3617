import Foundation
import PostgresNIO

extension OverviewRow {
    /// The columns of a row of the overview, in the order the statements select them.
    typealias Columns = (UUID, Int, String, String?, String, Int64?, String?, String, UUID)

    /// Nil for a state or a day this version does not know.
    init?(_ columns: Columns) {
        let (id, version, name, team, state, amount, currency, uploaded, document) = columns
        guard let state = InvoiceState(rawValue: state), let day = LocalDate(iso: uploaded) else { return nil }
        self.init(id: id, version: version, name: name, team: team, state: state,
                  amount: amount.flatMap { minor in currency.map { InvoiceAmount(minor: minor, currency: $0) } },
                  uploadedOn: day, documentID: document)
    }
}

/// The first page of the overview of a month without a filter (`OverviewQueries.rows`), prepared:
/// the overview as first opened. Its plan does not depend on its values, so each pooled connection
/// parses and plans it once. The filters, a limit and an offset (which PostgreSQL's generic plan
/// estimates at a tenth of the rows) would make it depend on them: PostgreSQL would plan it again
/// for every execution, as it does the statement with filters.
struct OverviewMonthStatement: PostgresPreparedStatement {
    static let name = "roster_overview_month"
    static let sql = """
        SELECT i.id, i.version, u.first_name || ' ' || u.last_name, t.name, i.state::text, i.amount_minor, i.currency,
               to_char(i.uploaded_at AT TIME ZONE $3, 'YYYY-MM-DD'), i.document_id
        FROM invoices i
        JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
        LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
        WHERE i.tenant_id = $1 AND i.month = $2::date
        ORDER BY u.sort_last, u.sort_first, u.id
        LIMIT \(OverviewMonthStatement.limit)
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .text, .text]
    /// A page and the one row that tells of a next page.
    static let limit = OverviewQueries.pageSize + 1

    let tenant: UUID
    let month: Month
    let timeZone: String

    func makeBindings() throws -> PostgresBindings { .of(tenant, month.first.iso, timeZone) }

    func decodeRow(_ row: PostgresRow) throws -> OverviewRow.Columns {
        try row.decode(OverviewRow.Columns.self)
    }
}

/// The counts and sums per state of a month without a team or name filter
/// (`OverviewQueries.totals`), prepared.
struct OverviewTotalsStatement: PostgresPreparedStatement {
    static let name = "roster_overview_totals"
    static let sql = """
        SELECT i.state::text, i.currency, count(*)::int, sum(i.amount_minor)::bigint
        FROM invoices i
        WHERE i.tenant_id = $1 AND i.month = $2::date
        GROUP BY i.state, i.currency ORDER BY i.state, i.currency
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .text]

    let tenant: UUID
    let month: Month

    func makeBindings() throws -> PostgresBindings { .of(tenant, month.first.iso) }

    func decodeRow(_ row: PostgresRow) throws -> (String, String?, Int, Int64?) {
        try row.decode((String, String?, Int, Int64?).self)
    }
}
