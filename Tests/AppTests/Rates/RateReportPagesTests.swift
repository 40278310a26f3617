import Foundation
import Testing
@testable import App

/// The rate reports as models: a person's change, pages that keep the filter, a month typed
/// badly, and a month without changes.
@Suite struct RateReportPagesTests {
    static let team = UUID(uuidString: "00000000-0000-4000-8000-00000000000A")!

    @Test func increasesShowTheChangeAndKeepTheFilterAcrossPages() {
        let row = RateIncreaseRow(userID: UUID(), firstName: "Eva", lastName: "Dvořáková", teamName: nil,
                                  current: Rate(effectiveFrom: LocalDate(iso: "2026-11-01")!, amountMinor: 450_00, currency: "CZK"),
                                  previousMinor: 500_00, increaseMinor: -50_00, increaseBasisPoints: -1_000)
        let filter = RateIncreaseFilter(teamID: Self.team, month: Month(year: 2026, month: 11))
        let page = RateIncreasesPage(layout: Layout(title: "x", language: .en), slug: "acme", filter: filter, monthText: "2026-11",
                                     page: Page(rows: [row], number: 2, hasNext: true), teams: [(Self.team, "Sales")],
                                     t: TestTranslator.en)
        #expect(page.rows[0].decrease && page.rows[0].increase == "CZK\u{00A0}−50.00" && page.rows[0].team == "—")
        #expect(page.nextURL == "/t/acme/rates/increases?team=00000000-0000-4000-8000-00000000000a&month=2026-11&page=3")
        #expect(page.previousURL == "/t/acme/rates/increases?team=00000000-0000-4000-8000-00000000000a&month=2026-11")
        #expect(page.teams.first?.selected == true && !page.monthBadInput)
        let bad = RateIncreasesPage(layout: Layout(title: "x", language: .en), slug: "acme", filter: RateIncreaseFilter(),
                                    monthText: "listopad", page: Page(rows: [], number: 1, hasNext: false), teams: [],
                                    t: TestTranslator.en)
        #expect(bad.monthBadInput && bad.month == "listopad" && bad.empty == TestTranslator.en("rates.increases.empty"))
    }

    @Test func theAverageOfAMonthWithAndWithoutChanges() {
        let november = Month(year: 2026, month: 11)!
        let summaries = [
            IncreaseSummary(month: november.adding(months: -1), employees: 2, totalIncreaseMinor: 100_00, totalPreviousMinor: 1_000_00,
                            meanIncreaseMinor: 50_00, increaseBasisPoints: 1_000),
            IncreaseSummary(month: november, employees: 0, totalIncreaseMinor: 0, totalPreviousMinor: 0,
                            meanIncreaseMinor: nil, increaseBasisPoints: nil),
        ]
        let page = AverageIncreasePage(layout: Layout(title: "x", language: .cs), slug: "acme", currency: "CZK", month: november,
                                       monthTypedBadly: false, summaries: summaries, t: TestTranslator.cs)
        #expect(page.mean == nil && page.empty?.contains("2026-11") == true)
        #expect(page.rows.map(\.month) == ["2026-11", "2026-10"] && page.rows[1].mean == "50,00\u{00A0}Kč")
        #expect(page.tabs.map(\.current) == [false, true])
    }
}
