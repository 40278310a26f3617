import Crypto
import Foundation
import PDFInspection
import PostgresNIO

/// An imported statement as lists show it.
public struct StatementSummary: Sendable, Equatable {
    public let id: UUID
    public let format: BankStatement.Format
    public let reference: String
    public let account: String
    public let from: LocalDate?
    public let to: LocalDate?
    public let filename: String
    public let lineCount: Int
    public let importedBy: String
    /// In the tenant's time zone, `YYYY-MM-DD HH:MM`.
    public let importedAt: String
}

/// A statement with its lines, as stored.
public struct StoredStatement: Sendable, Equatable {
    public let summary: StatementSummary
    public let lines: [StatementLine]
}

public enum StatementQueries {
    /// What an import did.
    public enum Imported: Sendable, Equatable {
        case added(UUID)
        /// The same file, or the bank's same statement of the same account, is here already:
        /// nothing was added.
        case known(UUID)

        public var id: UUID {
            switch self {
            case .added(let id), .known(let id): id
            }
        }
    }

    /// Stores a statement and its lines (one statement for the lines, set-based), unless the
    /// same file or the same statement is stored already; two imports of it at once meet in the
    /// unique indexes, and the second finds the first's.
    public static func store(
        _ statement: BankStatement, filename: String, bytes: [UInt8], by user: UUID, on db: TenantConnection
    ) async throws -> Imported {
        let hash = Data(SHA256.hash(data: bytes))
        if let known = try await existing(statement, hash: hash, on: db) { return .known(known) }
        let name = String(filename.trimmingWhitespace().unicodeScalars.prefix(255)).nonEmpty ?? "statement"
        let rows = try await db.query("""
            INSERT INTO bank_statements (tenant_id, format, reference, account, from_date, to_date, filename, sha256,
                                         line_count, imported_by)
            VALUES (\(db.tenant), \(statement.format.rawValue), \(statement.reference), \(statement.account),
                    \(statement.from?.iso)::date, \(statement.to?.iso)::date, \(name), \(hash), \(statement.lines.count), \(user))
            ON CONFLICT DO NOTHING
            RETURNING id
            """).collect()
        guard let id = try rows.first?.decode(UUID.self) else {
            guard let known = try await existing(statement, hash: hash, on: db) else { throw StoreConflict() }
            return .known(known)
        }
        let lines = statement.lines
        guard !lines.isEmpty else { return .added(id) }
        _ = try await db.query("""
            INSERT INTO bank_statement_lines (tenant_id, statement_id, line_no, booked_on, debit, reversal, amount_minor, currency,
                                              variable_symbol, iban, account, name, reference, message)
            SELECT \(db.tenant), \(id), l.no, l.booked::date, l.debit, l.reversal, l.amount, l.currency, nullif(l.symbol, ''),
                   nullif(l.iban, ''), nullif(l.account, ''), nullif(l.name, ''), nullif(l.reference, ''), nullif(l.message, '')
            FROM unnest(\(lines.map(\.number))::int[], \(lines.map(\.bookedOn.iso))::text[], \(lines.map(\.isDebit))::bool[],
                        \(lines.map(\.isReversal))::bool[], \(lines.map(\.amount.minor))::bigint[], \(lines.map(\.amount.currency))::text[],
                        \(lines.map { $0.variableSymbol ?? "" })::text[], \(lines.map { $0.counterpartyIBAN?.value ?? "" })::text[],
                        \(lines.map { $0.counterpartyAccount ?? "" })::text[], \(lines.map { $0.counterpartyName ?? "" })::text[],
                        \(lines.map { $0.reference ?? "" })::text[], \(lines.map { $0.message ?? "" })::text[])
                AS l(no, booked, debit, reversal, amount, currency, symbol, iban, account, name, reference, message)
            """).collect()
        return .added(id)
    }

    /// A conflict on insert whose row then cannot be found (it cannot happen while rows are never deleted).
    struct StoreConflict: Error {}

    private static func existing(_ statement: BankStatement, hash: Data, on db: TenantConnection) async throws -> UUID? {
        try await db.query("""
            SELECT id FROM bank_statements
            WHERE tenant_id = \(db.tenant)
              AND (sha256 = \(hash) OR (format = \(statement.format.rawValue) AND account = \(statement.account)
                                        AND reference = \(statement.reference)))
            ORDER BY imported_at LIMIT 1
            """).collect().first?.decode(UUID.self)
    }

    /// The columns of a summary but its time (which needs the time zone as a parameter).
    private static let summaryColumns = """
        s.id, s.format, s.reference, s.account, s.from_date::text AS from_date, s.to_date::text AS to_date, s.filename,
        s.line_count, u.first_name || ' ' || u.last_name AS imported_by
        """

    private static func summary(_ r: NamedRow) throws -> StatementSummary? {
        guard let format = BankStatement.Format(rawValue: try r("format")) else { return nil }
        return StatementSummary(
            id: try r("id"), format: format, reference: try r("reference"), account: try r("account"),
            from: try r("from_date", as: String?.self).flatMap(LocalDate.init(iso:)),
            to: try r("to_date", as: String?.self).flatMap(LocalDate.init(iso:)),
            filename: try r("filename"), lineCount: try r("line_count"), importedBy: try r("imported_by"),
            importedAt: try r("imported_at"))
    }

    /// A page of the company's statements, the newest import first, with how many there are, in one statement.
    public static func list(
        timeZone: String, limit: Int = 200, offset: Int = 0, on db: TenantConnection
    ) async throws -> (items: [StatementSummary], total: Int) {
        let rows = try await db.query("""
            WITH total AS (SELECT count(*)::int AS n FROM bank_statements WHERE tenant_id = \(db.tenant))
            SELECT total.n AS total, page.* FROM total LEFT JOIN LATERAL (
                SELECT \(unescaped: summaryColumns),
                       to_char(s.imported_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI') AS imported_at
                FROM bank_statements s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.imported_by
                WHERE s.tenant_id = \(db.tenant)
                ORDER BY s.imported_at DESC, s.id
                LIMIT \(limit) OFFSET \(offset)) page ON true
            """).collect()
        let total = try rows.first.map { try NamedRow($0)("total", as: Int.self) } ?? 0
        let items = try rows.compactMap { row -> StatementSummary? in
            let r = NamedRow(row)
            guard try r("id", as: UUID?.self) != nil else { return nil }
            return try summary(r)
        }
        return (items, total)
    }

    /// One statement with its lines in one statement; nil when it is not this company's.
    public static func load(_ id: UUID, timeZone: String, on db: TenantConnection) async throws -> StoredStatement? {
        let rows = try await db.query("""
            SELECT \(unescaped: summaryColumns),
                   to_char(s.imported_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI') AS imported_at,
                   l.line_no, l.booked_on::text AS booked_on, l.debit, l.reversal, l.amount_minor, l.currency, l.variable_symbol,
                   l.iban, l.account AS line_account, l.name, l.reference AS line_reference, l.message
            FROM bank_statements s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.imported_by
            LEFT JOIN bank_statement_lines l ON l.tenant_id = s.tenant_id AND l.statement_id = s.id
            WHERE s.tenant_id = \(db.tenant) AND s.id = \(id)
            ORDER BY l.line_no
            """).collect()
        guard let first = rows.first, let summary = try summary(NamedRow(first)) else { return nil }
        let lines = try rows.compactMap { row -> StatementLine? in
            let r = NamedRow(row)
            guard let number: Int = try r("line_no"), let booked = LocalDate(iso: try r("booked_on")) else { return nil }
            return StatementLine(
                number: number, bookedOn: booked, isDebit: try r("debit"), isReversal: try r("reversal"),
                amount: InvoiceAmount(minor: try r("amount_minor"), currency: try r("currency")),
                variableSymbol: try r("variable_symbol"), counterpartyIBAN: try r("iban", as: String?.self).map(IBAN.init(stored:)),
                counterpartyAccount: try r("line_account"), counterpartyName: try r("name"),
                reference: try r("line_reference"), message: try r("message"))
        }
        return StoredStatement(summary: summary, lines: lines)
    }

    /// The approved and paid invoices that agree with some payment line in amount or variable
    /// symbol (the only ones that can match or nearly match), in one statement.
    public static func candidates(for lines: [StatementLine], on db: TenantConnection) async throws -> [PaymentCandidate] {
        let payments = lines.filter(\.isPayment)
        guard !payments.isEmpty else { return [] }
        let symbols = Array(Set(payments.compactMap(\.variableSymbol))), amounts = Array(Set(payments.map(\.amount.minor)))
        let rows = try await db.query("""
            SELECT i.id, i.version, u.first_name || ' ' || u.last_name AS name, to_char(i.month, 'YYYY-MM') AS month,
                   i.state::text AS state, i.amount_minor, i.currency, i.bank_account, i.iban, i.variable_symbol,
                   i.invoice_number, i.supplier_ico, i.due_date::text AS due_date,
                   sd.bank_account AS registered_account, sd.iban AS registered_iban
            FROM invoices i
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            LEFT JOIN supplier_details sd ON sd.tenant_id = i.tenant_id AND sd.user_id = i.user_id
            WHERE i.tenant_id = \(db.tenant) AND i.state IN ('approved', 'paid')
              AND (ltrim(i.variable_symbol, '0') = ANY(\(symbols)) OR i.amount_minor = ANY(\(amounts)))
            """).collect()
        return try rows.compactMap { row in
            let r = NamedRow(row)
            guard let month = Month(iso: try r("month")), let state = InvoiceState(rawValue: try r("state")) else { return nil }
            let fields = try InvoiceFields(invoiceRow: r)
            let registered = try r("registered_iban", as: String?.self).map(IBAN.init(stored:))
                ?? (try r("registered_account", as: String?.self)).flatMap(CzechAccount.init(stored:))?.iban
            let payable = PayableInvoice(id: try r("id"), name: try r("name"), month: month, fields: fields, registeredIBAN: registered)
            return PaymentCandidate(
                id: payable.id, version: try r("version"), name: payable.name, month: month, state: state, amount: fields.total,
                variableSymbol: fields.variableSymbol.flatMap(VariableSymbol.normalised), iban: payable.creditorIBAN)
        }
    }
}
