import Foundation
import PDFInspection
import PostgresNIO
import Testing
import Vapor
@testable import App

/// The admin's desk, overview, missing list, actions and exports, through HTTP on real data.
@Suite struct ReviewRoutesTests {
    static let slug = DemoData.slug
    static let october = Month(year: 2025, month: 10)!

    /// A submitted invoice with this text (and so this amount, account …) for a person's month.
    @discardableResult
    static func submit(_ world: TestWorld, _ user: User, _ month: Month, _ lines: [String]) async throws -> UUID {
        let pdf = TestPDF.invoice(lines + [UUID().uuidString])
        let upload = AcceptedUpload(filename: "f.pdf", content: pdf,
                                    report: InspectionReport(verdict: .ok, pages: 1, text: lines.joined(separator: "\n")))
        return try await world.db.transaction(tenant: user.tenantID) { connection in
            guard case .success(let stored) = try await InvoiceMutations.upload(
                upload, month: month, for: user.id, actor: user.id, on: connection) else { throw Abort(.conflict) }
            return stored.invoice
        }
    }

    /// What the desk expects for a person's month, worked out from their contracts and rates.
    static func expected(_ world: TestWorld, _ user: User, _ month: Month) async throws -> Int64 {
        let people = try await world.db.transaction(tenant: user.tenantID, readOnly: true) {
            try await ReviewQueries.contractsAndRates(of: [user.id], on: $0)
        }
        return Earnings.expected(in: month, contracts: people[user.id]!.contracts.filter { $0.kind.sendsInvoices },
                                 rates: people[user.id]!.rates).amountMinor
    }

    static func text(amount: Int64) -> String { "Celkem k úhradě: \(Money.decimal(minor: amount).replacingOccurrences(of: ".", with: ",")) Kč" }

    static func state(_ world: TestWorld, _ id: UUID) async throws -> (state: String, version: Int) {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) {
            try await $0.query("SELECT state::text, version FROM invoices WHERE id = \(id)")
                .collect()[0].decode((String, Int).self)
        }
    }

    /// Posts the desk form: one action for these "id:version" picks, with per-row reasons.
    static func apply(
        _ browser: inout Browser, action: String, picks: [String], reason: String = "", reasons: [UUID: String] = [:],
        month: Month = october, state: String = "submitted", confirmed: Bool = true, csrfFrom page: Browser.Page
    ) async throws -> Browser.Page {
        var fields = [("_csrf", page.csrf ?? ""), ("month", month.iso), ("state", state), ("action", action), ("reason", reason)]
        if confirmed { fields.append(("confirmed", "1")) }
        fields += picks.map { ("pick[]", $0) }
        fields += reasons.map { ("reasons[\($0.key.uuidString.lowercased())]", $0.value) }
        let body = fields.map { "\($0.0.urlFormEncoded)=\($0.1.urlFormEncoded)" }.joined(separator: "&")
        return try await browser.send(.POST, Paths.reviewDesk(slug), body: body, contentType: "application/x-www-form-urlencoded")
    }

    /// Posts the export of these picks, as the "To pay" desk's buttons do.
    static func export(
        _ browser: inout Browser, format: String, picks: [String], again: Bool = false, csrfFrom page: Browser.Page
    ) async throws -> Browser.Page {
        var fields = [("_csrf", page.csrf ?? ""), ("month", october.iso), ("format", format)] + picks.map { ("pick[]", $0) }
        if again { fields.append(("again", "on")) }
        let body = fields.map { "\($0.0.urlFormEncoded)=\($0.1.urlFormEncoded)" }.joined(separator: "&")
        return try await browser.send(.POST, Paths.reviewExport(slug), body: body, contentType: "application/x-www-form-urlencoded")
    }

    @Test func theDeskShowsExpectedAmountsAndFlagsAndPreselectsCleanRows() async throws {
        try await withWorld { world in
            let evaExpected = try await Self.expected(world, world.employee, Self.october)
            let eva = try await Self.submit(world, world.employee, Self.october,
                                            [Self.text(amount: evaExpected), "Účet: 19-2000145399/0800", "VS: 202510"])
            let petr = try await Self.submit(world, world.leader, Self.october, [Self.text(amount: 100), "VS: 1"])
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .submitted))
            #expect(page.status == .ok)
            #expect(page.body.contains("Eva Dvořáková") && page.body.contains("Petr Svoboda"))
            // Eva's row is the desk's first (by surname: Dvořáková, Svoboda); its ids are its place.
            #expect(page.body.contains("value=\"\(eva.uuidString.lowercased()):1\" id=\"pick-0\" aria-labelledby=\"desk-selection name-0\""))
            #expect(page.body.contains("<label for=\"pick-0\" id=\"name-0\">Eva Dvořáková</label>"))
            #expect(page.body.contains("<label for=\"pick-1\" id=\"name-1\">Petr Svoboda</label>"))
            let evaBox = try #require(page.body.firstMatch(of: Regex("value=\"\(eva.uuidString.lowercased()):1\"[^>]*>")))
            let petrBox = try #require(page.body.firstMatch(of: Regex("value=\"\(petr.uuidString.lowercased()):1\"[^>]*>")))
            #expect(String(page.body[evaBox.range]).contains("checked"))
            #expect(!String(page.body[petrBox.range]).contains("checked"))
            #expect(page.body.components(separatedBy: "Amount differs").count == 2)
            #expect(page.body.contains("a fifth of the contracted weekly hours"))
            // Whatever a name holds is printed as text.
            _ = try await world.db.transaction(tenant: world.admin.tenantID) {
                try await $0.query("UPDATE users SET last_name = '<b>\"X\"</b>' WHERE id = \(world.employee.id)")
            }
            let escaped = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .submitted))
            #expect(escaped.body.contains("Eva &lt;b&gt;&quot;X&quot;&lt;/b&gt;") && !escaped.body.contains("<b>\"X\""))
            // The same month's page "To pay" is empty so far.
            let pay = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .approved))
            #expect(pay.body.contains("No approved invoice for October 2025"))
        }
    }

    @Test func aBulkActionSaysWhatHappenedToEachInvoice() async throws {
        try await withWorld { world in
            let a = try await Self.submit(world, world.employee, Self.october, [Self.text(amount: 100)])
            let b = try await Self.submit(world, world.leader, Self.october, [Self.text(amount: 200)])
            let c = try await Self.submit(world, world.leader, Self.october.adding(months: -1), [Self.text(amount: 300)])
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .submitted))
            // Someone replaces b's file after the page was loaded; c is of another month but still submitted.
            _ = try await Self.submit(world, world.leader, Self.october, [Self.text(amount: 250)])
            let result = try await Self.apply(&jana, action: "approve", picks: ["\(a):1", "\(b):1", "\(c):1", "\(UUID()):1"],
                                              csrfFrom: page)
            #expect(result.status == .ok)
            #expect(result.body.contains("2 approved"))
            #expect(result.body.contains("1 not changed because someone else changed them meanwhile"))
            #expect(result.body.contains("1 not found"))
            #expect(try await Self.state(world, a) == ("approved", 2))
            #expect(try await Self.state(world, b) == ("submitted", 2))
            #expect(try await Self.state(world, c) == ("approved", 2))
            // Approving again: not allowed from "approved".
            let again = try await Self.apply(&jana, action: "approve", picks: ["\(a):2"], csrfFrom: page)
            #expect(again.body.contains("1 not changed because the action does not apply to their state"))
            // Undo approval, then return it with its own reason; the history has every step.
            _ = try await Self.apply(&jana, action: "undo-approval", picks: ["\(a):2"], state: "approved", csrfFrom: page)
            let returned = try await Self.apply(&jana, action: "return", picks: ["\(a):3", "\(c):2"],
                                                reasons: [a: "Chybí výkaz hodin"], csrfFrom: page)
            #expect(returned.body.contains("1 returned to the employee"))
            #expect(returned.body.contains("1 not returned because no reason was given"))
            #expect(try await Self.state(world, a) == ("returned", 4))
            // A reason that is too long is said to be too long (not missing), and an approval's
            // note that is too long refuses the approval instead of being dropped.
            let tooLong = String(repeating: "ř", count: InvoiceAction.maxReasonLength + 1)
            let long = try await Self.apply(&jana, action: "return", picks: ["\(b):2"], reasons: [b: tooLong], csrfFrom: page)
            #expect(long.body.contains("1 not changed because the reason is longer than 2,000 characters"))
            #expect(!long.body.contains("no reason was given"))
            let noted = try await Self.apply(&jana, action: "approve", picks: ["\(b):2"], reason: tooLong, csrfFrom: page)
            #expect(noted.body.contains("1 not changed because the reason is longer than 2,000 characters"))
            #expect(try await Self.state(world, b) == ("submitted", 2))
            var eva = try await world.signedIn(world.employee)
            let mine = try await eva.get(Paths.invoices(Self.slug) + "?page=2")
            #expect(mine.body.contains("Returned because: Chybí výkaz hodin"))
            let detail = try await eva.get(Paths.invoice(Self.slug, a))
            #expect(detail.body.contains("Approved → Submitted") && detail.body.contains("Submitted → Returned"))
            #expect(detail.body.contains("Chybí výkaz hodin"))
            // A month of thousands: the form is larger than ordinary forms may be, and still taken.
            let many = try await Self.apply(&jana, action: "approve", picks: (0..<2_500).map { _ in "\(UUID()):1" },
                                            reasons: Dictionary(uniqueKeysWithValues: (0..<2_500).map { _ in (UUID(), "") }),
                                            csrfFrom: page)
            #expect(many.status == .ok && many.body.contains("2500 not found"))
            // Nothing selected, or no action: told so, nothing changes.
            let none = try await Self.apply(&jana, action: "approve", picks: [], csrfFrom: page)
            #expect(none.status == .seeOther)
            let noAction = try await Self.apply(&jana, action: "", picks: ["\(b):2"], csrfFrom: page)
            #expect(noAction.status == .seeOther)
            #expect(try await Self.state(world, b) == ("submitted", 2))
        }
    }

    @Test func twoAdminsApprovingAtOnceOneWins() async throws {
        try await withWorld { world in
            let id = try await Self.submit(world, world.employee, Self.october, [Self.text(amount: 100)])
            let tenant = world.admin.tenantID, site = try await world.mailSite()
            let outcomes = try await withThrowingTaskGroup(of: ReviewOutcome?.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        try await world.db.transaction(tenant: tenant) { connection in
                            try await InvoiceReview.act(.approve, on: [ReviewPick(id: id, version: 1, reason: nil)],
                                                            by: world.admin, site: site, on: connection)[id]
                        }
                    }
                }
                var all: [ReviewOutcome?] = []
                for try await outcome in group { all.append(outcome) }
                return all
            }
            #expect(outcomes.filter { $0 == .changed }.count == 1)
            #expect(outcomes.filter { $0 == .stale }.count == 1)
            let approvals = try await world.db.transaction(tenant: tenant, readOnly: true) {
                try await $0.query("SELECT count(*)::int FROM invoice_history WHERE invoice_id = \(id) AND to_state = 'approved'").collect()[0].decode(Int.self)
            }
            #expect(approvals == 1)
        }
    }

    @Test func everyStateEveryActionEveryRoleThroughHTTP() async throws {
        try await withWorld { world in
            let id = try await Self.submit(world, world.employee, Self.october, [Self.text(amount: 100)])
            var browsers: [Role: Browser] = [:]
            for role in Role.allCases { browsers[role] = try await world.signedIn(world.user(role)) }
            for state in InvoiceState.allCases {
                for action in InvoiceAction.allCases {
                    for role in Role.allCases {
                        // Put the invoice in the state, at a version of our choosing.
                        _ = try await world.db.transaction(tenant: world.admin.tenantID) {
                            try await $0.query("UPDATE invoices SET state = \(state.rawValue)::invoice_state, version = 10 WHERE id = \(id)")
                        }
                        var browser = browsers[role]!
                        let home = try await browser.get("/t/acme/")
                        let response = try await browser.post(Paths.invoiceAction(Self.slug, id),
                                                              form: ["confirmed": "1", "action": action.rawValue, "version": "10", "reason": "Opravte"],
                                                              csrfFrom: home)
                        browsers[role] = browser
                        let now = try await Self.state(world, id)
                        let target = role == .admin ? InvoiceActionsTests.diagram[state]?[action] : nil
                        if role != .admin {
                            #expect(response.status == .forbidden, "\(role) \(action) from \(state)")
                        }
                        if let target {
                            #expect(now == (target.rawValue, 11), "\(action) from \(state)")
                        } else {
                            #expect(now == (state.rawValue, 10), "\(role) \(action) from \(state) changed it")
                        }
                    }
                }
            }
        }
    }

    @Test func anInvoicePageOffersTheAllowedActionsAndRefusesAStalePage() async throws {
        try await withWorld { world in
            let id = try await Self.submit(world, world.employee, Self.october, [Self.text(amount: 100)])
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get(Paths.invoice(Self.slug, id))
            #expect(page.body.contains(">Approve<") && page.body.contains(">Return to employee<"))
            #expect(!page.body.contains(">Mark as paid<"))
            let approved = try await jana.post(Paths.invoiceAction(Self.slug, id), form: ["confirmed": "1", "action": "approve", "version": "1"],
                                               csrfFrom: page)
            #expect(approved.status == .seeOther)
            let after = try await jana.get(Paths.invoice(Self.slug, id))
            #expect(after.body.contains("Invoice approved.") && after.body.contains(">Mark as paid<"))
            // The old page's version: refused, and said why.
            let stale = try await jana.post(Paths.invoiceAction(Self.slug, id), form: ["confirmed": "1", "action": "pay", "version": "1"],
                                            csrfFrom: page)
            #expect(stale.status == .seeOther)
            #expect(try await jana.get(Paths.invoice(Self.slug, id)).body.contains("Someone changed this invoice after you opened it"))
            let noReason = try await jana.post(Paths.invoiceAction(Self.slug, id), form: ["confirmed": "1", "action": "return", "version": "2"],
                                               csrfFrom: page)
            #expect(noReason.status == .seeOther)
            #expect(try await Self.state(world, id) == ("approved", 2))
            #expect(try await jana.post(Paths.invoiceAction(Self.slug, id), form: ["confirmed": "1", "action": "fly", "version": "2"],
                                        csrfFrom: page).status == .badRequest)
            // The employee sees no actions and may not post one.
            var eva = try await world.signedIn(world.employee)
            let own = try await eva.get(Paths.invoice(Self.slug, id))
            #expect(!own.body.contains(">Mark as paid<"))
            #expect(try await eva.post(Paths.invoiceAction(Self.slug, id), form: ["confirmed": "1", "action": "pay", "version": "2"],
                                       csrfFrom: own).status == .forbidden)
            #expect(try await Self.state(world, id) == ("approved", 2))
        }
    }

    @Test func reviewPagesAreForAdminsOfTheirOwnTenant() async throws {
        try await withWorld { world in
            let id = try await Self.submit(world, world.employee, Self.october, [Self.text(amount: 100)])
            let pages = [Paths.reviewOverview(Self.slug), Paths.reviewDesk(Self.slug), Paths.reviewMissing(Self.slug, month: Self.october),
                         Paths.paymentSettings(Self.slug), Paths.reviewSection(Self.slug)]
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                for path in pages { #expect(try await browser.get(path).status == .forbidden, "\(role) \(path)") }
                let home = try await browser.get("/t/acme/")
                let desk = try await Self.apply(&browser, action: "approve", picks: ["\(id):1"], csrfFrom: home)
                #expect(desk.status == .forbidden)
                let export = try await browser.post(Paths.reviewExport(Self.slug), form: ["format": "csv"], csrfFrom: home)
                #expect(export.status == .forbidden)
                let settings = try await browser.post(Paths.paymentSettings(Self.slug),
                                                      form: ["debtorName": "X", "iban": "CZ6508000000192000145399"], csrfFrom: home)
                #expect(settings.status == .forbidden)
            }
            var visitor = world.browser()
            for path in pages { #expect(try await visitor.get(path).status == .seeOther, "visitor \(path)") }
            // Another tenant's admin, on their own desk, naming this tenant's invoice: not found, unchanged.
            var boss = try await world.signedIn(world.otherAdmin, slug: "globex")
            let globexDesk = try await boss.get("/t/globex/review/desk")
            #expect(globexDesk.status == .ok && !globexDesk.body.contains("Dvořáková"))
            let fields = ["_csrf": globexDesk.csrf ?? "", "action": "approve", "pick[]": "\(id):1", "month": Self.october.iso]
            let foreign = try await boss.postRaw("/t/globex/review/desk", form: fields)
            #expect(foreign.body.contains("1 not found"))
            #expect(try await Self.state(world, id) == ("submitted", 1))
            #expect(try await boss.post("/t/globex/invoices/\(id.uuidString.lowercased())/action",
                                        form: ["confirmed": "1", "action": "approve", "version": "1"], csrfFrom: globexDesk).status == .notFound)
            let overview = try await boss.get("/t/globex/review/invoices?month=\(Self.october.iso)")
            #expect(!overview.body.contains("Dvořáková"))
        }
    }

    @Test func theOverviewFiltersAndTotalsAndTheMissingListNamesWhoIsLate() async throws {
        try await withWorld { world in
            let month = Month(year: 2024, month: 10)!   // the seed gives Eva an invoice of that month
            var jana = try await world.signedIn(world.admin)
            let all = try await jana.get(Paths.reviewOverview(Self.slug) + "?month=2024-10")
            #expect(all.status == .ok && all.body.contains("Eva Dvořáková"))
            #expect(all.body.contains("<strong>1</strong>"))
            let search = try await jana.get(Paths.reviewOverview(Self.slug) + "?month=2024-10&q=dvorakova")
            #expect(search.body.contains("Eva Dvořáková"))
            let nobody = try await jana.get(Paths.reviewOverview(Self.slug) + "?month=2024-10&state=paid")
            #expect(nobody.body.contains("No invoice for October 2024 matches these filters"))
            let bad = try await jana.get(Paths.reviewOverview(Self.slug) + "?month=2024-13&state=lost&team=x&page=-1")
            #expect(bad.status == .ok)
            let missing = try await jana.get(Paths.reviewMissing(Self.slug, month: month))
            #expect(missing.body.contains("Petr Svoboda") && !missing.body.contains("Eva Dvořáková"))
            #expect(!missing.body.contains(Paths.person(Self.slug, world.admin.id)), "an employee (HPP) sends no invoices")
            #expect(missing.body.contains(Paths.person(Self.slug, world.leader.id)))
            // Before Eva's contract, she is not missing; after her invoice, her last one is named.
            let later = try await jana.get(Paths.reviewMissing(Self.slug, month: month.adding(months: 1)))
            #expect(later.body.contains("Eva Dvořáková") && later.body.contains("October 2024"))
        }
    }

    @Test func theAccountantsFilesAreValidAndNeverRepeatAnInvoiceUnlessAsked() async throws {
        try await withWorld { world in
            let a = try await Self.submit(world, world.employee, Self.october,
                                          [Self.text(amount: 1_234_550), "Bankovní účet: 19-2000145399/0800", "VS: 202510",
                                           "Faktura č. 2025-10", "Datum splatnosti: 14. 11. 2025"])
            let b = try await Self.submit(world, world.leader, Self.october,
                                          [Self.text(amount: 50_001), "IBAN: DE89 3704 0044 0532 0130 00", "VS: 7"])
            var jana = try await world.signedIn(world.admin)
            let desk = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .submitted))
            _ = try await Self.apply(&jana, action: "approve", picks: ["\(a):1", "\(b):1"], csrfFrom: desk)
            let pay = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .approved))
            #expect(pay.body.contains("Download CSV"))
            // Nothing selected: nothing exported, and said so.
            let none = try await Self.export(&jana, format: "csv", picks: [], csrfFrom: pay)
            #expect(none.status == .seeOther)
            let csv = try await Self.export(&jana, format: "csv", picks: ["\(a):2", "\(b):2"], csrfFrom: pay)
            #expect(csv.status == .ok)
            #expect(csv.headers.first(name: .contentDisposition) == "attachment; filename=\"invoices-2025-10.csv\"")
            let rows = try Self.parseCSV(csv.bytes)
            #expect(rows.first == PaymentExport.csvHeader)
            #expect(rows.count == 3)
            let eva = try #require(rows.first { $0.first == "Eva Dvořáková" })
            #expect(eva == ["Eva Dvořáková", "", "2025-10", "12345.50", "CZK", "19-2000145399/0800", "202510", "2025-11-14", "2025-10"])
            // Exported once: not again, unless asked.
            let twice = try await Self.export(&jana, format: "csv", picks: ["\(a):2", "\(b):2"], csrfFrom: pay)
            #expect(twice.status == .seeOther)
            let xml = try await Self.export(&jana, format: "xml", picks: ["\(a):2", "\(b):2"], again: true, csrfFrom: pay)
            #expect(xml.status == .ok)
            try Self.validatePain001(xml.bytes)
            #expect(xml.body.contains("<NbOfTxs>2</NbOfTxs>") && xml.body.contains("<CtrlSum>12845.51</CtrlSum>"))
            #expect(xml.body.contains("<InstdAmt Ccy=\"CZK\">12345.50</InstdAmt>") && xml.body.contains("<InstdAmt Ccy=\"CZK\">500.01</InstdAmt>"))
            // Then one click: everything on "To pay" is selected; mark it paid.
            // Paying is asked about first, naming how many and how much; asking changes nothing.
            let asked = try await Self.apply(&jana, action: "pay", picks: ["\(a):2", "\(b):2"], state: "approved", confirmed: false,
                                             csrfFrom: pay)
            let total = Money.format(minor: 12_845_51, currency: "CZK", language: .en)
            #expect(asked.status == .ok && asked.body.contains("Mark 2 invoices as paid, \(total) in total?"))
            #expect(asked.body.contains(#"<a class="button" href="/t/acme/review/desk?month=2025-10&amp;state=approved">Cancel</a>"#))
            #expect(try await Self.state(world, a).state == "approved")
            // The step's button (no JavaScript needed) posts the same selection, confirmed.
            let paid = try await jana.confirm(asked)
            #expect(paid.body.contains("2 marked as paid"))
            #expect(try await Self.state(world, a).state == "paid")
            #expect(try await jana.post(Paths.reviewExport(Self.slug), form: ["format": "pdf"], csrfFrom: pay).status == .badRequest)
            // Paid invoices are never exported again, even when asked.
            let paidAgain = try await Self.export(&jana, format: "csv", picks: ["\(a):3"], again: true, csrfFrom: pay)
            #expect(paidAgain.status == .seeOther)
        }
    }

    @Test func aReturnedAndCorrectedInvoiceIsExportedAgain() async throws {
        try await withWorld { world in
            let a = try await Self.submit(world, world.employee, Self.october,
                                          [Self.text(amount: 10_000), "Bankovní účet: 19-2000145399/0800"])
            var jana = try await world.signedIn(world.admin)
            let desk = try await jana.get(Paths.reviewDesk(Self.slug, month: Self.october, state: .submitted))
            _ = try await Self.apply(&jana, action: "approve", picks: ["\(a):1"], csrfFrom: desk)
            #expect(try await Self.export(&jana, format: "csv", picks: ["\(a):2"], csrfFrom: desk).status == .ok)
            // Returned after the export, corrected, approved again: the next export has it.
            _ = try await Self.apply(&jana, action: "return", picks: ["\(a):2"], reason: "Špatná částka", state: "approved",
                                     csrfFrom: desk)
            _ = try await Self.submit(world, world.employee, Self.october,
                                      [Self.text(amount: 12_000), "Bankovní účet: 19-2000145399/0800"])
            _ = try await Self.apply(&jana, action: "approve", picks: ["\(a):4"], csrfFrom: desk)
            let again = try await Self.export(&jana, format: "csv", picks: ["\(a):5"], csrfFrom: desk)
            #expect(again.status == .ok && again.body.contains("120.00"))
        }
    }

    @Test func thePaymentAccountIsCheckedBeforeItIsSaved() async throws {
        try await withWorld { world in
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get(Paths.paymentSettings(Self.slug))
            #expect(page.status == .ok)
            let bad = try await jana.post(Paths.paymentSettings(Self.slug),
                                          form: ["debtorName": "", "iban": "CZ6508000000192000145398", "bic": "nope"], csrfFrom: page)
            #expect(bad.status == .unprocessableEntity)
            for message in ["Enter the account holder", "Enter a valid IBAN", "A BIC has 8 or 11"] {
                #expect(bad.body.contains(message), "\(message)")
            }
            #expect(bad.body.contains("value=\"CZ6508000000192000145398\""))
            let good = try await jana.post(Paths.paymentSettings(Self.slug),
                                           form: ["debtorName": "Acme s.r.o.", "iban": "CZ65 0800 0000 1920 0014 5399", "bic": "gibaczpx"],
                                           csrfFrom: page)
            #expect(good.status == .seeOther)
            let saved = try await jana.get(Paths.paymentSettings(Self.slug))
            #expect(saved.body.contains("Payment account saved.") && saved.body.contains("GIBACZPX"))
        }
    }

    /// Python's csv module reads the file (with the byte-order mark) and prints the rows as JSON.
    static func parseCSV(_ bytes: Data) throws -> [[String]] {
        let script = "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline='')))))"
        let outcome = try runSync(["/usr/bin/python3", "-c", script], input: bytes)
        return try JSONDecoder().decode([[String]].self, from: outcome)
    }

    /// xmllint against the official pain.001.001.03 schema (from the sepaxml package).
    static func validatePain001(_ bytes: Data) throws {
        let schema = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_PAIN001_XSD"],
                                  "ROSTER_TEST_PAIN001_XSD is not set: run the tests with scripts/test")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pain-\(UUID().uuidString).xml")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", schema, file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "pain.001 is not valid: \(said)")
    }

    static func runSync(_ command: [String], input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return output
    }
}
