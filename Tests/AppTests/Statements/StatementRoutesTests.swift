import Foundation
import PDFInspection
import PostgresNIO
import Testing
import Vapor
@testable import App

/// Importing bank statements and marking their matches paid, through the web, on a real
/// database: a statement is cross-read by pycamt before it is imported, importing it twice adds
/// nothing, the history names the statement and the booking day; hostile files, wrong roles and
/// another company change nothing.
@Suite struct StatementRoutesTests {
    typealias Entry = TestStatements.Entry
    static let evaIBAN = "CZ6508000000192000145399"

    /// Eva's October 2024 invoice, completed by the admin (1 200,50 Kč to 19-2000145399/0800,
    /// variable symbol 202410) and approved: what the statement pays.
    static func approvedInvoice(_ world: TestWorld) async throws -> (id: UUID, version: Int) {
        let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
        let site = try await world.mailSite()
        return try await world.db.transaction(tenant: world.admin.tenantID) { db in
            let fields = InvoiceFields(total: InvoiceAmount(minor: 1_200_50, currency: "CZK"),
                                       account: CzechAccount("19-2000145399/0800"), variableSymbol: "202410",
                                       invoiceNumber: "FV-2024-10")
            _ = try await CorrectionMutations.correct(seeded.invoice, version: seeded.version, to: fields, by: world.admin, on: db)
            let outcomes = try await InvoiceReview.act(.approve, on: [ReviewPick(id: seeded.invoice, version: seeded.version + 1,
                                                                                      reason: nil)],
                                                           by: world.admin, site: site, on: db)
            #expect(outcomes[seeded.invoice] == .changed)
            return (seeded.invoice, seeded.version + 2)
        }
    }

    /// A November 2024 statement: the payment, a haléř more, a stranger, money received.
    static var statement: String {
        TestStatements.camt(id: "CSOB-2024-11-0042", entries: [
            Entry(amount: "1200.50", booked: "2024-11-10", symbol: "202410", iban: evaIBAN, name: "Eva Dvořáková", reference: "R1"),
            Entry(amount: "1200.51", booked: "2024-11-11", symbol: "202410", iban: evaIBAN, name: "Eva Dvořáková", reference: "R2"),
            Entry(amount: "42.00", booked: "2024-11-12", symbol: "9", iban: "DE89370400440532013000", name: "<b>Stranger</b>"),
            Entry(amount: "10000.00", debit: false, booked: "2024-11-13", symbol: nil, iban: "CZ5508000000001234567899"),
        ])
    }

    /// pycamt (an independent reader) reads the file as Roster does: the same lines, amounts, directions, days, accounts.
    static func crossRead(_ xml: String) throws {
        let python = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_PYTHON"],
                                  "ROSTER_TEST_PYTHON is not set: run the tests with scripts/test")
        let script = """
            import json, sys
            from pycamt.parser import Camt053Parser
            parser = Camt053Parser(sys.stdin.buffer.read())
            print(json.dumps([[t.get("Amount"), t.get("Currency"), t.get("CreditDebitIndicator"), t.get("BookingDate"),
                               t.get("CreditorIBAN") if t.get("CreditDebitIndicator") == "DBIT" else t.get("DebtorIBAN")]
                              for t in parser.get_transactions() if t.get("Status") == "BOOK"]))
            """
        let theirs = try JSONDecoder().decode([[String?]].self, from: try ReviewRoutesTests.runSync([python, "-c", script],
                                                                                                      input: Data(xml.utf8)))
        let ours = try StatementReader.read(Array(xml.utf8)).get().lines
        #expect(theirs.count == ours.count)
        for (their, line) in zip(theirs, ours) {
            #expect(their[0].flatMap(CamtAmount.minor) == line.amount.minor)
            #expect(their[1] == line.amount.currency && their[2] == (line.isDebit ? "DBIT" : "CRDT"))
            #expect(their[3] == line.bookedOn.iso && their[4] == line.counterpartyIBAN?.value)
        }
    }

    static func count(_ world: TestWorld, _ sql: String, tenant: UUID) async throws -> Int {
        try await world.db.transaction(tenant: tenant, readOnly: true) { db in
            try await db.query(PostgresQuery(unsafeSQL: sql)).collect()[0].decode(Int.self)
        }
    }

    static func state(_ world: TestWorld, _ invoice: UUID) async throws -> String {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await db.query("SELECT state::text FROM invoices WHERE id = \(invoice)").collect()[0].decode(String.self)
        }
    }

    /// The pay form's fields as the page has them.
    static func payBody(_ page: Browser.Page) -> String {
        let picks = page.body.matches(of: /name="pick\[\]" value="([^"]+)"/).map { "pick%5B%5D=" + String($0.1).urlFormEncoded }
        return (["_csrf=" + (page.csrf ?? "").urlFormEncoded] + picks).joined(separator: "&")
    }

    @Test func anAdminImportsAStatementAndMarksItsMatchPaidOnce() async throws {
        try await withWorld { world in
            let invoice = try await Self.approvedInvoice(world)
            try Self.crossRead(Self.statement)
            var admin = try await world.signedIn(world.admin)
            let list = try await admin.get(Paths.reviewStatements("acme"))
            #expect(list.status == .ok && list.body.contains("SEED-2024-10") && !list.body.contains("SEED-2024-02"))
            let imported = try await admin.postFile(Paths.reviewStatements("acme"), fields: [:], file: Data(Self.statement.utf8),
                                                    filename: "vypis.xml", contentType: "application/xml", csrfFrom: list)
            #expect(imported.status == .seeOther)
            let address = try #require(imported.location)
            var page = try await admin.get(address)
            #expect(page.body.contains("Statement imported."))
            #expect(page.body.contains("Matched: 1 · already paid: 0 · to check: 1 · not found: 1"))
            #expect(page.body.contains("paid CZK\u{00A0}0.01 more than the invoice"))
            #expect(page.body.contains("&lt;b&gt;Stranger&lt;/b&gt;") && !page.body.contains("<b>Stranger"))
            #expect(page.body.contains("1 line is not a payment to a contractor"))
            #expect(page.body.contains(#"value="\#(invoice.id.lowercasedString):\#(invoice.version)""#))
            // The same file again: nothing added, the same statement shown.
            let again = try await admin.postFile(Paths.reviewStatements("acme"), fields: [:], file: Data(Self.statement.utf8),
                                                 filename: "vypis-znovu.xml", contentType: "application/xml", csrfFrom: list)
            #expect(again.location == address)
            #expect(try await admin.get(address).body.contains("This statement was imported before"))
            // The bank's same statement downloaded again (other bytes, same id and account): the same.
            let redownloaded = Self.statement.replacingOccurrences(of: "2026-11-20T08:00:00", with: "2026-11-21T09:30:00")
            let third = try await admin.postFile(Paths.reviewStatements("acme"), fields: [:], file: Data(redownloaded.utf8),
                                                 filename: "vypis.xml", contentType: "application/xml", csrfFrom: list)
            #expect(third.location == address)
            #expect(try await Self.count(world, "SELECT count(*)::int FROM bank_statements", tenant: world.admin.tenantID) == 2)
            #expect(try await Self.count(world, "SELECT count(*)::int FROM bank_statement_lines", tenant: world.admin.tenantID) == 5)
            // Marking paid asks first, then pays the matched invoice with the statement in its history.
            let payURL = address + "/pay"
            let question = try await admin.send(.POST, payURL, body: Self.payBody(page), contentType: "application/x-www-form-urlencoded")
            #expect(question.body.contains("Mark the invoice as paid, CZK\u{00A0}1,200.50?"))
            #expect(try await Self.state(world, invoice.id) == "approved")
            let result = try await admin.confirm(question)
            #expect(result.status == .ok && result.body.contains("1 marked as paid"))
            #expect(try await Self.state(world, invoice.id) == "paid")
            let history = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await db.query("""
                    SELECT s.reference, h.booked_on::text FROM invoice_history h JOIN bank_statements s ON s.id = h.statement_id
                    WHERE h.invoice_id = \(invoice.id) AND h.to_state = 'paid'
                    """).collect().map { try $0.decode((String, String).self) }
            }
            #expect(history.count == 1 && history.first?.0 == "CSOB-2024-11-0042" && history.first?.1 == "2024-11-10")
            #expect(try await admin.get(Paths.invoice("acme", invoice.id)).body
                .contains("Approved → Paid (bank statement CSOB-2024-11-0042, booked 10 November 2024)"))
            // Eva is told, as for any payment.
            #expect(try await Self.count(world, "SELECT count(*)::int FROM outbox WHERE unsubscribe_url LIKE '%/invoice-paid?%'",
                                         tenant: world.admin.tenantID) == 1)
            // Seen again, the line is already paid, and paying again changes nothing.
            page = try await admin.get(address)
            #expect(page.body.contains("Matched: 0 · already paid: 1"))
            let twice = try await admin.send(.POST, payURL, body: Self.payBody(page) + "&pick%5B%5D=\(invoice.id.lowercasedString)%3A\(invoice.version + 1)&confirmed=1",
                                             contentType: "application/x-www-form-urlencoded")
            #expect(twice.status == .ok && twice.body.contains("1 not changed because someone else changed them meanwhile"))
            #expect(try await Self.count(world, "SELECT count(*)::int FROM invoice_history WHERE to_state = 'paid'",
                                         tenant: world.admin.tenantID) == 1)
            // The same payments in the bank's ABO file: a statement of its own, its line already paid.
            let abo = TestStatements.abo(lines: [.init(minor: 1_200_50, symbol: "0000202410", name: "Dvořáková Eva", booked: "101124")])
            let fromABO = try await admin.postFile(Paths.reviewStatements("acme"), fields: [:], file: abo, filename: "vypis.gpc",
                                                   contentType: "application/octet-stream", csrfFrom: list)
            let aboPage = try await admin.get(try #require(fromABO.location))
            #expect(aboPage.body.contains("Matched: 0 · already paid: 1") && aboPage.body.contains("Dvořáková Eva"))
        }
    }

    @Test func aStaleOrForeignPickPaysNothing() async throws {
        try await withWorld { world in
            let invoice = try await Self.approvedInvoice(world)
            var admin = try await world.signedIn(world.admin)
            let list = try await admin.get(Paths.reviewStatements("acme"))
            let address = try #require(try await admin.postFile(Paths.reviewStatements("acme"), fields: [:],
                                                                file: Data(Self.statement.utf8), filename: "v.xml",
                                                                contentType: "application/xml", csrfFrom: list).location)
            let page = try await admin.get(address)
            // Another invoice's id (not matched by any line) and garbage are ignored.
            let other = try await seededInvoice(world, tenant: world.otherAdmin.tenantID)
            let foreign = try await admin.send(.POST, address + "/pay",
                                               body: "_csrf=\(page.csrf!.urlFormEncoded)&pick%5B%5D=\(other.invoice.lowercasedString)%3A1&pick%5B%5D=x%3Ay&confirmed=1",
                                               contentType: "application/x-www-form-urlencoded")
            #expect(foreign.status == .seeOther)
            #expect(try await admin.get(foreign.location!).body.contains("No invoice of your selection is matched"))
            // The invoice changed after the page was shown: stale, not paid.
            let stale = try await admin.send(.POST, address + "/pay",
                                             body: "_csrf=\(page.csrf!.urlFormEncoded)&pick%5B%5D=\(invoice.id.lowercasedString)%3A\(invoice.version - 1)&confirmed=1",
                                             contentType: "application/x-www-form-urlencoded")
            #expect(stale.status == .ok && stale.body.contains("changed") && !stale.body.contains("1 marked as paid"))
            #expect(try await Self.state(world, invoice.id) == "approved")
            // Without the CSRF token: refused.
            let forged = try await admin.send(.POST, address + "/pay",
                                              body: "pick%5B%5D=\(invoice.id.lowercasedString)%3A\(invoice.version)&confirmed=1",
                                              contentType: "application/x-www-form-urlencoded")
            #expect(forged.status == .forbidden)
            #expect(try await Self.state(world, invoice.id) == "approved")
        }
    }

    @Test func hostileFilesAreRefusedWithTheirReasonAndNothingIsStored() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let list = try await admin.get(Paths.reviewStatements("acme"))
            let bomb = """
                <?xml version="1.0"?>
                <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
                <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&lol1;</Document>
                """
            let cases: [(Data, String)] = [
                (Data(bomb.utf8), "declares a document type or entities"),
                (Data("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><BkToCstmrStmt>".utf8), "The XML file is damaged"),
                (Self.statement.data(using: .utf16)!, "not in the expected encoding"),
                (Data("%PDF-1.4".utf8), "neither a camt.053"),
                (Data(), "Choose the statement file"),
            ]
            for (file, message) in cases {
                let refused = try await admin.postFile(Paths.reviewStatements("acme"), fields: [:], file: file, filename: "x.xml",
                                                       contentType: "application/xml", csrfFrom: list)
                #expect(refused.status == .unprocessableEntity && refused.body.contains(message), "\(message)")
                #expect(refused.body.contains(#"aria-invalid="true""#))
            }
            // Larger than the route takes: refused before it is read.
            let huge = try await admin.postFile(Paths.reviewStatements("acme"), fields: [:],
                                                file: Data(repeating: 0x20, count: StatementImport.maxBodyBytes + 1),
                                                filename: "x.xml", contentType: "application/xml", csrfFrom: list)
            #expect(huge.status == .payloadTooLarge)
            // Without the CSRF token.
            let forged = try await admin.postFile(Paths.reviewStatements("acme"), fields: ["_csrf": "forged"],
                                                  file: Data(Self.statement.utf8), filename: "v.xml", contentType: "application/xml",
                                                  csrfFrom: list)
            #expect(forged.status == .forbidden)
            #expect(try await Self.count(world, "SELECT count(*)::int FROM bank_statements", tenant: world.admin.tenantID) == 1)
        }
    }

    @Test func otherRolesAndOtherCompaniesReachNothing() async throws {
        try await withWorld { world in
            let acmeStatement = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await db.query("SELECT id FROM bank_statements").collect()[0].decode(UUID.self)
            }
            for user in [world.employee, world.leader] {
                var browser = try await world.signedIn(user)
                let home = try await browser.get(Paths.home("acme"))
                #expect(try await browser.get(Paths.reviewStatements("acme")).status == .forbidden)
                #expect(try await browser.get(Paths.reviewStatement("acme", acmeStatement)).status == .forbidden)
                let upload = try await browser.postFile(Paths.reviewStatements("acme"), fields: [:], file: Data(Self.statement.utf8),
                                                        filename: "v.xml", contentType: "application/xml", csrfFrom: home)
                #expect(upload.status == .forbidden)
                let pay = try await browser.post(Paths.reviewStatementPay("acme", acmeStatement), form: ["pick[]": "x:1"], csrfFrom: home)
                #expect(pay.status == .forbidden)
            }
            var other = try await world.signedIn(world.otherAdmin, slug: "globex")
            #expect(try await other.get(Paths.reviewStatement("globex", acmeStatement)).status == .notFound)
            let home = try await other.get(Paths.reviewStatements("globex"))
            #expect(!home.body.contains("SEED-2024-10") && home.body.contains("SEED-2024-02"))
            let pay = try await other.post(Paths.reviewStatementPay("globex", acmeStatement), form: ["confirmed": "1"], csrfFrom: home)
            #expect(pay.status == .notFound)
            // Globex's session is not Acme's.
            #expect(try await other.get(Paths.reviewStatement("acme", acmeStatement)).status != .ok)
            #expect(try await other.get(Paths.reviewStatements("globex") + "/not-an-id").status == .notFound)
        }
    }

    @Test func theAPIImportsMatchesAndPaysAsTheWebDoes() async throws {
        try await withWorld { world in
            let invoice = try await Self.approvedInvoice(world)
            let api = try await APIClient.signIn(world, world.admin)
            let created = try await api.uploadStatement(Data(Self.statement.utf8))
            #expect(created.status == .created)
            let statement = try created.decode(Components.Schemas.Statement.self)
            #expect(statement.statement.reference == "CSOB-2024-11-0042" && statement.statement.format == .camt053)
            #expect(statement.lines.map(\.verdict) == [.matched, .ambiguous, .unmatched, .aside])
            #expect(statement.lines[0].invoice?.id == invoice.id.lowercasedString)
            #expect(statement.lines[1].nearMisses.first?.differences == [.amount])
            #expect(statement.lines[1].nearMisses.first?.amountDifferenceMinor == 1)
            // Again: the same statement, 200.
            let again = try await api.uploadStatement(Data(Self.statement.utf8))
            #expect(again.status == .ok)
            #expect(try again.decode(Components.Schemas.Statement.self).statement.id == statement.statement.id)
            let list = try await api.get("/statements?limit=1&offset=0")
            let page = try list.decode(Components.Schemas.StatementListPage.self)
            #expect(page.total == 2 && page.items.count == 1 && page.items[0].id == statement.statement.id)
            // A bad id in the selection, then a stale version: nothing paid.
            let bad = try await api.send(.POST, "/statements/\(statement.statement.id)/payments", json: #"{"invoices":[{"id":"nope","version":1}]}"#)
            #expect(bad.status == .unprocessableEntity && bad.isProblem)
            let stale = try await api.send(.POST, "/statements/\(statement.statement.id)/payments",
                                           json: #"{"invoices":[{"id":"\#(invoice.id.lowercasedString)","version":\#(invoice.version - 1)}]}"#)
            #expect(try stale.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.stale])
            // An empty request: every match now.
            let paid = try await api.send(.POST, "/statements/\(statement.statement.id)/payments", json: "{}")
            #expect(paid.status == .ok, "\(String(decoding: paid.bytes, as: UTF8.self))")
            #expect(try paid.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.changed])
            let shown = try await api.get("/invoices/\(invoice.id.lowercasedString)").decode(Components.Schemas.Invoice.self)
            #expect(shown.state == .paid)
            #expect(shown.history.first { $0.toState == .paid }?.statement == "CSOB-2024-11-0042")
            #expect(shown.history.first { $0.toState == .paid }?.bookedOn == "2024-11-10")
            let after = try await api.get("/statements/\(statement.statement.id)").decode(Components.Schemas.Statement.self)
            #expect(after.lines[0].verdict == .alreadyPaid)
            #expect(try await api.send(.POST, "/statements/\(statement.statement.id)/payments", json: "{}").decode(
                Components.Schemas.BulkActionResult.self).results.isEmpty)
            // Hostile files: refused with their reason.
            let bomb = try await api.uploadStatement(Data(#"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>"#.utf8))
            #expect(bomb.status == .unprocessableEntity && bomb.problem?._type.hasSuffix("statement-document-type") == true)
            #expect(try await api.get("/statements/\(UUID().lowercasedString)").status == .notFound)
        }
    }
}
