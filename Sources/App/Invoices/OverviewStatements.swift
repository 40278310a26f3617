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
