import Foundation
import Testing
@testable import App

/// The result of a desk action as a model: the summary counts every outcome, the lines follow
/// the selection and skip what does not exist.
@Suite struct ReviewResultPageTests {
    @Test func theSummaryAndALinePerSelectedInvoice() {
        let a = UUID(), b = UUID(), c = UUID(), gone = UUID()
        let october = Month(year: 2026, month: 10)!
        let page = ReviewResultPage(
            layout: Layout(title: "x", language: .en), slug: "acme", action: .returnToEmployee,
            picks: [a, b, c, gone].map { ReviewPick(id: $0, version: 1, reason: nil) },
            outcomes: [a: .changed, b: .reasonTooLong, c: .stale, gone: .notFound],
            names: [a: ("Eva Dvořáková", october), b: ("Petr Svoboda", october), c: ("Jana Nováková", october)],
            backURL: "/back", t: TestTranslator.en)
        #expect(page.summary.count == 4 && page.summary[0].contains("1"))
        #expect(page.summary.contains("1 not changed because the reason is longer than 2,000 characters"))
        #expect(page.rows.map(\.name) == ["Eva Dvořáková", "Petr Svoboda", "Jana Nováková"])
        #expect(page.rows.map(\.changed) == [true, false, false] && page.rows[0].href == Paths.invoice("acme", a))
        #expect(page.rows[0].month == "October 2026")
    }
}
