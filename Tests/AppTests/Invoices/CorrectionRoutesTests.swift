import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// Correcting what was read, through the web form and the API, on a real database: the values
/// the company works with change, the file's reading stays, the history says who changed what;
/// wrong roles, another company, locked states and bad input change nothing.
@Suite struct CorrectionRoutesTests {
    /// The seeded invoice: Eva's October 2024, submitted, "1 000,00 Kč" read and nothing else; an
    /// admin typed in its invoice number "FV-2024-10".
    struct Stored: Equatable {
        var amount: Int64?
        var account: String?
        var symbol: String?
        var corrected: [String]
        var version: Int
        var corrections: Int
        var documentAmount: Int64?
    }

    static func stored(_ world: TestWorld, _ invoice: UUID) async throws -> Stored {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            let row = try await db.query("""
                SELECT i.amount_minor, i.bank_account, i.variable_symbol, i.corrected, i.version,
                       (SELECT count(*)::int FROM invoice_corrections c WHERE c.tenant_id = i.tenant_id AND c.invoice_id = i.id),
                       d.amount_minor
                FROM invoices i JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
                WHERE i.tenant_id = \(db.tenant) AND i.id = \(invoice)
                """).collect()[0].decode((Int64?, String?, String?, [String], Int, Int, Int64?).self)
            return Stored(amount: row.0, account: row.1, symbol: row.2, corrected: row.3, version: row.4, corrections: row.5,
                          documentAmount: row.6)
        }
    }

    static func form(_ version: Int, total: String = "1200,50", account: String = "19-2000145399/0800",
                     symbol: String = "202410") -> [String: String] {
        ["version": String(version), "total": total, "currency": "CZK", "account": account, "variable-symbol": symbol,
         "invoice-number": "FV-2024-10", "supplier-id": "", "due-date": ""]
    }

    @Test func anAdminCompletesAnInvoiceAndTheHistorySaysWho() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            var admin = try await world.signedIn(world.admin)
            let path = Paths.invoiceCorrection("acme", seeded.invoice)
            #expect(try await admin.get(Paths.invoice("acme", seeded.invoice)).body.contains(#"href="\#(path)""#))
            let page = try await admin.get(path)
            #expect(page.status == .ok && page.body.contains(#"name="total" value="1000.00""#))
            let saved = try await admin.post(path, form: Self.form(seeded.version), csrfFrom: page)
            #expect(saved.status == .seeOther && saved.location == Paths.invoice("acme", seeded.invoice))
            let after = try await Self.stored(world, seeded.invoice)
            #expect(after == Stored(amount: 1_200_50, account: "19-2000145399/0800", symbol: "202410",
                                    corrected: ["account", "invoice-number", "total", "variable-symbol"],
                                    version: seeded.version + 1, corrections: 4, documentAmount: 1_000_00))
            let shown = try await admin.get(Paths.invoice("acme", seeded.invoice)).body
            #expect(shown.contains("The corrections are saved"))
            #expect(shown.contains("CZK\u{00A0}1,200.50") && shown.contains("19-2000145399/0800"))
            #expect(shown.contains("Corrected Total to pay: CZK\u{00A0}1,000.00 → CZK\u{00A0}1,200.50 — Jana Nováková"))
            #expect(shown.contains("Corrected Bank account: — → 19-2000145399/0800"))
            #expect(shown.contains(#"<span class="corrected">corrected</span>"#))
            // The desk marks it.
            let desk = try await admin.get(Paths.reviewDesk("acme", month: Month(iso: "2024-10")!, state: .submitted)).body
            #expect(desk.contains("Corrected: Total to pay, Bank account, Variable symbol, Invoice number"))
            // The same values again change nothing.
            let again = try await admin.post(path, form: Self.form(seeded.version + 1))
            #expect(again.status == .seeOther)
            #expect(try await admin.get(again.location!).body.contains("Nothing was changed"))
            #expect(try await Self.stored(world, seeded.invoice).corrections == 4)
            // The owner sees the corrected values, and no way to correct them.
            var eva = try await world.signedIn(world.employee)
            let own = try await eva.get(Paths.invoice("acme", seeded.invoice)).body
            #expect(own.contains("CZK\u{00A0}1,200.50") && !own.contains(path))
            // A new file brings its own reading; the corrections stay in the history.
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                let upload = AcceptedUpload(filename: "nova.pdf", content: TestPDF.invoice(["Faktura 2024-10 nová"]),
                                            report: InspectionReport(verdict: .ok, pages: 1, text: "Celkem k úhradě: 990,00 Kč"))
                _ = try await InvoiceMutations.upload(upload, month: Month(iso: "2024-10")!, for: world.employee.id,
                                                      actor: world.employee.id, on: db)
            }
            let replaced = try await Self.stored(world, seeded.invoice)
            #expect(replaced.amount == 990_00 && replaced.account == nil && replaced.corrected.isEmpty && replaced.corrections == 4)
        }
    }

    @Test func refusedValuesKeepWhatWasTypedAndChangeNothing() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let before = try await Self.stored(world, seeded.invoice)
            var admin = try await world.signedIn(world.admin)
            let path = Paths.invoiceCorrection("acme", seeded.invoice)
            var form = Self.form(seeded.version, total: "12,345", account: "19-2000145398/0800")
            form["invoice-number"] = "<script>alert(1)</script>"
            let refused = try await admin.post(path, form: form)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains(#"value="19-2000145398/0800""#) && refused.body.contains(#"value="12,345""#))
            #expect(refused.body.contains("neither a valid Czech account number") && refused.body.contains("Enter the amount to pay"))
            #expect(refused.body.contains("An invoice number is at most 30"))
            #expect(!refused.body.contains("<script>alert(1)") && refused.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(try await admin.post(path, form: ["total": "1"]).status == .badRequest, "no version")
            #expect(try await admin.postRaw(path, form: Self.form(seeded.version)).status == .forbidden, "no CSRF token")
            var huge = Self.form(seeded.version)
            huge["account"] = String(repeating: "1", count: 200_000)
            let hugeReply = try await admin.post(path, form: huge)
            #expect(hugeReply.status == .unprocessableEntity || hugeReply.status == .payloadTooLarge)
            #expect(try await Self.stored(world, seeded.invoice) == before)
        }
    }

    @Test func aFormLoadedBeforeAnotherChangeKeepsWhatWasTypedBesideWhatIsStored() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            var admin = try await world.signedIn(world.admin)
            let path = Paths.invoiceCorrection("acme", seeded.invoice)
            let page = try await admin.get(path)
            // Someone corrects the variable symbol meanwhile.
            let other = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await CorrectionMutations.correct(seeded.invoice, version: seeded.version,
                                                      to: InvoiceFields(total: InvoiceAmount(minor: 1_000_00, currency: "CZK"),
                                                                        variableSymbol: "777", invoiceNumber: "FV-2024-10"),
                                                      by: world.admin, on: db)
            }
            #expect(other == .corrected([FieldChange(field: .variableSymbol, old: nil, new: "777")], reopened: false))
            let stale = try await admin.post(path, form: Self.form(seeded.version, symbol: "202410"), csrfFrom: page)
            #expect(stale.status == .conflict)
            #expect(stale.body.contains("Someone changed this invoice while you were correcting it"))
            #expect(stale.body.contains(#"value="202410""#) && stale.body.contains("Stored now: 777"))
            #expect(stale.body.contains(#"name="version" value="\#(seeded.version + 1)""#))
            #expect(try await Self.stored(world, seeded.invoice).symbol == "777")
        }
    }

    @Test func nobodyElseNoOtherCompanyAndNoLockedInvoice() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let before = try await Self.stored(world, seeded.invoice)
            let path = Paths.invoiceCorrection("acme", seeded.invoice)
            for user in [world.leader, world.employee] {
                var browser = try await world.signedIn(user)
                #expect(try await browser.get(path).status == .forbidden)
                let token = try await browser.get(Paths.invoices("acme")).csrf
                #expect(try await browser.post(path, form: Self.form(seeded.version).merging(["_csrf": token ?? ""]) { $1 })
                    .status == .forbidden)
            }
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let foreign = Paths.invoiceCorrection("globex", seeded.invoice)
            #expect(try await globex.get(foreign).status == .notFound)
            let token = try await globex.get(Paths.invoices("globex")).csrf ?? ""
            #expect(try await globex.post(foreign, form: Self.form(seeded.version).merging(["_csrf": token]) { $1 }).status == .notFound)
            var admin = try await world.signedIn(world.admin)
            for bad in ["nope", UUID().lowercasedString, String(repeating: "9", count: 3_000)] {
                #expect(try await admin.get("/t/acme/invoices/\(bad)/correct").status == .notFound)
            }
            #expect(try await Self.stored(world, seeded.invoice) == before)
            // Paid, returned, or in a payment order: not corrected, and not offered.
            for lock in ["state = 'paid'", "state = 'returned'", "state = 'approved', exported_at = now()"] {
                var binds = PostgresBindings()
                binds.append(seeded.invoice)
                _ = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                    try await db.query(PostgresQuery(unsafeSQL: "UPDATE invoices SET \(lock) WHERE id = $1", binds: binds))
                }
                let redirected = try await admin.get(path)
                #expect(redirected.status == .seeOther && redirected.location == Paths.invoice("acme", seeded.invoice), "\(lock)")
                let invoicePage = try await admin.get(redirected.location!).body
                #expect(invoicePage.contains("Only a submitted or approved invoice") && !invoicePage.contains(#"href="\#(path)""#))
                let posted = try await admin.post(path, form: Self.form(seeded.version), csrfFrom: try await admin.get(Paths.invoices("acme")))
                #expect(posted.status == .seeOther, "\(lock)")
                #expect(try await Self.stored(world, seeded.invoice).corrections == 1)
            }
        }
    }

    @Test func aChangedTotalOrAccountSendsAnApprovedInvoiceBackToBeApprovedAgain() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let api = try await APIClient.signIn(world, world.admin)
            let id = seeded.invoice.lowercasedString
            #expect(try await api.send(.POST, "/invoices/\(id)/actions", json: #"{"action":"approve","version":\#(seeded.version)}"#).status == .ok)
            // The due date alone: still approved.
            let dated = try await api.send(.PUT, "/invoices/\(id)/fields", json: #"""
                {"version":\#(seeded.version + 1),"fields":{"total":{"amountMinor":100000,"currency":"CZK"},"invoiceNumber":"FV-2024-10","dueDate":"2024-11-15"}}
                """#)
            #expect(try dated.decode(Components.Schemas.Invoice.self).state == .approved)
            var admin = try await world.signedIn(world.admin)
            let path = Paths.invoiceCorrection("acme", seeded.invoice)
            var form = Self.form(seeded.version + 2)
            form["due-date"] = "2024-11-15"
            let saved = try await admin.post(path, form: form)
            let page = try await admin.get(try #require(saved.location)).body
            #expect(page.contains("waits for approval again") && page.contains("Approved → Submitted — Jana Nováková"))
            let reread = try await api.get("/invoices/\(id)").decode(Components.Schemas.Invoice.self)
            #expect(reread.state == .submitted && reread.fields.total?.amountMinor == 1_200_50)
        }
    }

    @Test func anExportLeavesOutAnInvoiceCorrectedAfterItWasRead() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let claimed = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("UPDATE invoices SET state = 'approved' WHERE tenant_id = \(db.tenant) AND id = \(seeded.invoice)")
                let stale = try await ReviewMutations.claimForExport([seeded.invoice], versions: [seeded.version - 1], again: false, on: db)
                let current = try await ReviewMutations.claimForExport([seeded.invoice], versions: [seeded.version], again: false, on: db)
                return (stale, current)
            }
            #expect(claimed.0.isEmpty && claimed.1 == [seeded.invoice])
        }
    }

    @Test func anAdminNeverCorrectsTheirOwnInvoice() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            let outcome = try await world.db.transaction(tenant: tenant) { db in
                let upload = AcceptedUpload(filename: "own.pdf", content: TestPDF.invoice(["Own"]),
                                            report: InspectionReport(verdict: .ok, pages: 1, text: "Celkem k úhradě: 500,00 Kč"))
                guard case .success(let stored) = try await InvoiceMutations.upload(
                    upload, month: Month(iso: "2026-10")!, for: world.admin.id, actor: world.admin.id, on: db) else {
                    throw Abort(.internalServerError)
                }
                try await db.query("UPDATE invoices SET version = 1 WHERE tenant_id = \(db.tenant) AND id = \(stored.invoice)")
                let more = InvoiceFields(total: InvoiceAmount(minor: 5_000_00, currency: "CZK"))
                // Alone, the admin may not (as with approving); with a second admin, not either:
                // he corrects it.
                let alone = try await CorrectionMutations.correct(stored.invoice, version: 1, to: more, by: world.admin, on: db)
                try await db.query("UPDATE users SET roles = roles || 'admin'::text WHERE tenant_id = \(db.tenant) AND id = \(world.leader.id)")
                let withOther = try await CorrectionMutations.correct(stored.invoice, version: 1, to: more, by: world.admin, on: db)
                var petr = world.leader
                petr.roles.insert(.admin)
                let bySecond = try await CorrectionMutations.correct(stored.invoice, version: 1, to: more, by: petr, on: db)
                return (alone, withOther, bySecond)
            }
            #expect(outcome.0 == .ownInvoice && outcome.1 == .ownInvoice)
            #expect(outcome.2 == .corrected([FieldChange(field: .total, old: "500.00 CZK", new: "5000.00 CZK")], reopened: false))
        }
    }

    @Test func theAPICorrectsWithTheSameRulesAndTheOrderPaysTheCorrectedAccount() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let admin = try await APIClient.signIn(world, world.admin)
            let id = seeded.invoice.lowercasedString
            // Nothing but the amount was read: a payment order cannot pay it yet.
            #expect(try await admin.send(.POST, "/invoices/\(id)/actions", json: #"{"action":"approve","version":\#(seeded.version)}"#)
                .status == .ok)
            let refused = try await admin.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"pain.001","invoices":["\#(id)"]}"#)
            #expect(refused.status == .conflict || refused.status == .unprocessableEntity, "\(refused.status)")
            let bad = try await admin.send(.PUT, "/invoices/\(id)/fields", json: #"""
                {"version":\#(seeded.version + 1),"fields":{"iban":"CZ6508000000192000145398","supplierId":"25596642","total":{"amountMinor":0,"currency":"CZK"}}}
                """#)
            #expect(bad.status == .unprocessableEntity)
            #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["fields.iban", "fields.supplierId", "fields.total"])
            let both = try await admin.send(.PUT, "/invoices/\(id)/fields", json: #"""
                {"version":\#(seeded.version + 1),"fields":{"account":"19-2000145399/0800","iban":"CZ5508000000001234567899"}}
                """#)
            #expect(both.problem?.errors?.map(\.field) == ["fields.iban"])
            let stale = try await admin.send(.PUT, "/invoices/\(id)/fields", json: #"{"version":\#(seeded.version),"fields":{}}"#)
            #expect(stale.status == .conflict && stale.problem?.current?.version == seeded.version + 1)
            let good = try await admin.send(.PUT, "/invoices/\(id)/fields", json: #"""
                {"version":\#(seeded.version + 1),"fields":{"total":{"amountMinor":100000,"currency":"CZK"},"iban":"CZ65 0800 0000 1920 0014 5399","variableSymbol":"202410","invoiceNumber":"FV-2024-10"}}
                """#)
            #expect(good.status == .ok)
            let invoice = try good.decode(Components.Schemas.Invoice.self)
            #expect(invoice.corrected == [.account, .variableSymbol, .invoiceNumber] && invoice.corrections.count == 3)
            #expect(invoice.fields.iban == "CZ65 0800 0000 1920 0014 5399" && invoice.fields.total?.amountMinor == 1_000_00)
            // The account changed: it waits for approval again.
            #expect(invoice.state == .submitted)
            #expect(try await admin.send(.POST, "/invoices/\(id)/actions", json: #"{"action":"approve","version":\#(invoice.version)}"#)
                .status == .ok)
            let desk = try await admin.get("/invoices/desk?month=2024-10&state=approved").decode(Components.Schemas.Desk.self)
            #expect(desk.items.first?.corrected == [.account, .variableSymbol, .invoiceNumber])
            let order = try await admin.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"pain.001","invoices":["\#(id)"]}"#)
            #expect(order.status == .ok)
            let xml = String(decoding: order.bytes, as: UTF8.self)
            #expect(xml.contains("<IBAN>CZ6508000000192000145399</IBAN>") && xml.contains("202410"))
            // Exported: corrections wait for the approval to be undone.
            let locked = try await admin.send(.PUT, "/invoices/\(id)/fields", json: #"{"version":\#(invoice.version + 1),"fields":{}}"#)
            #expect(locked.status == .conflict && locked.problem?._type.hasSuffix("not-allowed") == true)
        }
    }
}
