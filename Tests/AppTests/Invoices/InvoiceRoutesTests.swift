import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// "My invoices", uploads through the real inspector, replacing, viewing documents, and who
/// may see what.
@Suite struct InvoiceRoutesTests {
    static let slug = DemoData.slug
    static let thisMonth = TestClock.thisMonth

    static func upload(
        _ browser: inout Browser, month: Month, file: Data, filename: String = "faktura.pdf"
    ) async throws -> Browser.Page {
        let form = try await browser.get(Paths.uploadInvoice(slug, month: month))
        #expect(form.status == .ok)
        return try await browser.postFile(Paths.uploadInvoice(slug), fields: ["month": month.iso], file: file,
                                          filename: filename, csrfFrom: form)
    }

    /// Counts of invoice rows, document versions and history rows in a tenant.
    static func counts(_ world: TestWorld, tenant: UUID) async throws -> [Int] {
        try await world.db.transaction(tenant: tenant, readOnly: true) { connection in
            let row = try await connection.query("""
                SELECT (SELECT count(*) FROM invoices)::int, (SELECT count(*) FROM invoice_documents)::int,
                       (SELECT count(*) FROM invoice_history)::int
                """).collect()[0]
            let (a, b, c) = try row.decode((Int, Int, Int).self)
            return [a, b, c]
        }
    }

    static func invoiceID(from page: Browser.Page) throws -> UUID {
        let location = try #require(page.location)
        return try #require(UUID(uuidString: String(location.split(separator: "/").last ?? "")))
    }

    @Test func myInvoicesListsEveryMonthSinceTheFirstContract() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let page = try await eva.get(Paths.invoices(Self.slug))
            #expect(page.status == .ok)
            // Newest first: the current month leads, September 2024 (the contract's start) ends the last page.
            #expect(page.body.contains("Missing"))
            #expect(page.body.contains(Paths.uploadInvoice(Self.slug, month: Self.thisMonth)))
            var last = page
            while let older = last.body.firstMatch(of: /href="([^"]+\?page=[0-9]+)" rel="next"/) {
                last = try await eva.get(String(older.1).replacingOccurrences(of: "&amp;", with: "&"))
            }
            #expect(last.body.contains("September 2024"))
            #expect(!last.body.contains("August 2024"))
            #expect(last.body.contains("October 2024") && last.body.contains("Submitted") && last.body.contains("1,000.00"))
            // A page past the end is the last one; a number beyond any list, negative or not a
            // number is clamped or ignored, never an error.
            for query in ["?page=40", "?page=99999999999", "?page=9223372036854775807"] {
                let past = try await eva.get(Paths.invoices(Self.slug) + query)
                #expect(past.status == .ok && past.body.contains("September 2024") && !past.body.contains("rel=\"next\""), "\(query)")
            }
            for query in ["?page=-3", "?page=0", "?page=abc", "?page=1e9", "?page=%E2%85%A7"] {
                let first = try await eva.get(Paths.invoices(Self.slug) + query)
                #expect(first.status == .ok && first.body.contains(Paths.uploadInvoice(Self.slug, month: Self.thisMonth)), "\(query)")
            }
            // Someone employed (HPP) needs no invoices.
            var jana = try await world.signedIn(world.admin)
            let admins = try await jana.get(Paths.invoices(Self.slug))
            #expect(admins.body.contains("Not required") && !admins.body.contains(">Missing<"))
            #expect(!admins.body.contains(Paths.uploadInvoice(Self.slug)))
        }
    }

    @Test func anUploadedInvoiceIsReadAndShown() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let response = try await Self.upload(&eva, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice,
                                                 filename: "Faktura <Dvořák> 11.pdf")
            #expect(response.status == .seeOther)
            let id = try Self.invoiceID(from: response)
            let page = try await eva.get(Paths.invoice(Self.slug, id))
            #expect(page.status == .ok)
            for expected in ["Invoice uploaded", "Submitted", "84,700.00", "19-2000145399/0800", "20260042", "2026-0042",
                             "25596641", "Version 1", "Faktura &lt;Dvořák&gt; 11.pdf", "Uploaded: submitted"] {
                #expect(page.body.contains(expected), "missing \(expected)")
            }
            let documentURL = try #require(page.body.firstMatch(of: /href="([^"]+\/documents\/[0-9a-f-]+)"/).map { String($0.1) })
            let pdf = try await eva.get(documentURL)
            #expect(pdf.status == .ok)
            #expect(pdf.headers.contentType == HTTPMediaType(type: "application", subType: "pdf"))
            #expect(pdf.headers.first(name: .xContentTypeOptions) == "nosniff")
            #expect(pdf.headers.first(name: .contentDisposition) == "inline; filename=\"Faktura__Dvorak__11.pdf\"")
            #expect(pdf.bytes == PDFInspectorTests.czechInvoice)
            let thumbnail = try await eva.get(documentURL + "/thumbnail")
            #expect(thumbnail.status == .ok && thumbnail.headers.contentType == .png)
            // The list shows it too.
            let list = try await eva.get(Paths.invoices(Self.slug))
            #expect(list.body.contains(Paths.invoice(Self.slug, id)))
        }
    }

    @Test func replacingKeepsTheOldVersionUntilTheInvoiceIsApproved() async throws {
        try await withWorld { world in
            let tenant = world.employee.tenantID
            var eva = try await world.signedIn(world.employee)
            let first = try await Self.upload(&eva, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice)
            let id = try Self.invoiceID(from: first)
            // Returned by an admin, then replaced: submitted again, with both versions kept.
            _ = try await world.db.transaction(tenant: tenant) { connection in
                try await connection.query("UPDATE invoices SET state = 'returned' WHERE id = \(id)")
            }
            let second = try await Self.upload(&eva, month: Self.thisMonth, file: TestPDF.invoice(["Opravená faktura"]),
                                               filename: "opravena.pdf")
            #expect(second.status == .seeOther)
            #expect(try Self.invoiceID(from: second) == id)
            let page = try await eva.get(Paths.invoice(Self.slug, id))
            #expect(page.body.contains("File replaced"))
            #expect(page.body.contains("Version 2: opravena.pdf") && page.body.contains("Version 1: faktura.pdf"))
            #expect(page.body.contains("File replaced: Returned → Submitted"))
            #expect(page.body.contains("Submitted"))
            // Approved: the file stays, and the person is told why.
            _ = try await world.db.transaction(tenant: tenant) { connection in
                try await connection.query("UPDATE invoices SET state = 'approved' WHERE id = \(id)")
            }
            let before = try await Self.counts(world, tenant: tenant)
            let refused = try await Self.upload(&eva, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice)
            #expect(refused.status == .unprocessableEntity)
            let form = try await eva.get(Paths.uploadInvoice(Self.slug, month: Self.thisMonth))
            #expect(!form.body.contains("value=\"\(Self.thisMonth.iso)\""))
            let posted = try await eva.postFile(Paths.uploadInvoice(Self.slug), fields: ["month": Self.thisMonth.iso],
                                                file: PDFInspectorTests.czechInvoice, filename: "x.pdf", csrfFrom: form)
            #expect(posted.status == .unprocessableEntity)
            #expect(posted.body.contains("has been approved, so its file can no longer be replaced"))
            #expect(try await Self.counts(world, tenant: tenant) == before)
            let detail = try await eva.get(Paths.invoice(Self.slug, id))
            #expect(!detail.body.contains(Paths.uploadInvoice(Self.slug, month: Self.thisMonth)))
        }
    }

    @Test func badFilesAreRefusedWithAReasonAndNothingIsStored() async throws {
        try await withWorld { world in
            let tenant = world.employee.tenantID
            var eva = try await world.signedIn(world.employee)
            let before = try await Self.counts(world, tenant: tenant)
            let cases: [(Data, String)] = [
                (TestPDF.jpeg(), "This file is not a PDF"),
                (Data(), "Choose the PDF of your invoice"),
                (try TestPDF.encrypted(PDFInspectorTests.czechInvoice, userPassword: "letmein"), "protected by a password"),
                (try TestPDF.encrypted(PDFInspectorTests.czechInvoice, userPassword: ""), "This PDF is encrypted"),
                (TestPDF.truncated(), "could not be read"),
                (TestPDF.garbage(), "could not be read"),
                (TestPDF.invoice(["Faktura"], pages: 21), "has 21 pages; an invoice may have at most 20"),
                (TestPDF.huge(bytes: 10 << 20), "larger than 10 MB"),
            ]
            for (bytes, message) in cases {
                let page = try await Self.upload(&eva, month: Self.thisMonth, file: bytes,
                                                 filename: bytes.isEmpty ? "" : "faktura.pdf")
                #expect(page.status == .unprocessableEntity, "\(message): \(page.status)")
                #expect(page.body.contains(message), "expected \(message)")
                // The form comes back with the month kept.
                #expect(page.body.contains("value=\"\(Self.thisMonth.iso)\" selected"))
            }
            #expect(try await Self.counts(world, tenant: tenant) == before)
        }
    }

    @Test func aFileFarAboveTheLimitIsRefusedAndTheServerCarriesOn() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let page = try await Self.upload(&eva, month: Self.thisMonth, file: TestPDF.huge(bytes: 50 << 20))
            #expect(page.status == .payloadTooLarge)
            #expect(page.body.contains("An invoice PDF may be at most 10 MB"))
            #expect(try await eva.get(Paths.invoices(Self.slug)).status == .ok)
        }
    }

    @Test func wrongMonthsAreRefused() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let form = try await eva.get(Paths.uploadInvoice(Self.slug))
            let cases: [(String, String)] = [
                (Self.thisMonth.adding(months: 1).iso, "has not started yet"),
                ("2024-08", "no contractor (IČO) contract in that month"),
                ("soon", "Choose the month the invoice is for"),
                ("", "Choose the month the invoice is for"),
            ]
            for (month, message) in cases {
                let page = try await eva.postFile(Paths.uploadInvoice(Self.slug), fields: ["month": month],
                                                  file: PDFInspectorTests.czechInvoice, filename: "f.pdf", csrfFrom: form)
                #expect(page.status == .unprocessableEntity)
                #expect(page.body.contains(message), "expected \(message) for \(month)")
            }
            // An employee on an employment contract has nothing to upload.
            var jana = try await world.signedIn(world.admin)
            let janas = try await jana.get(Paths.uploadInvoice(Self.slug))
            #expect(janas.body.contains("There is no month to upload an invoice for"))
            let refused = try await jana.postFile(Paths.uploadInvoice(Self.slug), fields: ["month": Self.thisMonth.iso],
                                                  file: PDFInspectorTests.czechInvoice, filename: "f.pdf", csrfFrom: janas)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("no contractor (IČO) contract"))
        }
    }

    @Test func concurrentUploadsForOneMonthAllLandAsVersions() async throws {
        try await withWorld { world in
            let tenant = world.employee.tenantID, user = world.employee.id
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<6 {
                    // Six different files (the same file again is not stored again).
                    let upload = AcceptedUpload(filename: "f.pdf", content: TestPDF.invoice(["Faktura \(n)"]),
                                                report: .init(verdict: .ok, pages: 1, text: "Faktura"))
                    group.addTask {
                        _ = try await world.db.transaction(tenant: tenant) { connection in
                            try await InvoiceMutations.upload(upload, month: Self.thisMonth, for: user, actor: user,
                                                              on: connection)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let versions = try await world.db.transaction(tenant: tenant, readOnly: true) { connection in
                try await connection.query("""
                    SELECT d.version_no FROM invoice_documents d JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
                    WHERE i.user_id = \(user) AND i.month = \(Self.thisMonth.first.iso)::date ORDER BY 1
                    """).collect().map { try $0.decode(Int.self) }
            }
            #expect(versions == Array(1...6))
        }
    }

    @Test func anUploadThatFailsHalfWayLeavesNothing() async throws {
        try await withWorld { world in
            let tenant = world.employee.tenantID
            let before = try await Self.counts(world, tenant: tenant)
            let upload = AcceptedUpload(filename: "f.pdf", content: PDFInspectorTests.czechInvoice,
                                        report: .init(verdict: .ok, pages: 1, text: "Faktura"))
            // The invoice row goes in first; the document then fails (its uploader does not exist).
            await #expect(throws: (any Error).self) {
                try await world.db.transaction(tenant: tenant) { connection in
                    _ = try await InvoiceMutations.upload(upload, month: Self.thisMonth, for: world.employee.id,
                                                          actor: UUID(), on: connection)
                }
            }
            #expect(try await Self.counts(world, tenant: tenant) == before)
        }
    }

    @Test func aScanIsAcceptedButFlagged() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let response = try await Self.upload(&eva, month: Self.thisMonth, file: TestPDF.document([.image]))
            #expect(response.status == .seeOther)
            let page = try await eva.get(try #require(response.location))
            #expect(page.body.contains("No text: this PDF holds no text"))
            #expect(page.body.contains("not read"))
        }
    }

    @Test func theSameFileUploadedTwiceIsShown() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            _ = try await Self.upload(&eva, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice)
            var petr = try await world.signedIn(world.leader)
            let response = try await Self.upload(&petr, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice)
            let location = try #require(response.location)
            // Petr learns that the file is not new, not whose it is.
            let page = try await petr.get(location)
            #expect(page.body.contains("The very same file was uploaded before for another invoice"))
            #expect(!page.body.contains("Dvořáková"))
            // The admin sees whose it is.
            var jana = try await world.signedIn(world.admin)
            let admins = try await jana.get(location)
            #expect(admins.body.contains("The very same file was also uploaded by Eva Dvořáková for \(InvoiceRoutesTests.monthName(Self.thisMonth))"))
            // Eva, uploading the same file for another month of her own, is told which.
            _ = try await Self.upload(&eva, month: Self.thisMonth.adding(months: -1), file: PDFInspectorTests.czechInvoice)
            let own = try await eva.get(Paths.invoices(Self.slug))
            let newest = try #require(own.body.firstMatch(of: /href="(\/t\/acme\/invoices\/[0-9a-f-]{36})"/).map { String($0.1) })
            let mine = try await eva.get(newest)
            #expect(mine.body.contains("You uploaded the very same file for \(Self.monthName(Self.thisMonth.adding(months: -1)))"))
        }
    }

    static func monthName(_ month: Month) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
         "December"][month.month - 1] + " \(month.year)"
    }

    @Test func onlyTheOwnerAndAdminsSeeAnInvoice() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let response = try await Self.upload(&eva, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice)
            let id = try Self.invoiceID(from: response)
            let page = try await eva.get(Paths.invoice(Self.slug, id))
            let document = try #require(page.body.firstMatch(of: /href="([^"]+\/documents\/[0-9a-f-]+)"/).map { String($0.1) })
            let urls = [Paths.invoice(Self.slug, id), document, document + "/thumbnail"]
            // The admin sees it, with the person's name.
            var jana = try await world.signedIn(world.admin)
            for url in urls { #expect(try await jana.get(url).status == .ok, "admin \(url)") }
            #expect(try await jana.get(urls[0]).body.contains("Eva Dvořáková: invoice for"))
            // Eva's team leader does not, nor does a visitor, nor another tenant's admin.
            var petr = try await world.signedIn(world.leader)
            for url in urls { #expect(try await petr.get(url).status == .notFound, "leader \(url)") }
            var visitor = world.browser()
            for url in urls { #expect(try await visitor.get(url).status == .seeOther, "visitor \(url)") }
            var boss = try await world.signedIn(world.otherAdmin, slug: "globex")
            for url in urls {
                let foreign = url.replacingOccurrences(of: "/t/\(Self.slug)/", with: "/t/globex/")
                #expect(try await boss.get(foreign).status == .notFound, "other tenant \(foreign)")
            }
            // A document id of another invoice under this invoice's path is not found either.
            let other = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { connection in
                try await connection.query("SELECT document_id FROM invoices WHERE id <> \(id) LIMIT 1").collect()[0].decode(UUID.self)
            }
            #expect(try await eva.get(Paths.invoiceDocument(Self.slug, id, other)).status == .notFound)
            #expect(try await eva.get(Paths.invoice(Self.slug, id) + "/documents/not-a-uuid").status == .notFound)
            #expect(try await eva.get(Paths.invoices(Self.slug) + "/not-a-uuid").status == .notFound)
        }
    }

    @Test func anUploadNeedsASignedInUserAndItsToken() async throws {
        try await withWorld { world in
            let tenant = world.employee.tenantID
            let before = try await Self.counts(world, tenant: tenant)
            var eva = try await world.signedIn(world.employee)
            let form = try await eva.get(Paths.uploadInvoice(Self.slug))
            let forged = try await eva.postFile(Paths.uploadInvoice(Self.slug),
                                                fields: ["month": Self.thisMonth.iso, "_csrf": "forged-token-000000000000000000000000"],
                                                file: PDFInspectorTests.czechInvoice, filename: "f.pdf", csrfFrom: form)
            #expect(forged.status == .forbidden)
            var visitor = world.browser()
            let login = try await visitor.get(Paths.login(Self.slug))
            let anonymous = try await visitor.postFile(Paths.uploadInvoice(Self.slug), fields: ["month": Self.thisMonth.iso],
                                                       file: PDFInspectorTests.czechInvoice, filename: "f.pdf", csrfFrom: login)
            #expect(anonymous.status == .unauthorized || anonymous.status == .forbidden)
            #expect(try await visitor.get(Paths.invoices(Self.slug)).status == .seeOther)
            #expect(try await Self.counts(world, tenant: tenant) == before)
        }
    }

    @Test func aFailingInspectorRefusesTheUploadAndTheServerCarriesOn() async throws {
        try await withWorld { world in
            var limits = PDFInspector.Limits()
            limits.timeout = .seconds(1)
            world.app.pdfInspector = PDFInspector(command: ["/bin/sh", "-c", "exec sleep 30"], limits: limits, concurrency: 1)
            var eva = try await world.signedIn(world.employee)
            let page = try await Self.upload(&eva, month: Self.thisMonth, file: PDFInspectorTests.czechInvoice)
            #expect(page.status == .unprocessableEntity)
            #expect(page.body.contains("This PDF could not be read"))
            #expect(try await eva.get(Paths.invoices(Self.slug)).status == .ok)
        }
    }
}
