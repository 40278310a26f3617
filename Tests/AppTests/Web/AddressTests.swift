import Foundation
import Testing
import Vapor
@testable import App

/// An address is defined once: the links made from it and the route registered with it agree.
@Suite struct AddressTests {
    static let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!
    static let other = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!

    @Test func linksFillTheParametersInOrder() {
        #expect(Paths.home("acme") == "/t/acme/")
        #expect(Paths.people("acme") == "/t/acme/people")
        #expect(Paths.person("acme", Self.id) == "/t/acme/people/6f9619ff-8b86-d011-b42d-00cf4fc964ff")
        #expect(Paths.rate("acme", Self.id, Self.other)
                == "/t/acme/people/6f9619ff-8b86-d011-b42d-00cf4fc964ff/rates/00000000-0000-4000-8000-000000000001")
        #expect(Paths.invoiceThumbnail("acme", Self.other, Self.id)
                == "/t/acme/invoices/00000000-0000-4000-8000-000000000001/documents/6f9619ff-8b86-d011-b42d-00cf4fc964ff/thumbnail")
        #expect(Paths.uploadInvoice("acme", month: Month(year: 2026, month: 11)) == "/t/acme/invoices/upload?month=2026-11")
        #expect(Paths.reviewDesk("acme", month: Month(year: 2026, month: 2)!, state: .approved)
                == "/t/acme/review/desk?month=2026-02&state=approved")
        // The template's text around parameters in every place.
        #expect(AddressTemplate([":a", "x", ":b"]).fill("s", "1", "2") == "/t/s/1/x/2")
        #expect(AddressTemplate(["x", ":a", ":b", "y", "z"]).fill("s", "1", "2") == "/t/s/x/1/2/y/z")
        #expect(AddressTemplate([]).fill("s") == "/t/s/")
    }

    /// The desk's addresses in markup (`AddressHTML`) are the links, escaped, whatever the slug.
    @Test func addressesInMarkupAreTheLinksEscaped() {
        for slug in ["acme", "a&b<c>\"d'"] {
            let one: HTML = "\(Paths.invoice.html(slug), Self.id)"
            #expect(one.bytes == HTML(text: Paths.invoice(slug, Self.id)).bytes)
            let two: HTML = "\(Paths.invoiceThumbnail.html(slug), (Self.other, Self.id))"
            #expect(two.bytes == HTML(text: Paths.invoiceThumbnail(slug, Self.other, Self.id)).bytes)
            let document: HTML = "\(Paths.invoiceDocument.html(slug), (Self.id, Self.other))"
            #expect(document.bytes == HTML(text: Paths.invoiceDocument(slug, Self.id, Self.other)).bytes)
        }
    }

    /// A token is one segment whatever it holds.
    @Test func aTokenCannotAddASegment() {
        #expect(Paths.signInLink("acme", token: "abc-DEF_123") == "/t/acme/login/abc-DEF_123")
        #expect(Paths.signInLink("acme", token: "../../admin?x=1#y") == "/t/acme/login/..%2F..%2Fadmin%3Fx%3D1%23y")
    }

    /// The handler of an address answers at the address's link: every registered tenant route's
    /// pattern is the pattern of an address, and a link to it reaches that route.
    @Test func registeredRoutesAreTheAddresses() async throws {
        try await withWorld { world in
            let tenantRoutes = world.app.routes.all.filter { $0.path.first?.description == "t" }
            #expect(tenantRoutes.count > 40)
            let addresses: [any AddressPattern] = [
                Paths.home, Paths.login, Paths.signInLinkPage, Paths.logout, Paths.logoutEverywhere, Paths.language,
                Paths.preferences, Paths.company, Paths.people, Paths.myTeam, Paths.profile, Paths.person,
                Paths.deactivate, Paths.reactivate, Paths.newPerson, Paths.editPerson, Paths.teams, Paths.team,
                Paths.deleteTeam, Paths.addContract, Paths.rates, Paths.rate, Paths.deleteRate, Paths.rateIncreases,
                Paths.averageIncrease, Paths.earnings, Paths.oauthAuthorize, Paths.oidcStart, Paths.oidcCallback,
                Paths.signInSettings, Paths.deleteSignInSettings, Paths.invoices, Paths.invoiceUpload, Paths.invoice,
                Paths.invoiceDocument, Paths.invoiceThumbnail, Paths.invoiceAction, Paths.reviewSection,
                Paths.reviewOverview, Paths.reviewDeskAddress, Paths.reviewMissingPage, Paths.reviewExport,
                Paths.paymentSettings, Paths.unsubscribeAddress, Paths.personInvoices, Paths.invoiceCorrection, Paths.supplierDetails,
                Paths.supplierProposal, Paths.supplierDecision, Paths.export, Paths.reviewStatements, Paths.reviewStatement,
                Paths.reviewStatementPay, Paths.timesheet, Paths.timeEntries, Paths.timeEntry, Paths.deleteTimeEntry,
                Paths.timeMonth, Paths.timer, Paths.startTimer, Paths.stopTimer, Paths.projects, Paths.newProject, Paths.project,
                Paths.archiveProject, Paths.clients, Paths.client, Paths.archiveClient, Paths.absences, Paths.withdrawAbsence,
                Paths.decideAbsence, Paths.teamAbsencesAddress, Paths.daysOff, Paths.deleteDayOff, Paths.timeClose,
                Paths.submitMonth, Paths.decideMonth, Paths.reopenMonth, Paths.timeExport, Paths.workStatements,
                Paths.decideWorkStatements, Paths.workStatementWorkbook, Paths.workStatementFile, Paths.contractVacation,
            ]
            let patterns = Set(addresses.map { "t/:slug/" + $0.segments.joined(separator: "/") })
            for route in tenantRoutes {
                let pattern = route.path.map(\.description).joined(separator: "/")
                #expect(patterns.contains(pattern.hasSuffix(":slug") ? pattern + "/" : pattern), "\(route.method) \(pattern)")
            }
        }
    }
}
