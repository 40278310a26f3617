import Foundation
import Testing
@testable import App

@Suite struct RateReportRoutesTests {
    @Test func rateIncreasesListsEveryoneBySurnameWithTheirLastChange() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.rateIncreases("acme"))
            #expect(page.status == .ok)
            let body = page.body
            // Dvořáková, Nováková, Svoboda: sorted by surname.
            let eva = try #require(body.range(of: "Dvořáková Eva")), jana = try #require(body.range(of: "Nováková Jana"))
            let petr = try #require(body.range(of: "Svoboda Petr"))
            #expect(eva.lowerBound < jana.lowerBound && jana.lowerBound < petr.lowerBound)
            #expect(body.contains("CZK\u{00A0}40.00") && body.contains("+6.25\u{00A0}%")) // Eva 640 → 680
            #expect(body.contains("+8.33\u{00A0}%")) // Jana 480 → 520
            #expect(!body.contains("Malá"), "nobody of another tenant")

            let september = try await admin.get(Paths.rateIncreases("acme") + "?month=2025-09")
            #expect(september.body.contains("Dvořáková Eva") && september.body.contains("Svoboda Petr"))
            #expect(!september.body.contains("Nováková Jana"))
            let teams = try await world.db.transaction(tenant: world.admin.tenantID) {
                try await TeamQueries.names(on: $0)
            }
            let team = try #require(teams.first).id.uuidString.lowercased()
            let byTeam = try await admin.get(Paths.rateIncreases("acme") + "?team=\(team)")
            #expect(byTeam.body.contains("Svoboda Petr") && !byTeam.body.contains("Nováková Jana"))
            let empty = try await admin.get(Paths.rateIncreases("acme") + "?month=2019-01")
            #expect(empty.body.contains("No rates match these filters"))
        }
    }

    @Test func badFiltersAreIgnoredAndSaidSo() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            for query in ["?month=2025-13", "?month=%3Cscript%3E", "?team=nope&page=-4", "?page=abc", "?month=1900-01",
                          "?month=2200-12", "?month=99999-01"] {
                let page = try await admin.get(Paths.rateIncreases("acme") + query)
                #expect(page.status == .ok, "\(query)")
                #expect(page.body.contains("Dvořáková Eva"), "\(query) falls back to everyone")
                #expect(!page.body.contains("<script>"))
            }
            let bad = try await admin.get(Paths.rateIncreases("acme") + "?month=2025-13")
            #expect(bad.body.contains("as YYYY-MM."))
            for month in ["garbage", "1900-01", "2200-12"] {
                let average = try await admin.get(Paths.averageIncrease("acme") + "?month=" + month)
                #expect(average.status == .ok && average.body.contains("as YYYY-MM."), "\(month)")
            }
        }
    }

    @Test func averageIncreaseFollowsTheDefinition() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            // September 2025: Eva 640 → 680 and Petr 950 → 1000: mean 45, and 90 / 1590 = 5.66 %.
            let page = try await admin.get(Paths.averageIncrease("acme") + "?month=2025-09")
            #expect(page.status == .ok)
            #expect(page.body.contains("CZK\u{00A0}45.00") && page.body.contains("+5.66\u{00A0}%"))
            #expect(page.body.contains("How this is worked out") && page.body.contains("the day before the month began"))
            // The chart and the table: the chosen month and the eleven before it.
            #expect(page.body.contains("<svg") && page.body.contains("role=\"group\""))
            #expect(page.body.contains("2024-10") && !page.body.contains(">2024-09<"))
            #expect(page.body.contains("?month=2025-03")) // a link to each month
            let quiet = try await admin.get(Paths.averageIncrease("acme") + "?month=2025-10")
            #expect(quiet.body.contains("No rate increase took effect in 2025-10"))
            // Default: the current month.
            let current = try await admin.get(Paths.averageIncrease("acme"))
            #expect(current.body.contains(world.thisMonth.iso))
        }
    }

    @Test func theReportsAreForAdminsOnly() async throws {
        try await withWorld { world in
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let increases = try await browser.get(Paths.rateIncreases("acme"))
                #expect(increases.status == .forbidden, "\(role)")
                let average = try await browser.get(Paths.averageIncrease("acme"))
                #expect(average.status == .forbidden, "\(role)")
                let home = try await browser.get("/t/acme/")
                #expect(!home.body.contains(Paths.rateIncreases("acme")))
            }
            var visitor = world.browser()
            let anonymous = try await visitor.get(Paths.rateIncreases("acme"))
            #expect(anonymous.status == .seeOther && anonymous.location?.hasPrefix("/t/acme/login") == true)
            // Another tenant's admin sees their own company only.
            var other = try await world.signedIn(world.otherAdmin, slug: "globex")
            let theirs = try await other.get(Paths.rateIncreases("globex"))
            #expect(theirs.body.contains("Malá Hana") && !theirs.body.contains("Dvořáková"))
            let acme = try await other.get(Paths.rateIncreases("acme"))
            #expect(acme.status != .ok)
        }
    }
}

@Suite struct EarningsRoutesTests {
    @Test func anEmployeeSeesTheirRatesAndAChartOfTheirEarnings() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let page = try await eva.get(Paths.earnings("acme"))
            #expect(page.status == .ok)
            #expect(page.body.contains("CZK\u{00A0}680.00 / h since 2025-09-01") && page.body.contains("CZK\u{00A0}720.00 / h from"))
            #expect(page.body.contains("<svg") && page.body.contains("<title>"))
            let months = page.body.matches(of: /<rect x="\d+" y="\d+" width="\d+" height="\d+" class="bar/).count
            #expect(months == 6)
            // October 2025: 22 working days (28 October is a public holiday) × 30 h / 5 × 680 = 89,760.
            let all = try await eva.get(Paths.earnings("acme") + "?range=all&month=2025-10")
            #expect(all.body.contains("CZK\u{00A0}89,760.00"))
            #expect(all.body.contains("id=\"month\"") && all.body.contains("Working days"))
            #expect(all.body.contains("2024-09"), "all months since the first contract")
            let bad = try await eva.get(Paths.earnings("acme") + "?range=999&month=1999-99")
            #expect(bad.status == .ok && !bad.body.contains("id=\"month\""))
        }
    }

    @Test func everyoneSeesOnlyTheirOwn() async throws {
        try await withWorld { world in
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get(Paths.earnings("acme"))
            #expect(page.body.contains("CZK\u{00A0}520.00 / h") && !page.body.contains("CZK\u{00A0}680.00 / h"))
            var other = try await world.signedIn(world.otherAdmin, slug: "globex")
            let theirs = try await other.get(Paths.earnings("globex"))
            #expect(theirs.body.contains("CZK\u{00A0}800.00"))
            var visitor = world.browser()
            let anonymous = try await visitor.get(Paths.earnings("acme"))
            #expect(anonymous.status == .seeOther)
        }
    }
}
