import Foundation
import PostgresNIO

/// The desk's statement (`ReviewQueries.desk(month:state:only:part:on:)`), prepared: planning it
/// took PostgreSQL about a millisecond and a half for every desk, and each half of a desk read in
/// two (`DeskReading`) planned it again. Its rows are decoded by place: a column added or moved
/// here is added or moved in `ReviewQueries.desk` too. The month and the state are the statement's
/// own, so its rows do not repeat them.
struct DeskStatement: RowsStatement {
    static let name = "roster_desk"
    static let sql = """
        SELECT i.position, i.id, i.version, i.user_id, i.name, i.document_id, i.amount_minor, i.currency,
               i.bank_account, i.iban, i.variable_symbol, i.invoice_number, i.supplier_ico, i.due_date::text AS due_date,
               i.corrected,
               prev.bank_account AS previous_account, prev.iban AS previous_iban,
               -- The row's five yes-or-no facts as the bits of one integer (`DeskFacts`): with the
               -- month and the state left out, a thousand rows are 6,000 cells fewer to read.
               -- Whether the document has text and a thumbnail, as the invoice keeps them (0032).
               ((i.document_has_text IS TRUE)::int
                | ((i.document_has_thumbnail IS TRUE)::int << 1)
                -- Another document with the file, current for another invoice; another invoice of
                -- the person with the number. Asked only of an invoice marked as one that may
                -- share either (migration 0031): the question is two index probes.
                | ((CASE WHEN i.file_may_be_shared THEN EXISTS (
                            SELECT 1 FROM invoice_documents d
                            JOIN invoice_documents od ON od.tenant_id = d.tenant_id AND od.sha256 = d.sha256 AND od.id <> d.id
                            JOIN invoices oi ON oi.tenant_id = od.tenant_id AND oi.document_id = od.id
                            WHERE d.tenant_id = i.tenant_id AND d.id = i.document_id AND oi.id <> i.id) ELSE false END)::int << 2)
                | ((CASE WHEN i.number_may_be_shared AND i.invoice_number IS NOT NULL THEN EXISTS (
                            SELECT 1 FROM invoices oi
                            WHERE oi.tenant_id = i.tenant_id AND oi.user_id = i.user_id
                              AND oi.invoice_number = i.invoice_number AND oi.id <> i.id) ELSE false END)::int << 3)
                | ((i.exported_at IS NOT NULL)::int << 4)) AS facts,
               sd.bank_account AS registered_account, sd.iban AS registered_iban, sd.ico AS registered_ico
        -- The month's invoices first, from their index, numbered in the desk's order (the
        -- people's sort keys, as every list): with the month's rows counted, the rest is looked
        -- up by key. OFFSET 0 keeps the planner from folding this into the joins: folded, it
        -- once read every document of the tenant's history instead (a desk of 1,000 took 3.5
        -- times as long with 100,000 invoices as with 1,000; bench/cluster).
        FROM (SELECT i.*, u.first_name || ' ' || u.last_name AS name,
                     row_number() OVER (ORDER BY u.sort_last, u.sort_first, i.id) AS position
              FROM invoices i JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
              WHERE i.tenant_id = $1 AND i.month = $2::date
                AND i.state = $3::invoice_state AND ($4 OR i.id = ANY($5::uuid[]))
              OFFSET 0) i
        LEFT JOIN supplier_details sd ON sd.tenant_id = i.tenant_id AND sd.user_id = i.user_id
        LEFT JOIN LATERAL (
            SELECT pi.bank_account, pi.iban FROM invoices pi
            WHERE pi.tenant_id = i.tenant_id AND pi.user_id = i.user_id AND pi.month < i.month
              AND pi.state IN ('approved', 'paid')
            ORDER BY pi.month DESC LIMIT 1) prev ON true
        -- The part: by the id's last byte, the same in every transaction.
        WHERE get_byte(uuid_send(i.id), 15) % $6 = $7
        ORDER BY i.position
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .text, .text, .bool, .uuidArray, .int8, .int8]

    let tenant: UUID
    let month: Month
    let state: InvoiceState
    /// Only these invoices of the month (a payment order of selected rows); all of them when nil.
    let ids: [UUID]?
    let part: DeskPart

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 7)
        bindings.append(tenant)
        bindings.append(month.first.iso)
        bindings.append(state.rawValue)
        bindings.append(ids == nil)
        bindings.append(ids ?? [])
        bindings.append(part.count)
        bindings.append(part.index)
        return bindings
    }
}
