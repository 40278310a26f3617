import Foundation
import Testing
@testable import App

/// The home page's "What needs you now", per role, on the demo company (18 November 2026).
@Suite struct HomeAgendaTests {
    static func agenda(_ world: TestWorld, _ user: User) async throws -> HomeAgenda {
        try await world.db.transaction(tenant: user.tenantID, readOnly: true) {
            try await HomeAgenda.read(for: user, today: TestClock.today, on: $0)
        }
    }

    @Test func eachRoleSeesWhatIsItsOwnToDo() async throws {
        try await withWorld { world in
            let october = Month(year: 2026, month: 10)!, november = Month(year: 2026, month: 11)!
            let employee = try await Self.agenda(world, world.employee)
            #expect(employee.missingMonths == [october, november])
            #expect(employee.upcomingRate?.from == LocalDate(iso: "2026-12-01") && employee.upcomingRate?.amountMinor == 720_00)
            #expect(employee.toReview == 0 && employee.toPay == 0 && employee.missingLastMonth == 0, "not an admin's")
            let leader = try await Self.agenda(world, world.leader)
            #expect(leader.missingMonths == [october, november] && leader.upcomingRate == nil)
            let admin = try await Self.agenda(world, world.admin)
            #expect(admin.missingMonths.isEmpty, "an employment contract sends no invoices")
            #expect(admin.toReview == 1 && admin.oldestToReview == Month(year: 2024, month: 10))
            #expect(admin.toPay == 0 && admin.missingLastMonth == 2)
            // Another company's admin counts their own company only.
            let globex = try await Self.agenda(world, world.otherAdmin)
            #expect(globex.toReview == 1 && globex.oldestToReview == Month(year: 2024, month: 2) && globex.missingLastMonth == 1)
        }
    }

    @Test func theHomePageLeadsWithItAndLinksStraightToTheWork() async throws {
        try await withWorld { world in
            _ = try await NotificationFlowTests.returnInvoice(world, reason: "Wrong total")
            var employee = try await world.signedIn(world.employee)
            let home = try await employee.get(Paths.home("acme"))
            #expect(home.status == .ok)
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            #expect(home.body.contains("Your invoice for October 2024 was returned."))
            #expect(home.body.contains(#"href="\#(Paths.invoice("acme", seeded.invoice))""#))
            #expect(home.body.contains("Your invoice for November 2026 is missing."))
            #expect(home.body.contains(#"href="/t/acme/invoices/upload?month=2026-11""#))
            let rate = Money.format(minor: 720_00, currency: "CZK", language: .en)
            #expect(home.body.contains("Upcoming rate: \(rate) from 2026-12-01."))
            #expect(!home.body.contains("Invoices to review"))
            var admin = try await world.signedIn(world.admin)
            let adminHome = try await admin.get(Paths.home("acme"))
            #expect(adminHome.body.contains("Invoices missing for October 2026: 2."))
            #expect(adminHome.body.contains(#"href="/t/acme/review/missing?month=2026-10""#))
            #expect(!adminHome.body.contains("Invoices to review"), "the only one was returned")
        }
    }

    @Test func theSentencesAndLinksOfAnAgenda() {
        var agenda = HomeAgenda()
        #expect(HomePage.due(agenda, slug: "acme", t: TestTranslator.en).isEmpty)
        agenda.toReview = 12
        agenda.oldestToReview = Month(year: 2026, month: 10)
        agenda.toPay = 5
        agenda.oldestToPay = Month(year: 2026, month: 9)
        let due = HomePage.due(agenda, slug: "acme", t: TestTranslator.en)
        #expect(due.map(\.text) == ["Invoices to review: 12.", "Approved invoices to pay: 5."])
        #expect(due.map(\.href) == [Paths.reviewDesk("acme", month: Month(year: 2026, month: 10)!, state: .submitted),
                                    Paths.reviewDesk("acme", month: Month(year: 2026, month: 9)!, state: .approved)])
    }
}
