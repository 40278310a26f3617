import Foundation
import Testing
@testable import App

/// One person's invoices of every month, for admins: the web page a profile links to and its API
/// operation; nobody else's eyes, no other company's people, no uploads on someone's behalf.
@Suite struct PersonInvoicesTests {
    @Test func anAdminSeesEveryMonthOfAContractorWithoutUploading() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            var admin = try await world.signedIn(world.admin)
            let path = Paths.personInvoices("acme", world.employee.id)
            let page = try await admin.get(path)
            #expect(page.status == .ok)
            #expect(page.body.contains("<h1>Invoices: Eva Dvořáková</h1>"))
            // October 2024 is the 26th month back: on the third page of twelve.
            let third = try await admin.get(path + "?page=3")
            #expect(third.body.contains(#"href="\#(Paths.invoice("acme", seeded.invoice))""#))
            #expect(page.body.contains("November 2026") && page.body.contains("Missing"))
            #expect(!page.body.contains("/invoices/upload"), "nobody uploads on someone else's behalf")
            #expect(page.body.contains(#"href="\#(path)?page=2" rel="next""#), "the pager stays on the person's months")
            // The profile links to it for a contractor, not for an employment contract.
            #expect(try await admin.get(Paths.person("acme", world.employee.id)).body.contains(#"href="\#(path)""#))
            let own = Paths.personInvoices("acme", world.admin.id)
            #expect(!(try await admin.get(Paths.person("acme", world.admin.id)).body.contains(own)))
            let employment = try await admin.get(own)
            #expect(employment.status == .ok && employment.body.contains("Not required"))
        }
    }

    @Test func someoneWithoutAnyContractHasAnEmptyStateThatSaysSo() {
        let page = MyInvoicesPage(layout: Layout(title: "x", language: .en), slug: "acme", currency: "CZK", months: [],
                                  page: PageRequest(number: nil, size: MyInvoicesPage.pageSize), canUpload: true,
                                  owner: (UUID(), "Hana <Malá>"), t: TestTranslator.en)
        #expect(page.body.string.contains("<h1>Invoices: Hana &lt;Malá&gt;</h1>"))
        #expect(page.body.string.contains("never had a contract that sends invoices"))
        #expect(page.uploadURL == nil, "not even when the person could upload")
    }

    @Test func nobodyElseAndNoOtherCompanySeesThem() async throws {
        try await withWorld { world in
            for user in [world.leader, world.employee] {
                var browser = try await world.signedIn(user)
                #expect(try await browser.get(Paths.personInvoices("acme", world.employee.id)).status == .forbidden)
                #expect(!(try await browser.get(Paths.person("acme", world.employee.id)).body
                    .contains(Paths.personInvoices("acme", world.employee.id))))
            }
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            #expect(try await globex.get(Paths.personInvoices("globex", world.employee.id)).status == .notFound)
            #expect(try await globex.get(Paths.personInvoices("globex", world.otherAdmin.id)).status == .ok)
            var admin = try await world.signedIn(world.admin)
            for bad in ["nope", UUID().lowercasedString, "%00", String(repeating: "9", count: 5_000)] {
                #expect(try await admin.get("/t/acme/people/\(bad)/invoices").status == .notFound, "\(bad.prefix(20))")
            }
            var stranger = world.browser()
            let anonymous = try await stranger.get(Paths.personInvoices("acme", world.employee.id))
            #expect(anonymous.status == .seeOther || anonymous.status == .unauthorized || anonymous.status == .forbidden)
        }
    }

    @Test func theAPIGivesTheSameMonths() async throws {
        try await withWorld { world in
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let admin = try await APIClient.signIn(world, world.admin)
            let reply = try await admin.get("/people/\(world.employee.id.lowercasedString)/invoices?limit=100")
            #expect(reply.status == .ok)
            let page = try reply.decode(Components.Schemas.MyInvoicesPage.self)
            let october = try #require(page.items.first { $0.month == "2024-10" })
            #expect(october.status == .invoice && october.invoice?.id == seeded.invoice.lowercasedString)
            #expect(page.items.first?.month == "2026-11" && page.items.first?.status == .missing)
            #expect(page.uploadableMonths.contains("2026-11"), "the months that still take a file from her")
            let employee = try await APIClient.signIn(world, world.employee)
            #expect(try await employee.get("/people/\(world.employee.id.lowercasedString)/invoices").status == .forbidden)
            #expect(try await admin.get("/people/\(UUID().lowercasedString)/invoices").status == .notFound)
            #expect(try await admin.get("/people/\(world.employee.id.lowercasedString)/invoices?limit=0").status == .unprocessableEntity)
        }
    }
}
