import Foundation
import Testing
import Vapor
@testable import App

@Suite struct APIRoutesTests {
    static let slug = DemoData.slug

    @Test func anotherTenantsIdsAreNotFoundAndNothingChanges() async throws {
        try await withWorld { world in
            let acme = try await seededInvoice(world, tenant: world.employee.tenantID)
            let globex = try await APIClient.signIn(world, world.otherAdmin, slug: "globex")
            let invoice = acme.invoice.lowercasedString
            #expect(try await globex.get("/invoices/\(invoice)").status == .notFound)
            #expect(try await globex.get("/invoices/\(invoice)/documents/\(acme.document.lowercasedString)").status == .notFound)
            #expect(try await globex.get("/people/\(world.employee.id.lowercasedString)").status == .notFound)
            let single = try await globex.send(.POST, "/invoices/\(invoice)/actions", json: #"{"action":"approve","version":\#(acme.version)}"#)
            #expect(single.status == .notFound && single.isProblem)
            let bulk = try await globex.send(.POST, "/invoices/actions",
                                             json: #"{"action":"approve","invoices":[{"id":"\#(invoice)","version":\#(acme.version)}]}"#)
            #expect(try bulk.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.notFound])
            // Globex's lists hold none of Acme's.
            let people = try await globex.get("/people?status=all").decode(Components.Schemas.PeoplePage.self)
            #expect(people.total == 1 && people.items.map(\.email) == [world.otherAdmin.email])
            let invoices = try await globex.get("/invoices?month=2024-10").decode(Components.Schemas.InvoiceListPage.self)
            #expect(invoices.total == 0 && invoices.items.isEmpty)
            // Acme's invoice is as it was.
            let admin = try await APIClient.signIn(world, world.admin)
            let after = try await admin.get("/invoices/\(invoice)").decode(Components.Schemas.Invoice.self)
            #expect(after.state == .submitted && after.version == acme.version)
        }
    }

    @Test func mailPreferencesAreThePreferencesPagesChoices() async throws {
        try await withWorld { world in
            let eva = try await APIClient.signIn(world, world.employee)
            let defaults = try await eva.get("/me/mail").decode(Components.Schemas.MailPreferences.self)
            #expect(defaults.wanted.map(\.rawValue) == ["invoice-returned", "invoice-approved", "invoice-paid", "rate-changed",
                                                          "invoice-reminder", "absence-decided", "month-decided"],
                    "all but the admins' digest and the requests and months of others")
            let set = try await eva.send(.PUT, "/me/mail", json: #"{"wanted":["invoice-paid","daily-digest"]}"#)
            #expect(try set.decode(Components.Schemas.MailPreferences.self).wanted.map(\.rawValue) == ["invoice-paid"],
                    "a digest is not an employee's to ask for")
            #expect(try await NotificationFlowTests.wanted(world, world.employee) == [.invoicePaid])
            let twice = try await eva.send(.PUT, "/me/mail", json: #"{"wanted":["invoice-paid","invoice-paid"]}"#)
            #expect(twice.status == .unprocessableEntity && twice.isProblem)
            let unknown = try await eva.send(.PUT, "/me/mail", json: #"{"wanted":["spam"]}"#)
            #expect(unknown.status.code >= 400 && unknown.status.code < 500 && unknown.isProblem)
            #expect(try await NotificationFlowTests.wanted(world, world.employee) == [.invoicePaid], "nothing changed")
            let jana = try await APIClient.signIn(world, world.admin)
            let digest = try await jana.send(.PUT, "/me/mail", json: #"{"wanted":["daily-digest"]}"#)
            #expect(try digest.decode(Components.Schemas.MailPreferences.self).wanted.map(\.rawValue) == ["daily-digest"])
        }
    }

    @Test func refusalsAreProblemDocuments() async throws {
        try await withWorld { world in
            // No token, and a token of nobody: 401 with the Bearer challenge.
            let none = try await world.app.testing().sendRequest(.GET, "/api/v1/me")
            #expect(none.status == .unauthorized && none.headers.first(name: .wwwAuthenticate) == "Bearer realm=\"roster\"")
            #expect(none.headers.first(name: .contentType) == "application/problem+json")
            let stranger = APIClient(app: world.app, token: "acme." + SecretToken().value)
            let unknown = try await stranger.get("/me")
            #expect(unknown.status == .unauthorized && unknown.problem?._type == "/api/v1/problems/unauthorized")
            #expect(unknown.headers.first(name: .wwwAuthenticate)?.contains("error=\"invalid_token\"") == true)

            var admin = try await APIClient.signIn(world, world.admin)
            // Out-of-range paging and a bad month: 422 naming the field.
            let limit = try await admin.get("/invoices?limit=1000")
            #expect(limit.status == .unprocessableEntity && limit.problem?.errors?.map(\.field) == ["limit"])
            let month = try await admin.get("/invoices?month=1999-01")
            #expect(month.status == .unprocessableEntity && month.problem?.errors?.map(\.field) == ["month"])
            // A body that is not JSON, a NUL in a string, a body of the wrong type, an unknown address.
            let malformed = try await admin.send(.POST, "/invoices/actions", json: "{nope")
            #expect(malformed.status == .badRequest && malformed.isProblem)
            let nul = try await admin.send(.POST, "/invoices/actions",
                                           json: #"{"action":"return","invoices":[{"id":"\#(UUID())","version":1,"reason":"a\u0000b"}]}"#)
            #expect(nul.status == .unprocessableEntity && nul.problem?._type == "/api/v1/problems/nul-character")
            let form = try await admin.send(.POST, "/invoices/actions", bytes: .init(string: "a=b"),
                                            contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType && form.isProblem)
            let nowhere = try await admin.get("/nowhere")
            #expect(nowhere.status == .notFound && nowhere.isProblem)
            // In Czech when asked.
            admin.language = "cs"
            #expect(try await admin.get("/invoices/\(UUID())").problem?.title == "Nenalezeno")
        }
    }

    @Test func reviewThroughTheAPIMovesInvoicesAsTheDeskDoes() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.employee.tenantID)
            let admin = try await APIClient.signIn(world, world.admin)
            let list = try await admin.get("/invoices?month=2024-10&state=submitted").decode(Components.Schemas.InvoiceListPage.self)
            #expect(list.total == 1 && list.items.first?.id == seeded.invoice.lowercasedString)
            let item = try #require(list.items.first)
            // Bulk approve with the listed version: changed, once.
            let body = #"{"action":"approve","invoices":[{"id":"\#(item.id)","version":\#(item.version)}]}"#
            let approved = try await admin.send(.POST, "/invoices/actions", json: body).decode(Components.Schemas.BulkActionResult.self)
            #expect(approved.results.map(\.outcome) == [.changed])
            let again = try await admin.send(.POST, "/invoices/actions", json: body).decode(Components.Schemas.BulkActionResult.self)
            #expect(again.results.map(\.outcome) == [.stale])
            // The single action with the stale version: 409 with the invoice as it is now.
            let stale = try await admin.send(.POST, "/invoices/\(item.id)/actions", json: #"{"action":"pay","version":\#(item.version)}"#)
            #expect(stale.status == .conflict && stale.problem?.current?.state == .approved)
            let current = try #require(stale.problem?.current)
            // A return needs a reason: 422 naming it.
            let noReason = try await admin.send(.POST, "/invoices/\(item.id)/actions", json: #"{"action":"return","version":\#(current.version)}"#)
            #expect(noReason.status == .unprocessableEntity && noReason.problem?.errors?.map(\.field) == ["reason"])
            let paid = try await admin.send(.POST, "/invoices/\(item.id)/actions", json: #"{"action":"pay","version":\#(current.version)}"#)
            let invoice = try paid.decode(Components.Schemas.Invoice.self)
            #expect(paid.status == .ok && invoice.state == .paid && invoice.actions == [.undoPayment])
            #expect(invoice.history.prefix(2).map(\.toState) == [.paid, .approved])
            // The owner sees the same invoice, without actions; the leader does not see it.
            let eva = try await APIClient.signIn(world, world.employee)
            #expect(try await eva.get("/invoices/\(item.id)").decode(Components.Schemas.Invoice.self).actions.isEmpty)
            let leader = try await APIClient.signIn(world, world.leader)
            #expect(try await leader.get("/invoices/\(item.id)").status == .notFound)
        }
    }

    @Test func anUploadThroughTheAPIIsReadByTheInspector() async throws {
        try await withWorld { world in
            let eva = try await APIClient.signIn(world, world.employee)
            let month = TestClock.thisMonth.iso
            let mine = try await eva.get("/me/invoices?limit=2").decode(Components.Schemas.MyInvoicesPage.self)
            #expect(mine.items.first?.month == month && mine.items.first?.status == .missing && mine.uploadableMonths.contains(month))
            let refused = try await eva.upload(month: month, file: TestPDF.jpeg())
            #expect(refused.status == .unprocessableEntity && refused.problem?._type == "/api/v1/problems/upload-not-pdf")
            let stored = try await eva.upload(month: month, file: PDFInspectorTests.czechInvoice)
            #expect(stored.status == .created)
            let invoice = try stored.decode(Components.Schemas.Invoice.self)
            #expect(invoice.month == month && invoice.state == .submitted && invoice.fields.total != nil)
            let file = try await eva.get("/invoices/\(invoice.id)/documents/\(invoice.documentId)")
            #expect(file.status == .ok && file.bytes == PDFInspectorTests.czechInvoice)
            #expect(file.headers.first(name: .contentDisposition)?.hasPrefix("attachment") == true)
            let after = try await eva.get("/me/invoices?limit=1").decode(Components.Schemas.MyInvoicesPage.self)
            #expect(after.items.first?.status == .invoice && after.items.first?.invoice?.id == invoice.id)
            // A team leader's profile view of Eva shows her rate; Eva's own /me shows hers.
            let me = try await eva.get("/me").decode(Components.Schemas.Me.self)
            #expect(me.currentRate?.hourly.amountMinor == 68_000)
        }
    }

    @Test func theDeskMissingAndExportsAnswerAsTheirPages() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.employee.tenantID)
            let admin = try await APIClient.signIn(world, world.admin)
            let desk = try await admin.get("/invoices/desk?month=2024-10").decode(Components.Schemas.Desk.self)
            let line = try #require(desk.items.first)
            #expect(desk.items.count == 1 && line.id == seeded.invoice.lowercasedString && line.expected != nil)
            #expect(line.fields.total?.amountMinor == 1_000_00 && line.flags.contains(.amount))
            // Nobody has submitted for this month yet: both contractors are missing.
            let missing = try await admin.get("/invoices/missing").decode(Components.Schemas.MissingPage.self)
            #expect(missing.month == TestClock.thisMonth.iso && Set(missing.items.map(\.email)) == [world.leader.email, world.employee.email])
            // Approve, then export once; a second export without `again` has nothing left.
            let body = #"{"action":"approve","invoices":[{"id":"\#(line.id)","version":\#(line.version)}]}"#
            _ = try await admin.send(.POST, "/invoices/actions", json: body)
            let export = #"{"month":"2024-10","format":"csv","invoices":["\#(line.id)"]}"#
            let csv = try await admin.send(.POST, "/invoices/exports", json: export)
            #expect(csv.status == .ok && csv.headers.first(name: .contentType)?.hasPrefix("text/csv") == true)
            #expect(String(decoding: csv.bytes, as: UTF8.self).contains("Dvořáková"))
            let twice = try await admin.send(.POST, "/invoices/exports", json: export)
            #expect(twice.status == .unprocessableEntity && twice.problem?._type == "/api/v1/problems/export-nothing-to-export")
            let approvedDesk = try await admin.get("/invoices/desk?month=2024-10&state=approved").decode(Components.Schemas.Desk.self)
            #expect(approvedDesk.items.map(\.exported) == [true])
            // Rates of a person, newest first.
            let rates = try await admin.get("/people/\(world.employee.id.lowercasedString)/rates")
                .decode(Components.Schemas.RatesPage.self)
            #expect(rates.total >= 3 && rates.items.count == rates.total)
            #expect(rates.items.map(\.effectiveFrom) == rates.items.map(\.effectiveFrom).sorted(by: >))
            let second = try await admin.get("/people/\(world.employee.id.lowercasedString)/rates?limit=1&offset=1")
                .decode(Components.Schemas.RatesPage.self)
            #expect(second.items.map(\.id) == [rates.items[1].id] && second.total == rates.total)
            // The rate reports: everyone's latest change, and September 2025's increases.
            let increases = try await admin.get("/rates/increases?limit=2").decode(Components.Schemas.RateIncreasesPage.self)
            #expect(increases.total == 3 && increases.items.count == 2)
            let september = try await admin.get("/rates/increases?month=2025-09").decode(Components.Schemas.RateIncreasesPage.self)
            #expect(september.items.map(\.lastName) == ["Dvořáková", "Svoboda"]
                    && september.items.map(\.increaseMinor) == [4_000, 5_000])
            let average = try await admin.get("/rates/average-increase?month=2025-09").decode(Components.Schemas.AverageIncrease.self)
            #expect(average.months.count == 12 && average.months.last?.month == "2025-09" && average.months.last?.employees == 2)
            #expect(average.months.last?.meanIncreaseMinor == 4_500)
            // Eva's earnings: from her first contract to this month, newest first.
            let eva = try await APIClient.signIn(world, world.employee)
            let earnings = try await eva.get("/me/earnings?limit=3").decode(Components.Schemas.EarningsPage.self)
            #expect(earnings.items.first?.month == TestClock.thisMonth.iso && earnings.items.count == 3)
            #expect(earnings.total == 27 && earnings.items.allSatisfy { $0.amount.amountMinor > 0 })
        }
    }

    @Test func ratesAreSetCorrectedAndDeletedAsOnTheProfile() async throws {
        try await withWorld { world in
            let admin = try await APIClient.signIn(world, world.admin)
            let rates = "/people/\(world.employee.id.lowercasedString)/rates"
            // Out of range and a day outside the calendar: 422 naming both fields.
            let bad = try await admin.send(.POST, rates, json: #"{"amountMinor":0,"effectiveFrom":"2026-02-30"}"#)
            #expect(bad.status == .unprocessableEntity && Set(bad.problem?.errors?.map(\.field) ?? []) == ["amountMinor", "effectiveFrom"])
            let set = try await admin.send(.POST, rates, json: #"{"amountMinor":75000,"effectiveFrom":"2027-03-01"}"#)
            #expect(set.status == .created)
            let rate = try set.decode(Components.Schemas.RateEntry.self)
            #expect(rate.hourly == .init(amountMinor: 75_000, currency: "CZK") && rate.effectiveFrom == "2027-03-01")
            let twice = try await admin.send(.POST, rates, json: #"{"amountMinor":76000,"effectiveFrom":"2027-03-01"}"#)
            #expect(twice.status == .unprocessableEntity && twice.problem?.errors?.map(\.field) == ["effectiveFrom"])
            // A future rate is corrected freely; one that has taken effect only as a typo fix.
            let corrected = try await admin.send(.PUT, rates + "/\(rate.id)", json: #"{"amountMinor":76000,"effectiveFrom":"2027-04-01"}"#)
            #expect(try corrected.decode(Components.Schemas.RateEntry.self).effectiveFrom == "2027-04-01")
            let history = try await admin.get(rates).decode(Components.Schemas.RatesPage.self)
            let past = try #require(history.items.last)
            let noTypo = try await admin.send(.PUT, rates + "/\(past.id)", json: #"{"amountMinor":60100,"effectiveFrom":"\#(past.effectiveFrom)"}"#)
            #expect(noTypo.status == .unprocessableEntity && noTypo.problem?.errors?.map(\.field) == ["typoFix"])
            // A rate that has taken effect stays; a future one can go.
            let keep = try await admin.send(.DELETE, rates + "/\(past.id)")
            #expect(keep.status == .conflict && keep.problem?._type == "/api/v1/problems/rate-not-deletable")
            #expect(try await admin.send(.DELETE, rates + "/\(rate.id)").status == .noContent)
            #expect(try await admin.send(.DELETE, rates + "/\(rate.id)").status == .notFound)
            // Another tenant's admin reaches none of it.
            let globex = try await APIClient.signIn(world, world.otherAdmin, slug: "globex")
            #expect(try await globex.send(.DELETE, rates + "/\(past.id)").status == .notFound)
            #expect(try await globex.send(.POST, rates, json: #"{"amountMinor":75000,"effectiveFrom":"2027-05-01"}"#).status == .notFound)
        }
    }

    @Test func aVersionNoInvoiceCanHaveIsRefused() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.employee.tenantID)
            let admin = try await APIClient.signIn(world, world.admin)
            let body = #"{"action":"approve","invoices":[{"id":"\#(seeded.invoice)","version":1},{"id":"\#(UUID())","version":2147483648}]}"#
            let bulk = try await admin.send(.POST, "/invoices/actions", json: body)
            #expect(bulk.status == .unprocessableEntity && bulk.problem?.errors?.map(\.field) == ["invoices[1].version"])
            let single = try await admin.send(.POST, "/invoices/\(seeded.invoice)/actions", json: #"{"action":"approve","version":-1}"#)
            #expect(single.status == .unprocessableEntity && single.problem?.errors?.map(\.field) == ["version"])
            // Nothing moved; the web's desk keeps such a version as one no invoice has (`ReviewPick`).
            #expect(ReviewPick(id: seeded.invoice, version: Int(Int32.max) + 1, reason: nil).version == -1)
            let invoice = try await admin.get("/invoices/\(seeded.invoice)").decode(Components.Schemas.Invoice.self)
            #expect(invoice.state == .submitted)
        }
    }

    @Test func anAdminEditsAndDeactivatesAPersonAsOnTheWeb() async throws {
        try await withWorld { world in
            let admin = try await APIClient.signIn(world, world.admin)
            let eva = "/people/\(world.employee.id.lowercasedString)"
            let before = try await admin.get(eva).decode(Components.Schemas.Person.self)
            // The form's rules: a name is required, an e-mail must be one.
            let bad = try await admin.send(.PUT, eva, json: #"{"firstName":" ","lastName":"Dvořáková","email":"nope","roles":["employee"]}"#)
            #expect(bad.status == .unprocessableEntity && bad.problem?.errors?.map(\.field) == ["email", "firstName"])
            let taken = try await admin.send(.PUT, eva, json: #"{"firstName":"Eva","lastName":"Dvořáková","email":"\#(world.leader.email)","roles":["employee"]}"#)
            #expect(taken.status == .unprocessableEntity && taken.problem?.errors?.map(\.field) == ["email"])
            let body = #"{"firstName":"Eva","lastName":"Nová","title":"Bc.","position":"Developer","email":"eva.dvorakova@acme.example","phone":"+420 603 555 666","teamId":"\#(before.teamId ?? "")","roles":["employee","team_leader"]}"#
            let saved = try await admin.send(.PUT, eva, json: body).decode(Components.Schemas.Person.self)
            #expect(saved.lastName == "Nová" && saved.displayName == "Bc. Eva Nová" && saved.roles == [.employee, .teamLeader])
            // A new person: every part checked, then created with a contract and a rate.
            let person = #"{"firstName":"Jan","lastName":"Novák","email":"jan.novak@acme.example","roles":["employee"]}"#
            let wrong = try await admin.send(.POST, "/people", json: #"{"person":\#(person),"contract":{"kind":"ico","validFrom":"2026-13-01","capacityHours":"40"},"rate":{"amountMinor":0,"effectiveFrom":"2026-12-01"}}"#)
            #expect(wrong.status == .unprocessableEntity
                    && wrong.problem?.errors?.map(\.field) == ["contract.validFrom", "rate.amountMinor"])
            let leaderEmail = person.replacingOccurrences(of: "jan.novak@acme.example", with: world.leader.email)
            let valid = #""contract":{"kind":"ico","validFrom":"2026-12-01","capacityHours":"40"},"rate":{"amountMinor":70000,"effectiveFrom":"2026-12-01"}}"#
            let takenEmail = try await admin.send(.POST, "/people", json: #"{"person":\#(leaderEmail),"# + valid)
            #expect(takenEmail.status == .unprocessableEntity && takenEmail.problem?.errors?.map(\.field) == ["person.email"])
            let created = try await admin.send(.POST, "/people", json: #"{"person":\#(person),"# + valid)
            let jan = try created.decode(Components.Schemas.Person.self)
            #expect(created.status == .created && jan.contracts.map(\.kind) == [.ico] && jan.email == "jan.novak@acme.example")
            let janRates = try await admin.get("/people/\(jan.id)/rates").decode(Components.Schemas.RatesPage.self)
            #expect(janRates.items.map(\.hourly.amountMinor) == [70_000])
            // A contract that overlaps her current one is refused; ending that one first, it is added.
            let contract = #"{"kind":"hpp","validFrom":"2027-01-01","capacityHours":"37.5"}"#
            let overlap = try await admin.send(.POST, eva + "/contracts", json: contract)
            #expect(overlap.status == .unprocessableEntity && overlap.problem?.errors?.map(\.field) == ["validFrom"])
            let ended = #"{"kind":"hpp","validFrom":"2027-01-01","capacityHours":"37.5","endCurrent":true}"#
            let added = try await admin.send(.POST, eva + "/contracts", json: ended).decode(Components.Schemas.Person.self)
            #expect(added.contracts.map(\.kind) == [.hpp, .ico] && added.contracts.last?.validTo == "2026-12-31")
            #expect(added.contracts.first?.capacityHours == "37.5")
            // Deactivated: her token stops working; the last admin cannot be.
            let evaClient = try await APIClient.signIn(world, world.employee)
            let off = try await admin.send(.PUT, eva + "/status", json: #"{"active":false}"#).decode(Components.Schemas.Person.self)
            let afterwards = try await evaClient.get("/me")
            #expect(!off.active && afterwards.status == .unauthorized)
            let last = try await admin.send(.PUT, "/people/\(world.admin.id.lowercasedString)/status", json: #"{"active":false}"#)
            #expect(last.status == .conflict && last.problem?._type == "/api/v1/problems/last-admin")
            // Another company's admin reaches neither.
            let globex = try await APIClient.signIn(world, world.otherAdmin, slug: "globex")
            #expect(try await globex.send(.PUT, eva + "/status", json: #"{"active":true}"#).status == .notFound)
            #expect(try await globex.send(.PUT, eva, json: body).status == .notFound)
            #expect(try await admin.get(eva).decode(Components.Schemas.Person.self).active == false)
        }
    }

    /// What a bulk action leaves behind, as the invoice's page reads it.
    static func afterApproval(_ world: TestWorld, _ id: UUID) async throws -> [String] {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            let invoice = try #require(try await InvoiceQueries.detail(id, timeZone: "Europe/Prague", on: db))
            return ["\(invoice.state)", "\(invoice.version)"] + invoice.history.map {
                "\($0.fromState.map(\.rawValue) ?? "-")→\($0.toState.rawValue) \($0.actor) \($0.reason ?? "")"
            }
        }
    }

    @Test func aBulkApprovalThroughTheAPIEqualsTheDesks() async throws {
        let web = try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get(Paths.reviewDesk(Self.slug, month: Month(iso: "2024-10")!, state: .submitted))
            let done = try await ReviewRoutesTests.apply(&jana, action: "approve", picks: ["\(seeded.invoice.lowercasedString):\(seeded.version)"],
                                                        month: Month(iso: "2024-10")!, csrfFrom: page)
            #expect(done.status == .ok)
            return try await Self.afterApproval(world, seeded.invoice)
        }
        let api = try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let admin = try await APIClient.signIn(world, world.admin)
            let reply = try await admin.send(.POST, "/invoices/actions",
                                             json: #"{"action":"approve","invoices":[{"id":"\#(seeded.invoice)","version":\#(seeded.version)}]}"#)
            #expect(try reply.decode(Components.Schemas.BulkActionResult.self).results.map(\.outcome) == [.changed])
            return try await Self.afterApproval(world, seeded.invoice)
        }
        #expect(web.first == "approved" && web == api)
    }
}
