import Foundation
import PostgresNIO

/// The statement of `InvoiceQueries.summaries`, prepared: a person's invoices, newest month first,
/// with the current file's amount and upload day and the reason of the last return.
struct InvoiceSummariesStatement: PostgresPreparedStatement {
    static let name = "roster_invoice_summaries"
    static let sql = """
        SELECT \(InvoiceSummary.columns(timeZone: "$3"))
        FROM invoices i
        WHERE i.tenant_id = $1 AND i.user_id = $2
        ORDER BY i.month DESC
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text]

    let tenant: UUID
    let user: UUID
    let timeZone: String

    func makeBindings() throws -> PostgresBindings { .of(tenant, user, timeZone) }

    func decodeRow(_ row: PostgresRow) throws -> InvoiceSummary.Columns {
        try row.decode(InvoiceSummary.Columns.self)
    }
}

extension InvoiceSummary {
    /// The columns of an invoice `i` (`Columns`), its upload day in the time zone of the SQL
    /// expression `timeZone` (`InvoiceSummariesStatement`, `MyInvoicesRead`).
    static func columns(timeZone: String) -> String {
        """
        i.id, to_char(i.month, 'YYYY-MM'), i.state::text, i.amount_minor, i.currency,
               to_char(i.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD'), i.document_id,
               CASE WHEN i.state = 'returned' THEN (
                   SELECT h.reason FROM invoice_history h
                   WHERE h.tenant_id = i.tenant_id AND h.invoice_id = i.id AND h.to_state = 'returned'
                   ORDER BY h.at DESC LIMIT 1) END
        """
    }

    /// The columns of `InvoiceSummariesStatement`, in order.
    typealias Columns = (UUID, String, String, Int64?, String?, String, UUID, String?)

    /// Nil for a month, a state or a day this version does not know.
    init?(_ columns: Columns) {
        let (id, month, state, amount, currency, uploaded, document, reason) = columns
        guard let month = Month(iso: month), let state = InvoiceState(rawValue: state), let day = LocalDate(iso: uploaded)
        else { return nil }
        self.init(id: id, month: month, state: state, amountMinor: amount, currency: currency, uploadedOn: day,
                  documentID: document, returnReason: reason)
    }
}
