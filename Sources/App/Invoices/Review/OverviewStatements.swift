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

/// The counts and sums per state of a month, as the database keeps them (migration 0030): the
/// month's totals and the changes not yet folded into them, summed per state and currency. The
/// columns are the state, the currency (NULL for invoices whose amount was not read), the count
/// and the sum (NULL with no currency). `tenant` and `month` are SQL expressions; `condition` is
/// added to both halves' WHERE (`OverviewRead`).
enum InvoiceMonthTotalsSQL {
    static func select(tenant: String, month: String, condition: String = "true") -> String {
        """
        SELECT x.state::text AS state, nullif(x.currency, '') AS currency, sum(x.invoices)::int AS invoices,
               CASE WHEN x.currency <> '' THEN sum(x.amount_minor)::bigint END AS amount_minor
        FROM (SELECT k.state, k.currency, k.invoices, k.amount_minor FROM invoice_month_totals k
              WHERE k.tenant_id = \(tenant) AND k.month = \(month) AND \(condition)
              UNION ALL
              SELECT c.state, c.currency, c.invoices, c.amount_minor FROM invoice_month_total_changes c
              WHERE c.tenant_id = \(tenant) AND c.month = \(month) AND \(condition)) x
        GROUP BY x.state, x.currency
        HAVING sum(x.invoices) <> 0
        """
    }
}
