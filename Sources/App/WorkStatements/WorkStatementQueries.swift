import Crypto
import Foundation
import PostgresNIO

/// A statement as lists show it.
public struct WorkStatementSummary: Sendable, Equatable {
    public let id: UUID
    public let userID: UUID
    public let name: String
    public let month: Month
    public let state: InvoiceState
    public let version: Int
    public let documentID: UUID
    public let seconds: Int
    public let amountMinor: Int64?
    public let currency: String?
    public let basis: MonthEarnings.Basis
    /// The day its current version was written, in the tenant's time zone.
    public let generatedOn: LocalDate
    /// Why it was returned, while it is.
    public let returnReason: String?
}

/// A statement's file, with its owner for the permission check.
public struct WorkStatementFile: Sendable {
    public let subject: InvoiceSubject
    public let filename: String
    public let content: Data
}

/// Reading and writing work statements (docs/ARCHITECTURE.md, Work statements).
public enum WorkStatementQueries {
    /// What a person's statement of a month is written from; three statements. Nil when the
    /// person is not here.
    public static func input(of user: UUID, _ month: Month, on db: TenantConnection) async throws -> WorkStatementInput? {
        var name: String?
        var entries: [WorkStatementEntry] = []
        for try await (tag, day, project, client, seconds) in try await db.query("""
            SELECT 'u', NULL::text, u.last_name || ' ' || u.first_name, NULL::text, NULL::bigint
            FROM users u WHERE u.tenant_id = \(db.tenant) AND u.id = \(user)
            UNION ALL
            SELECT 'e', e.work_date::text, p.name, c.name, sum(e.seconds)::bigint
            FROM time_entries e
            JOIN projects p ON p.tenant_id = e.tenant_id AND p.id = e.project_id
            JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE e.tenant_id = \(db.tenant) AND e.user_id = \(user)
              AND e.work_date BETWEEN \(month.first.iso)::date AND \(month.last.iso)::date
            GROUP BY e.work_date, p.name, c.name
            """).decode((String, String?, String?, String?, Int64?).self) {
            if tag == "u" {
                name = project
            } else if let day = day.flatMap(LocalDate.init(iso:)), let project, let seconds {
                entries.append(WorkStatementEntry(day: day, project: project, client: client, seconds: Int(seconds)))
            }
        }
        guard let name else { return nil }
        let money = try await ReviewQueries.contractsAndRates(of: [user], in: month, on: db)[user] ?? ([], [])
        let time = try await TimeBasisQueries.bases(of: [user], from: month.first, through: month.last, on: db)
        return WorkStatementInput(name: name, month: month, contracts: money.contracts, rates: money.rates,
                                  time: time.basis(of: user, in: month), entries: entries)
    }

    /// Keeps a new version of a person's statement of a month (the first creates it), which is
    /// then submitted for review whatever it was before; recorded in its history.
    @discardableResult
    public static func store(
        _ statement: WorkStatement, file: Data, filename: String, of user: UUID, month: Month, by actor: UUID,
        on db: TenantConnection
    ) async throws -> UUID {
        let sheet = String(decoding: try JSONEncoder().encode(statement.table), as: UTF8.self)
        let sha256 = Data(SHA256.hash(data: file))
        let earnings = statement.earnings
        let amount = earnings.currency == nil ? nil : earnings.amountMinor
        let existing = try await db.query("""
            SELECT s.id, s.state::text, (SELECT max(d.version_no) FROM work_statement_documents d
                                         WHERE d.tenant_id = s.tenant_id AND d.statement_id = s.id)
            FROM work_statements s
            WHERE s.tenant_id = \(db.tenant) AND s.user_id = \(user) AND s.month = \(month.first.iso)::date
            FOR UPDATE
            """).collect().first?.decode((UUID, String, Int).self)
        let id = existing?.0 ?? UUID(), document = UUID()
        if existing == nil {
            try await db.query("""
                INSERT INTO work_statements (tenant_id, id, user_id, month, document_id, seconds, amount_minor, currency, basis)
                VALUES (\(db.tenant), \(id), \(user), \(month.first.iso)::date, \(document), \(statement.seconds), \(amount),
                        \(earnings.currency), \(earnings.basis.rawValue))
                """)
        }
        try await db.query("""
            INSERT INTO work_statement_documents (tenant_id, id, statement_id, version_no, filename, content, size_bytes, sha256,
                                                  sheet, generated_by)
            VALUES (\(db.tenant), \(document), \(id), \((existing?.2 ?? 0) + 1), \(filename), \(file), \(file.count), \(sha256),
                    \(sheet)::jsonb, \(actor))
            """)
        if existing != nil {
            try await db.query("""
                UPDATE work_statements SET document_id = \(document), state = 'submitted', version = version + 1, updated_at = now(),
                       seconds = \(statement.seconds), amount_minor = \(amount), currency = \(earnings.currency),
                       basis = \(earnings.basis.rawValue)
                WHERE tenant_id = \(db.tenant) AND id = \(id)
                """)
        }
        try await db.query("""
            INSERT INTO work_statement_history (tenant_id, statement_id, actor_id, from_state, to_state, document_id)
            VALUES (\(db.tenant), \(id), \(actor), \(existing?.1)::invoice_state, 'submitted', \(document))
            """)
        return id
    }

    /// The statements of a month (all of them, or one person's), by surname; one statement. One
    /// person's of every month ("My invoices") is a prepared statement (`PersonWorkStatements`).
    public static func list(month: Month? = nil, of user: UUID? = nil, timeZone: String, on db: TenantConnection) async throws
        -> [WorkStatementSummary] {
        if month == nil, let user {
            var summaries: [WorkStatementSummary] = []
            for try await row in try await db.execute({ PersonWorkStatements(tenant: $0, user: user, timeZone: timeZone) }) {
                if let summary = try summary(row) { summaries.append(summary) }
            }
            return summaries
        }
        var query = PostgresQuery(unsafeSQL: """
            SELECT \(summaryColumns(timeZone: "$4"))
            FROM work_statements s
            JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            JOIN work_statement_documents d ON d.tenant_id = s.tenant_id AND d.id = s.document_id
            WHERE s.tenant_id = $1
              AND ($2::date IS NULL OR s.month = $2::date)
              AND ($3::uuid IS NULL OR s.user_id = $3)
            ORDER BY s.month DESC, u.sort_last, u.sort_first, u.id
            LIMIT 100000
            """)
        query.binds.append(db.tenant)
        query.binds.append(month?.first.iso)
        query.binds.append(user)
        query.binds.append(timeZone)
        return try await db.query(query).collect().compactMap(summary)
    }

    /// The columns of a statement's summary (`summary(_:)`); `timeZone` is the parameter holding
    /// the tenant's time zone.
    static func summaryColumns(timeZone: String) -> String {
        """
        s.id, s.user_id, u.last_name || ' ' || u.first_name, to_char(s.month, 'YYYY-MM'), s.state::text, s.version,
               s.document_id, s.seconds, s.amount_minor, s.currency, s.basis,
               to_char(d.generated_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD'),
               CASE WHEN s.state = 'returned' THEN (
                   SELECT h.reason FROM work_statement_history h
                   WHERE h.tenant_id = s.tenant_id AND h.statement_id = s.id AND h.to_state = 'returned'
                   ORDER BY h.at DESC LIMIT 1) END
        """
    }

    /// A row of `summaryColumns(timeZone:)`; nil for a state or a day this version does not know.
    static func summary(_ row: PostgresRow) throws -> WorkStatementSummary? {
        summary(try row.decode(SummaryColumns.self))
    }

    /// The columns of `summaryColumns(timeZone:)`, in order.
    typealias SummaryColumns = (UUID, UUID, String, String, String, Int, UUID, Int, Int64?, String?, String, String, String?)

    /// A statement's summary from its columns; nil for a state or a day this version does not know.
    static func summary(_ columns: SummaryColumns) -> WorkStatementSummary? {
        let (id, user, name, month, state, version, document, seconds, amount, currency, basis, generated, reason) = columns
        guard let period = Month(iso: month), let state = InvoiceState(rawValue: state),
              let day = LocalDate(iso: generated) else { return nil }
        return WorkStatementSummary(id: id, userID: user, name: name, month: period, state: state, version: version,
                                    documentID: document, seconds: seconds, amountMinor: amount, currency: currency,
                                    basis: MonthEarnings.Basis(rawValue: basis) ?? .hours, generatedOn: day, returnReason: reason)
    }

    /// The current file of a statement, with its owner; nil when there is no such statement here.
    public static func file(_ id: UUID, on db: TenantConnection) async throws -> WorkStatementFile? {
        let rows = try await db.query("""
            SELECT s.user_id, (SELECT t.leader_id FROM teams t WHERE t.tenant_id = u.tenant_id AND t.id = u.team_id),
                   d.filename, d.content
            FROM work_statements s
            JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            JOIN work_statement_documents d ON d.tenant_id = s.tenant_id AND d.id = s.document_id
            WHERE s.tenant_id = \(db.tenant) AND s.id = \(id)
            """).collect()
        guard let (owner, leader, filename, content) = try rows.first?.decode((UUID, UUID?, String, Data).self) else { return nil }
        return WorkStatementFile(subject: InvoiceSubject(owner: PersonSubject(id: owner, teamLeader: leader)),
                                 filename: filename, content: content)
    }

    /// The tables of a month's approved statements as stored (JSON of `ExportTable`), by surname:
    /// the month's workbook for payroll; one statement. Decoding them is the caller's (off the
    /// event loops).
    public static func sheets(_ month: Month, on db: TenantConnection) async throws -> [String] {
        try await db.query("""
            SELECT d.sheet::text
            FROM work_statements s
            JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            JOIN work_statement_documents d ON d.tenant_id = s.tenant_id AND d.id = s.document_id
            WHERE s.tenant_id = \(db.tenant) AND s.month = \(month.first.iso)::date AND s.state = 'approved'
            ORDER BY u.sort_last, u.sort_first, u.id
            """).collect().map { try $0.decode(String.self) }
    }
}

/// An employee of a month who has no statement yet, with where their time stands.
public struct WorkStatementWaiting: Sendable, Equatable {
    public let id: UUID
    public let name: String
    /// Their month of time: nil while not submitted.
    public let time: TimeMonthStatus?
}

extension WorkStatementQueries {
    /// The active people with an employee contract (HPP, DPP, DPČ) in the month and no statement
    /// of it, by surname; one statement.
    public static func waiting(_ month: Month, on db: TenantConnection) async throws -> [WorkStatementWaiting] {
        try await db.query("""
            SELECT u.id, u.last_name || ' ' || u.first_name, m.status
            FROM users u
            LEFT JOIN time_months m ON m.tenant_id = u.tenant_id AND m.user_id = u.id AND m.month = \(month.first.iso)::date
            WHERE u.tenant_id = \(db.tenant) AND u.active
              AND EXISTS (SELECT FROM contracts k WHERE k.tenant_id = u.tenant_id AND k.user_id = u.id AND k.kind <> 'ico'
                          AND k.valid_from <= \(month.last.iso)::date AND (k.valid_to IS NULL OR k.valid_to >= \(month.first.iso)::date))
              AND NOT EXISTS (SELECT FROM work_statements s WHERE s.tenant_id = u.tenant_id AND s.user_id = u.id
                              AND s.month = \(month.first.iso)::date)
            ORDER BY u.sort_last, u.sort_first, u.id
            """).collect().map {
            let (id, name, status) = try $0.decode((UUID, String, String?).self)
            return WorkStatementWaiting(id: id, name: name, time: status.flatMap(TimeMonthStatus.init(rawValue:)))
        }
    }
}

/// One person's statements of every month ("My invoices"), newest first, prepared.
struct PersonWorkStatements: RowsStatement {
    typealias Row = PostgresRow

    static let name = "roster_person_work_statements"
    static let sql = """
        SELECT \(WorkStatementQueries.summaryColumns(timeZone: "$3"))
        FROM work_statements s
        JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
        JOIN work_statement_documents d ON d.tenant_id = s.tenant_id AND d.id = s.document_id
        WHERE s.tenant_id = $1 AND s.user_id = $2
        ORDER BY s.month DESC
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text]

    let tenant: UUID
    let user: UUID
    let timeZone: String

    func makeBindings() throws -> PostgresBindings { .of(tenant, user, timeZone) }
}
