import Foundation
import Testing
@testable import App

/// The admin's overview and "Missing" as models.
@Suite struct ReviewOverviewPageTests {
    static let october = Month(year: 2026, month: 10)!

    @Test func totalsAndPagesKeepTheFilter() {
        let filter = InvoiceFilter(month: Self.october, state: .submitted, teamID: nil, search: "Dvořák & syn")
        let row = OverviewRow(id: UUID(), version: 1, name: "Eva Dvořáková", team: nil, state: .submitted,
                              amount: InvoiceAmount(minor: 1_000_00, currency: "EUR"), uploadedOn: LocalDate(iso: "2026-11-02")!,
                              documentID: UUID())
        let page = ReviewOverviewPage(
            layout: Layout(title: "x", language: .en), slug: "acme", filter: filter,
            page: Page(rows: [row], number: 1, hasNext: true),
            totals: [StateTotal(state: .submitted, count: 2, sums: [InvoiceAmount(minor: 1_000_00, currency: "EUR"),
                                                                    InvoiceAmount(minor: 500_00, currency: "CZK")]),
                     StateTotal(state: .approved, count: 0, sums: [])],
            teams: [], t: TestTranslator.en)
        #expect(page.totals[0].sums == "EUR\u{00A0}1,000.00 + CZK\u{00A0}500.00" && page.totals[0].current)
        #expect(page.totals[1].href == "/t/acme/review/invoices?month=2026-10&state=approved&q=Dvo%C5%99%C3%A1k%20%26%20syn")
        #expect(page.nextURL == "/t/acme/review/invoices?month=2026-10&state=submitted&q=Dvo%C5%99%C3%A1k%20%26%20syn&page=2")
        #expect(page.previousURL == nil && page.empty == nil && page.tabs.first?.current == true)
    }

    @Test func missingSaysWhenEachLastSent() {
        let rows = [MissingRow(userID: UUID(), name: "Petr Svoboda", team: "Dev", email: "petr@acme.example",
                               lastMonth: Month(year: 2026, month: 8), lastUploadedOn: LocalDate(iso: "2026-09-03")),
                    MissingRow(userID: UUID(), name: "Nový Člověk", team: nil, email: "novy@acme.example", lastMonth: nil,
                               lastUploadedOn: nil)]
        let page = ReviewMissingPage(layout: Layout(title: "x", language: .cs), slug: "acme", month: Self.october, rows: rows,
                                     t: TestTranslator.cs)
        #expect(page.rows[0].last.contains("srpen 2026") && page.rows[0].last.contains("2026-09-03"))
        #expect(page.rows[1].last == TestTranslator.cs("review.missing.never"))
        #expect(page.tabs.map(\.current) == [false, true, false, false, false, false] && page.empty == nil)
        let none = ReviewMissingPage(layout: Layout(title: "x", language: .en), slug: "acme", month: Self.october, rows: [],
                                     t: TestTranslator.en)
        #expect(none.empty?.contains("October 2026") == true)
    }
}
