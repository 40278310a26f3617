import Foundation
import Testing
@testable import App

/// A retried upload of the very file an invoice has now is not stored again, and the answer says
/// so: on the web, through the API, and in the use case, where a returned invoice is submitted
/// again with its current file.
@Suite struct IdenticalUploadTests {
    static func versions(_ world: TestWorld, _ invoice: UUID) async throws -> Int {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await db.query("SELECT count(*)::int FROM invoice_documents WHERE tenant_id = \(db.tenant) AND invoice_id = \(invoice)")
                .collect()[0].decode(Int.self)
        }
    }

    @Test func theSameFileAgainStoresNothingAndAReturnedInvoiceIsSubmittedAgain() async throws {
        try await withWorld { world in
            let first = try await InvoiceUploadingTests.upload(world, "2026-09", as: world.employee)
            #expect(!first.identical)
            let again = try await InvoiceUploadingTests.upload(world, "2026-09", as: world.employee)
            #expect(again.identical && again.invoice == first.invoice && again.document == first.document)
            #expect(try await Self.versions(world, first.invoice) == 1)
            #expect(try await InvoiceUploadingTests.state(world, first.invoice) == ("submitted", 1))
            // Returned, then the same file again: submitted again, still one stored file.
            _ = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("UPDATE invoices SET state = 'returned', version = 2 WHERE tenant_id = \(db.tenant) AND id = \(first.invoice)")
            }
            let resent = try await InvoiceUploadingTests.upload(world, "2026-09", as: world.employee)
            #expect(resent.identical && resent.document == first.document)
            #expect(try await InvoiceUploadingTests.state(world, first.invoice) == ("submitted", 3))
            #expect(try await Self.versions(world, first.invoice) == 1)
        }
    }

    @Test func theWebAndTheAPISaySo() async throws {
        try await withWorld { world in
            // The files stored for Eva's October 2024, before and after.
            @Sendable func files() async throws -> Int {
                try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                    try await db.query("""
                        SELECT count(d.id)::int FROM invoices i
                        JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.invoice_id = i.id
                        WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(world.employee.id) AND i.month = '2024-10-01'
                        """).collect()[0].decode(Int.self)
                }
            }
            let before = try await files()
            var eva = try await world.signedIn(world.employee)
            let form = try await eva.get(Paths.uploadInvoice("acme"))
            let file = TestPDF.invoice(["Faktura, identická"])
            let uploaded = try await eva.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"], file: file,
                                                  filename: "a.pdf", csrfFrom: form)
            #expect(uploaded.status == .seeOther)
            #expect(try await files() == before + 1)
            let retried = try await eva.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"], file: file,
                                                 filename: "a.pdf", csrfFrom: form)
            #expect(retried.status == .seeOther)
            let page = try await eva.get(try #require(retried.location))
            #expect(page.body.contains("nothing new was stored"))
            let api = try await APIClient.signIn(world, world.employee)
            let viaAPI = try await api.upload(month: "2024-10", file: file)
            #expect(viaAPI.status == .ok)
            #expect(try await files() == before + 1)
            // Another file is a new version, as before.
            let other = try await api.upload(month: "2024-10", file: TestPDF.invoice(["Faktura, opravená"]))
            #expect(other.status == .created)
            #expect(try await files() == before + 2)
        }
    }
}
