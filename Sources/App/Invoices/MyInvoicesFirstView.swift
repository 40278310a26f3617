import Foundation
import PostgresNIO
import Vapor

/// "My invoices", read by the request's first statement (`FirstViewQuery`): the signed-in person's
/// invoices (part 1), contracts (part 2) and work statements (part 3), with the same columns and
/// order as `InvoiceSummariesStatement`, `ContractsStatement` and `PersonWorkStatements`. Newest
/// first: `page_n` is the number of days from the row's date back to 2000-01-01 (cheaper than
/// numbering the rows). The invoices, the most rows, have their columns first: each row decodes
/// the columns up to its own. The person is the session's; every page of the list is the same data
/// (paged in memory), so every request of the page is a first view.
struct MyInvoicesFirstView: FirstViewQuery {
    static let statementName = "roster_first_view_my_invoices"
    static let statementSQL = EnterTenantSQL.text(firstView: """
        CROSS JOIN LATERAL (
            SELECT 0 AS page_part, 0::bigint AS page_n,
                   NULL::uuid AS page_invoice, NULL::text AS page_invoice_month, NULL::text AS page_invoice_state,
                   NULL::bigint AS page_invoice_amount, NULL::text AS page_invoice_currency, NULL::text AS page_invoice_uploaded,
                   NULL::uuid AS page_invoice_document, NULL::text AS page_invoice_reason,
                   \(contractNulls),
                   \(statementNulls)
            UNION ALL
            SELECT 1, ('2000-01-01'::date - i.month)::bigint,
                   i.id, to_char(i.month, 'YYYY-MM'), i.state::text, i.amount_minor, i.currency,
                   to_char(i.uploaded_at AT TIME ZONE sh.time_zone, 'YYYY-MM-DD'), i.document_id,
                   CASE WHEN i.state = 'returned' THEN (
                       SELECT h.reason FROM invoice_history h
                       WHERE h.tenant_id = i.tenant_id AND h.invoice_id = i.id AND h.to_state = 'returned'
                       ORDER BY h.at DESC LIMIT 1) END,
                   \(contractNulls),
                   \(statementNulls)
            FROM invoices i
            WHERE i.tenant_id = sh.id AND i.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT 2, ('2000-01-01'::date - c.valid_from)::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   c.id, c.kind, c.valid_from::text, c.valid_to::text, (c.capacity_hours * 10)::int, (c.vacation_days * 10)::int,
                   \(statementNulls)
            FROM contracts c
            WHERE c.tenant_id = sh.id AND c.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT 3, ('2000-01-01'::date - s.month)::bigint, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                   \(contractNulls),
                   \(WorkStatementQueries.summaryColumns(timeZone: "sh.time_zone"))
            FROM work_statements s
            JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            JOIN work_statement_documents d ON d.tenant_id = s.tenant_id AND d.id = s.document_id
            WHERE s.tenant_id = sh.id AND s.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)
            ) page
        """)
    static let pageBindingTypes: [PostgresDataType] = []

    /// Part 2's columns, NULL in the other parts.
    private static let contractNulls = """
        NULL::uuid AS page_contract, NULL::text AS page_kind, NULL::text AS page_valid_from,
                   NULL::text AS page_valid_to, NULL::int AS page_capacity, NULL::int AS page_vacation
        """
    /// Part 3's columns (`WorkStatementQueries.summaryColumns`), NULL in the other parts.
    private static let statementNulls = """
        NULL::uuid AS page_statement, NULL::uuid AS page_statement_user, NULL::text AS page_statement_name,
                   NULL::text AS page_statement_month, NULL::text AS page_statement_state, NULL::int AS page_statement_version,
                   NULL::uuid AS page_statement_document, NULL::int AS page_statement_seconds,
                   NULL::bigint AS page_statement_amount, NULL::text AS page_statement_currency,
                   NULL::text AS page_statement_basis, NULL::text AS page_statement_generated, NULL::text AS page_statement_reason
        """

    func appendBindings(to bindings: inout PostgresBindings) throws {}

    /// The person's contracts, invoices and work statements from the page's rows.
    static func decode(_ rows: [FirstViewRow]) throws
        -> (contracts: [Contract], invoices: [InvoiceSummary], statements: [WorkStatementSummary]) {
        var contracts: [Contract] = [], invoices: [InvoiceSummary] = [], statements: [WorkStatementSummary] = []
        for row in rows {
            switch try row.part {
            case 1:
                let (_, _, id, month, state, amount, currency, uploaded, document, reason) = try row.decode(
                    (Int, Int64, UUID, String, String, Int64?, String?, String, UUID, String?).self)
                if let invoice = InvoiceSummary((id, month, state, amount, currency, uploaded, document, reason)) {
                    invoices.append(invoice)
                }
            case 2:
                let (_, _, _, _, _, _, _, _, _, _, id, kind, from, to, capacity, vacation) = try row.decode(
                    (Int, Int64, UUID?, String?, String?, Int64?, String?, String?, UUID?, String?,
                     UUID, String, String, String?, Int, Int).self)
                if let contract = Contract((id, kind, from, to, capacity, vacation)) { contracts.append(contract) }
            case 3:
                let (_, _, _, _, _, _, _, _, _, _, _, _, _, _, _, _,
                     id, user, name, month, state, version, document, seconds, amount, currency, basis, generated, reason) =
                    try row.decode((Int, Int64, UUID?, String?, String?, Int64?, String?, String?, UUID?, String?,
                                    UUID?, String?, String?, String?, Int?, Int?,
                                    UUID, UUID, String, String, String, Int, UUID, Int, Int64?, String?, String, String, String?).self)
                if let statement = WorkStatementQueries.summary(
                    (id, user, name, month, state, version, document, seconds, amount, currency, basis, generated, reason)) {
                    statements.append(statement)
                }
            default:
                continue
            }
        }
        return (contracts, invoices, statements)
    }
}
