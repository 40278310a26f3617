import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// Each invoice carries whether it may share its file or its number (migration 0031), and the desk
/// asks the exact question only of those: every write that gives an invoice a file or a number
/// marks it and the invoices it meets, another company's never, and two writers of one file at
/// once do not miss each other.
@Suite struct InvoiceMayShareTests {
    /// An invoice of `user` for `month` whose document's bytes are `file`, read with `number`: the
    /// invoice first, then its document, as an upload of a new month writes them.
    @discardableResult
    static func invoice(of user: UUID, month: String, file: String, number: String?, on db: TenantConnection) async throws -> UUID {
        let invoice = UUID()
        try await db.query("SET CONSTRAINTS ALL DEFERRED")
        let document = UUID()
        try await db.query("""
            INSERT INTO invoices (tenant_id, id, user_id, month, document_id)
            VALUES (\(db.tenant), \(invoice), \(user), \(month)::date, \(document))
            """)
        try await addDocument(document, of: invoice, version: 1, file: file, number: number, by: user, on: db)
        return invoice
    }

    static func addDocument(_ id: UUID, of invoice: UUID, version: Int, file: String, number: String?, text: Bool = true,
                            by user: UUID, on db: TenantConnection) async throws {
        let content = Data("%PDF-1.4 \(file)".utf8)
        try await db.query("""
            INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256,
                                           uploaded_by, pages, has_text, text, invoice_number)
            VALUES (\(db.tenant), \(id), \(invoice), \(version), 'f.pdf', \(content), \(content.count),
                    sha256(\(content)::bytea), \(user), 1, \(text), '', \(number))
            """)
    }

    /// Whether, within five seconds, a transaction waits for an advisory lock (the marks').
    static func someoneWaitsForAnAdvisoryLock(_ world: TestWorld) async throws -> Bool {
        for _ in 0..<100 {
            try await Task.sleep(for: .milliseconds(50))
            let waiting = try await world.db.transaction(readOnly: true) { connection in
                try await connection.query("SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
                                           logger: TestPostgres.logger).collect()[0].decode(Int.self) > 0
            }
            if waiting { return true }
        }
        return false
    }

    /// (file, number) marks of each of `invoices`, in order.
    static func marks(_ invoices: [UUID], _ world: TestWorld, tenant: UUID) async throws -> [[Bool]] {
        try await world.db.transaction(tenant: tenant, readOnly: true) { db in
            var marks: [UUID: [Bool]] = [:]
            for row in try await db.query("""
                SELECT id, file_may_be_shared, number_may_be_shared FROM invoices WHERE tenant_id = \(db.tenant) AND id = ANY(\(invoices))
                """).collect() {
                let (id, file, number) = try row.decode((UUID, Bool, Bool).self)
                marks[id] = [file, number]
            }
            return invoices.map { marks[$0] ?? [] }
        }
    }

    @Test func everyWriteOfAFileOrANumberMarksTheInvoicesItMeets() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, eva = world.employee.id, petr = world.leader.id
            // Another company's invoice with the same file and number marks nothing here.
            _ = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await Self.invoice(of: world.otherAdmin.id, month: "2026-07-01", file: "A", number: "1", on: db)
            }
            let (a, b, c) = try await world.db.transaction(tenant: tenant) { db in
                (try await Self.invoice(of: eva, month: "2026-07-01", file: "A", number: "1", on: db),
                 // Petr's has Eva's file (marked, both) and her number (another person's: not marked).
                 try await Self.invoice(of: petr, month: "2026-07-01", file: "A", number: "1", on: db),
                 try await Self.invoice(of: eva, month: "2026-08-01", file: "C", number: "2", on: db))
            }
            #expect(try await Self.marks([a, b, c], world, tenant: tenant) == [[true, false], [true, false], [false, false]])
            // A corrected number that Eva's July invoice has marks both of hers.
            _ = try await world.db.transaction(tenant: tenant) { db in
                try await db.query("UPDATE invoices SET invoice_number = '1' WHERE tenant_id = \(db.tenant) AND id = \(c)")
            }
            #expect(try await Self.marks([a, b, c], world, tenant: tenant) == [[true, true], [true, false], [false, true]])
            // A new version of a document with August's file marks the invoice that takes it, and August's.
            let d = try await world.db.transaction(tenant: tenant) { db in
                let d = try await Self.invoice(of: eva, month: "2026-09-01", file: "D", number: nil, on: db)
                let second = UUID()
                try await Self.addDocument(second, of: d, version: 2, file: "C", number: nil, text: false, by: eva, on: db)
                try await db.query("UPDATE invoices SET document_id = \(second) WHERE tenant_id = \(db.tenant) AND id = \(d)")
                return d
            }
            // Each invoice keeps its current document's facts (migration 0032), the new version's too.
            let facts = try await world.db.transaction(tenant: tenant, readOnly: true) { db in
                try await db.query("""
                    SELECT count(*) FILTER (WHERE i.document_has_text IS DISTINCT FROM d.has_text
                                              OR i.document_has_thumbnail IS DISTINCT FROM (d.thumbnail_png IS NOT NULL))::int,
                           count(*) FILTER (WHERE NOT i.document_has_text)::int
                    FROM invoices i JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
                    WHERE i.tenant_id = \(db.tenant)
                    """).collect()[0].decode((Int, Int).self)
            }
            #expect(facts == (0, 1))
            #expect(try await Self.marks([c, d], world, tenant: tenant) == [[true, true], [true, false]])
            let other = try await world.db.transaction(tenant: world.otherAdmin.tenantID, readOnly: true) { db in
                try await db.query("SELECT bool_or(file_may_be_shared OR number_may_be_shared) FROM invoices WHERE tenant_id = \(db.tenant)")
                    .collect()[0].decode(Bool.self)
            }
            #expect(!other)
            // The desk flags what is shared now: the file of July's two, August's (d has its file).
            let flags = try await world.db.transaction(tenant: tenant, readOnly: true) { db in
                var flags: [UUID: [Bool]] = [:]
                for month in [Month(year: 2026, month: 7)!, Month(year: 2026, month: 8)!, Month(year: 2026, month: 9)!] {
                    for row in try await ReviewQueries.desk(month: month, state: .submitted, on: db) {
                        flags[row.id] = [row.sameFileElsewhere, row.sameNumberElsewhere]
                    }
                }
                return flags
            }
            #expect([a, b, c, d].map { flags[$0] ?? [] } == [[true, true], [true, false], [true, true], [true, false]])
        }
    }

    /// One transaction that writes thousands of invoices, each with its own file and number (as a
    /// seed does), takes one lock for the marks, not one per invoice: a lock per file or number
    /// ran out of the server's lock table at a few thousand.
    @Test func aTransactionOfThousandsOfInvoicesTakesOneLock() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, user = world.employee.id
            let (count, marked, locks) = try await world.db.transaction(tenant: tenant) { db in
                try await db.query("SET CONSTRAINTS ALL DEFERRED")
                try await db.query("""
                    CREATE TEMP TABLE many ON COMMIT DROP AS
                    SELECT gen_random_uuid() AS invoice, gen_random_uuid() AS document, n,
                           (date '1000-01-01' + make_interval(months => n))::date AS month
                    FROM generate_series(1, 8000) AS n
                    """)
                try await db.query("""
                    INSERT INTO invoices (tenant_id, id, user_id, month, document_id)
                    SELECT \(db.tenant), invoice, \(user), month, document FROM many
                    """)
                try await db.query("""
                    INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256,
                                                   uploaded_by, pages, has_text, text, invoice_number)
                    SELECT \(db.tenant), document, invoice, 1, 'f.pdf', convert_to('%PDF ' || n, 'UTF8'), length('%PDF ' || n),
                           sha256(convert_to('%PDF ' || n, 'UTF8')), \(user), 1, true, '', 'MANY-' || n FROM many
                    """)
                let (count, marked) = try await db.query("""
                    SELECT count(*)::int, count(*) FILTER (WHERE file_may_be_shared OR number_may_be_shared)::int
                    FROM invoices WHERE tenant_id = \(db.tenant) AND invoice_number LIKE 'MANY-%'
                    """).collect()[0].decode((Int, Int).self)
                let locks = try await db.query("""
                    SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()
                    """).collect()[0].decode(Int.self)
                return (count, marked, locks)
            }
            // The marks' lock, and the fold of the month totals' (migration 0030).
            #expect(count == 8000 && marked == 0 && locks <= 2, "\(locks) advisory locks")
        }
    }

    /// Two transactions writing one file at once: the second waits for the first's lock on the
    /// marks, then sees the first's document and marks both invoices.
    @Test func aSecondWriterOfTheSameFileWaitsForTheFirstAndSeesIt() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            var second: Task<UUID, any Error>?
            let first = try await world.db.transaction(tenant: tenant) { db in
                let first = try await Self.invoice(of: world.employee.id, month: "2026-07-01", file: "Z", number: nil, on: db)
                second = Task {
                    try await world.db.transaction(tenant: tenant) { db in
                        try await Self.invoice(of: world.leader.id, month: "2026-07-01", file: "Z", number: nil, on: db)
                    }
                }
                // The second writer waits on the file's lock while this transaction is open.
                let waiting = try await Self.someoneWaitsForAnAdvisoryLock(world)
                #expect(waiting, "the second writer did not wait for the file's lock")
                return first
            }
            let later = try #require(try await second?.value)
            #expect(try await Self.marks([first, later], world, tenant: tenant) == [[true, false], [true, false]])
        }
    }

    /// An upload and a correction take the company's lock on the marks before they lock the
    /// invoice (`InvoiceMarks`): another writer holding the lock can still mark that invoice (as
    /// the same file uploaded for another month would). Were the invoice locked first, each would
    /// wait for the other and PostgreSQL would end one of them as a deadlock.
    @Test(arguments: ["correction", "upload"])
    func aWriterTakesTheMarksLockBeforeItLocksTheInvoice(write: String) async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, month = Month(iso: "2026-06")!, employee = world.employee.id
            func upload(_ text: String) -> AcceptedUpload {
                AcceptedUpload(filename: "faktura.pdf", content: TestPDF.invoice([text]),
                               report: InspectionReport(verdict: .ok, pages: 1, text: "\(text)\nČíslo faktury: FV-1"))
            }
            let invoice = try await world.db.transaction(tenant: tenant) { db in
                try await InvoiceMutations.upload(upload("Faktura 1"), month: month, for: employee, actor: employee, on: db).get().invoice
            }
            var writer: Task<Void, any Error>?
            try await world.db.transaction(tenant: tenant) { holder in
                try await InvoiceMarks.lock(on: holder)
                writer = Task {
                    try await world.db.transaction(tenant: tenant) { db in
                        if write == "correction" {
                            let version = try await db.query("SELECT version FROM invoices WHERE tenant_id = \(db.tenant) AND id = \(invoice)")
                                .collect()[0].decode(Int.self)
                            let proposed = InvoiceFields(stored: nil, currency: nil, account: nil, iban: nil, variableSymbol: nil,
                                                         invoiceNumber: "FV-2", supplierID: nil, dueDate: nil)
                            let outcome = try await CorrectionMutations.correct(invoice, version: version, to: proposed, by: world.admin, on: db)
                            guard case .corrected = outcome else { throw Abort(.conflict, reason: "\(outcome)") }
                        } else {
                            _ = try await InvoiceMutations.upload(upload("Faktura 2"), month: month, for: employee, actor: employee, on: db).get()
                        }
                    }
                }
                let waiting = try await Self.someoneWaitsForAnAdvisoryLock(world)
                #expect(waiting, "the \(write) did not wait for the marks' lock")
                // The writer holds no invoice row meanwhile: marking its invoice does not wait for it.
                try await holder.query("SET LOCAL lock_timeout = '5s'")
                let marked = try await holder.query("""
                    UPDATE invoices SET file_may_be_shared = true WHERE tenant_id = \(holder.tenant) AND id = \(invoice) RETURNING id
                    """).collect()
                #expect(marked.count == 1)
            }
            try await writer?.value
            #expect(try await Self.marks([invoice], world, tenant: tenant)[0][0])
        }
    }
}
