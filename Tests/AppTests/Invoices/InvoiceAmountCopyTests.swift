import Foundation
import PostgresNIO
import Testing
@testable import App

/// Each invoice keeps the amount of its current document (migration 0012), whichever of the two
/// rows is written second, so the overview's totals can read invoices alone.
@Suite struct InvoiceAmountCopyTests {
    /// Inserts a document of `invoice` reading `minor` in `currency` (nil: nothing read).
    static func addDocument(_ id: UUID, of invoice: UUID, version: Int, minor: Int64?, currency: String?,
                            by user: UUID, on db: TenantConnection) async throws {
        let content = Data("%PDF-1.4 \(id)".utf8)
        try await db.query("""
            INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256,
                                           uploaded_by, pages, has_text, text, amount_minor, currency)
            VALUES (\(db.tenant), \(id), \(invoice), \(version), 'f.pdf', \(content), \(content.count),
                    sha256(\(content)::bytea), \(user), 1, true, '', \(minor), \(currency))
            """)
    }

    static func amount(of invoice: UUID, on db: TenantConnection) async throws -> (Int64?, String?) {
        try await db.query("SELECT amount_minor, currency FROM invoices WHERE tenant_id = \(db.tenant) AND id = \(invoice)")
            .collect()[0].decode((Int64?, String?).self)
    }

    @Test func theInvoiceCarriesItsCurrentDocumentsAmount() async throws {
        try await withWorld { world in
            let user = world.employee.id
            let copies = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                // The invoice first, then its document (as an upload of a new month writes them).
                let invoice = UUID(), first = UUID()
                try await db.query("""
                    INSERT INTO invoices (tenant_id, id, user_id, month, document_id)
                    VALUES (\(db.tenant), \(invoice), \(user), '2026-09-01', \(first))
                    """)
                let beforeDocument = try await Self.amount(of: invoice, on: db)
                try await Self.addDocument(first, of: invoice, version: 1, minor: 1_234_50, currency: "CZK", by: user, on: db)
                let afterDocument = try await Self.amount(of: invoice, on: db)
                // A replacement: the document first, then the invoice points at it.
                let second = UUID()
                try await Self.addDocument(second, of: invoice, version: 2, minor: 99_00, currency: "EUR", by: user, on: db)
                let notYetCurrent = try await Self.amount(of: invoice, on: db)
                try await db.query("UPDATE invoices SET document_id = \(second) WHERE tenant_id = \(db.tenant) AND id = \(invoice)")
                let replaced = try await Self.amount(of: invoice, on: db)
                // A document where nothing was read.
                let third = UUID()
                try await Self.addDocument(third, of: invoice, version: 3, minor: nil, currency: nil, by: user, on: db)
                try await db.query("UPDATE invoices SET document_id = \(third) WHERE tenant_id = \(db.tenant) AND id = \(invoice)")
                let unread = try await Self.amount(of: invoice, on: db)
                return [beforeDocument, afterDocument, notYetCurrent, replaced, unread]
            }
            #expect(copies[0] == (nil, nil))
            #expect(copies[1] == (1_234_50, "CZK"))
            #expect(copies[2] == (1_234_50, "CZK"))
            #expect(copies[3] == (99_00, "EUR"))
            #expect(copies[4] == (nil, nil))
        }
    }
}
