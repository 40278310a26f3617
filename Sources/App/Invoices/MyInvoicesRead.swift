import Foundation
import PostgresNIO
import Vapor

/// "My invoices": one read (`PageRead`) of the signed-in person's months of the page asked for. This month is the tenant's by the application's clock; the list
/// runs from the person's first month (their first contract's, or first invoice's when earlier) to
/// it, newest first, twelve to a page, and a page past the end is the last one (`PageRequest`).
/// Part 0 says which page that is, the first invoice's month, the months of all the person's
/// invoices and whether one of them accepts a file (for the upload button); part 1 holds the
/// page's invoices, part 2 all the contracts, part 3 the page's work statements, with the same
/// columns as `InvoiceSummariesStatement`, `ContractsStatement` and `PersonWorkStatements`. Newest
/// first: `page_n` is the number of days from the row's date back to 2000-01-01 (cheaper than
/// numbering the rows). The parts share the row's columns by type (`layout`), NULL where a
/// row's part has none. Only the page's invoices are read whole: a person with years of history costs what a
/// new one does.
struct MyInvoicesRead: PageRead {
    /// Per part, the SQL types of its columns, in order: what the page's part 0 says, an invoice
    /// (`InvoiceSummariesStatement`), a contract and a work statement (`PersonWorkStatements`).
    static let layout = PageLayout(parts: [
        ["int", "text", "int[]", "boolean"], ["uuid", "text", "text", "bigint", "text", "text", "uuid", "text"],
        OwnPageParts.contractTypes,
        ["uuid", "uuid", "text", "text", "text", "int", "uuid", "int", "bigint", "text", "text", "text", "text"],
    ])

    static let sql = PageSQL(name: "roster_page_my_invoices", page: """
        CROSS JOIN LATERAL (
            SELECT date_trunc('month', $5::timestamptz AT TIME ZONE sh.time_zone)::date AS current OFFSET 0) pc
        CROSS JOIN LATERAL (
            SELECT min(i.month) AS first_invoice,
                   array_agg((extract(year FROM i.month) * 12 + extract(month FROM i.month) - 1)::int) AS months,
                   coalesce(bool_or(i.state IN (\(acceptingUpload)) AND i.month <= pc.current), false) AS accepts_upload
            FROM invoices i
            WHERE i.tenant_id = sh.id AND i.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell)) pi
        CROSS JOIN LATERAL (
            SELECT least(pi.first_invoice, (
                       SELECT date_trunc('month', min(c.valid_from))::date FROM contracts c
                       WHERE c.tenant_id = sh.id AND c.user_id = sh.user_id AND \(EnterTenantSQL.afterLiveShell))) AS first
            OFFSET 0) pf
        -- The page: of the months from the first to this one, twelve a page; past the end, the last.
        CROSS JOIN LATERAL (
            SELECT least(greatest($4::int, 1), greatest(1, (coalesce(
                       (extract(year FROM pc.current) - extract(year FROM pf.first)) * 12
                       + extract(month FROM pc.current) - extract(month FROM pf.first) + 1, 0)::int
                       + \(MyInvoicesPage.pageSize - 1)) / \(MyInvoicesPage.pageSize))) AS shown
            OFFSET 0) pn
        CROSS JOIN LATERAL (
            SELECT (pc.current - make_interval(months => pn.shown * \(MyInvoicesPage.pageSize) - 1))::date AS oldest,
                   (pc.current - make_interval(months => (pn.shown - 1) * \(MyInvoicesPage.pageSize)))::date AS newest
            OFFSET 0) pw
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", """
                pn.shown, to_char(pi.first_invoice, 'YYYY-MM'), pi.months, pi.accepts_upload
                """))
            UNION ALL
            SELECT \(layout.columns(1, "('2000-01-01'::date - i.month)::bigint", InvoiceSummary.columns(timeZone: "sh.time_zone")))
            FROM invoices i
            WHERE i.tenant_id = sh.id AND i.user_id = sh.user_id AND i.month BETWEEN pw.oldest AND pw.newest
              AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            \(OwnPageParts.contracts(layout, part: 2))
            UNION ALL
            SELECT \(layout.columns(3, "('2000-01-01'::date - s.month)::bigint", WorkStatementQueries.summaryColumns(timeZone: "sh.time_zone")))
            FROM work_statements s
            JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            JOIN work_statement_documents d ON d.tenant_id = s.tenant_id AND d.id = s.document_id
            WHERE s.tenant_id = sh.id AND s.user_id = sh.user_id AND s.month BETWEEN pw.oldest AND pw.newest
              AND \(EnterTenantSQL.afterLiveShell)
            ) page
        """)
    static let pageBindingTypes: [PostgresDataType] = [.int8, .timestamptz]

    /// The page asked for (`?page=`, clamped to the list by the statement).
    let page: Int
    let now: Date

    /// The states whose invoice takes a new file (`InvoiceState.acceptsUpload`), as SQL.
    private static let acceptingUpload = InvoiceState.allCases.filter(\.acceptsUpload)
        .map { "'\($0.rawValue)'::invoice_state" }.joined(separator: ", ")
    func appendBindings(to bindings: inout PostgresBindings) throws {
        bindings.append(page)
        bindings.append(now)
    }

    /// What the statement read: the page shown (`shown`), all the person's contracts, the page's
    /// invoices and work statements, and what the upload button needs of all the invoices.
    struct View: Sendable {
        var shown = 1
        var contracts: [Contract] = []
        var invoices: [InvoiceSummary] = []
        var statements: [WorkStatementSummary] = []
        var firstInvoice: Month?
        var invoiceMonths: Set<Month> = []
        /// Whether an invoice of a month up to this one accepts a file.
        var anyAcceptsUpload = false

        /// The page shown and whether some month takes a file now, as the months of all the
        /// person's invoices would give them (`InvoiceMonths.rows`, `InvoiceMonths.uploadable`).
        func page(today: LocalDate) -> (shown: Page<MonthRow>, canUpload: Bool) {
            let months = PageRequest(number: shown, size: MyInvoicesPage.pageSize)
                .page(of: InvoiceMonths.months(contracts: contracts, firstInvoice: firstInvoice, today: today))
            let rows = InvoiceMonths.rows(of: months.rows, contracts: contracts, invoices: invoices, statements: statements)
            let canUpload = InvoiceMonths.canUpload(contracts: contracts, invoiceMonths: invoiceMonths, firstInvoice: firstInvoice,
                                                    anyAcceptsUpload: anyAcceptsUpload, today: today)
            return (Page(rows: rows, number: months.number, hasNext: months.hasNext), canUpload)
        }
    }

    /// The view from the page's rows.
    static func decode(_ rows: [PageRow]) throws -> View? {
        guard rows.first?.part == 0 else { return nil }
        var view = View()
        for row in rows {
            switch row.part {
            case 0:
                var c = row.cells(at: layout.places(of: 0))
                let shown: Int = try c.next(), first: String? = try c.next(), months: [Int]? = try c.next()
                let accepts: Bool = try c.next()
                view.shown = shown
                view.firstInvoice = first.flatMap(Month.init(iso:))
                view.invoiceMonths = Set((months ?? []).compactMap { Month(year: $0 / 12, month: $0 % 12 + 1) })
                view.anyAcceptsUpload = accepts
            case 1:
                var c = row.cells(at: layout.places(of: 1))
                let id: UUID = try c.next(), month: String = try c.next(), state: String = try c.next()
                let amount: Int64? = try c.next(), currency: String? = try c.next(), uploaded: String = try c.next()
                let document: UUID = try c.next(), reason: String? = try c.next()
                if let invoice = InvoiceSummary((id, month, state, amount, currency, uploaded, document, reason)) {
                    view.invoices.append(invoice)
                }
            case 2:
                if let contract = try OwnPageParts.contract(row, layout, part: 2) { view.contracts.append(contract) }
            case 3:
                var c = row.cells(at: layout.places(of: 3))
                let id: UUID = try c.next(), user: UUID = try c.next(), name: String = try c.next(), month: String = try c.next()
                let state: String = try c.next(), version: Int = try c.next(), document: UUID = try c.next()
                let seconds: Int = try c.next(), amount: Int64? = try c.next(), currency: String? = try c.next()
                let basis: String = try c.next(), generated: String = try c.next(), reason: String? = try c.next()
                if let statement = WorkStatementQueries.summary(
                    (id, user, name, month, state, version, document, seconds, amount, currency, basis, generated, reason)) {
                    view.statements.append(statement)
                }
            default:
                continue
            }
        }
        return view
    }
}
