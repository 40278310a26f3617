import Foundation
import PostgresNIO
import Testing
@testable import App

/// A migration that copies or fills rows must do it on a database that has rows: the test
/// migrations run on an empty one. This builds a database as it was before 0016, with an invoice
/// in it, and upgrades it.
@Suite struct MigrationUpgradeTests {
    @Test func invoicesFromBefore0016TakeTheirDocumentsValues() async throws {
        let name = "roster_upgrade_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let logger = TestPostgres.logger
        try await TestPostgres.owner.with(database: "postgres").withConnection(logger: logger) {
            try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        do {
            try await upgrade(name)
            try await TestPostgres.drop(name)
        } catch {
            try? await TestPostgres.drop(name)
            throw error
        }
    }

    func upgrade(_ name: String) async throws {
        let logger = TestPostgres.logger
        let all = try TestPostgres.migrator()
        let owner = try TestPostgres.owner.with(database: name)
        let before = Migrator(files: all.files.filter { $0.name < "0016" })
        _ = try await OperatorCommands.migrate(migrator: before, owner: owner, appRole: "roster_app", logger: logger)
        let tenant = UUID(), user = UUID(), invoice = UUID(), document = UUID()
        try await owner.withConnection(logger: logger) { connection in
            _ = try await connection.query("BEGIN", logger: logger)
            _ = try await connection.query("SELECT set_config('roster.tenant_id', \(tenant.uuidString.lowercased()), true)", logger: logger)
            _ = try await connection.query("INSERT INTO tenants (id, slug, name) VALUES (\(tenant), 'old', 'Old s.r.o.')", logger: logger)
            _ = try await connection.query("""
                INSERT INTO users (tenant_id, id, email, first_name, last_name) VALUES (\(tenant), \(user), 'a@old.example', 'A', 'B')
                """, logger: logger)
            _ = try await connection.query("""
                INSERT INTO invoices (tenant_id, id, user_id, month, document_id) VALUES (\(tenant), \(invoice), \(user), '2026-09-01', \(document))
                """, logger: logger)
            let content = Data("%PDF-1.4 old".utf8)
            _ = try await connection.query("""
                INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256,
                    uploaded_by, pages, has_text, text, amount_minor, currency, bank_account, variable_symbol, invoice_number, due_date)
                VALUES (\(tenant), \(document), \(invoice), 1, 'f.pdf', \(content), \(content.count), sha256(\(content)::bytea),
                        \(user), 1, true, '', 1000, 'CZK', '19-2000145399/0800', '202609', 'FV-1', '2026-10-14')
                """, logger: logger)
            _ = try await connection.query("COMMIT", logger: logger)
        }
        let applied = try await OperatorCommands.migrate(migrator: all, owner: owner, appRole: "roster_app", logger: logger)
        #expect(applied.first == "0016_invoice_corrections.sql")
        let row = try await owner.withConnection(logger: logger) { connection in
            _ = try await connection.query("BEGIN", logger: logger)
            _ = try await connection.query("SELECT set_config('roster.tenant_id', \(tenant.uuidString.lowercased()), true)", logger: logger)
            let rows = try await connection.query("""
                SELECT amount_minor, bank_account, variable_symbol, invoice_number, due_date::text, corrected,
                       (SELECT relforcerowsecurity FROM pg_class WHERE relname = 'invoices')
                FROM invoices WHERE id = \(invoice)
                """, logger: logger).collect()
            _ = try await connection.query("COMMIT", logger: logger)
            return try rows[0].decode((Int64?, String?, String?, String?, String?, [String], Bool).self)
        }
        #expect(row.0 == 1000 && row.1 == "19-2000145399/0800" && row.2 == "202609" && row.3 == "FV-1" && row.4 == "2026-10-14")
        #expect(row.5.isEmpty && row.6, "nothing corrected, and row level security forced again")
    }
}
