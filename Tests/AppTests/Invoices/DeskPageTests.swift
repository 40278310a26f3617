import Foundation
import Testing
@testable import App

/// The desk as a model, without a server: which rows are preselected, the tabs, the export,
/// the empty state, and the rows' escaping.
@Suite struct DeskPageTests {
    static func page(_ rows: [DeskRow], state: InvoiceState, t: Translator = TestTranslator.en) -> DeskPage {
        let lines = rows.map {
            ReviewRules.line($0, contracts: [ReviewRulesTests.contract], rates: [ReviewRulesTests.rate], viewer: UUID())
        }
        return DeskPage(layout: Layout(title: "Desk", language: t.language), slug: "acme", currency: "CZK",
                        month: ReviewRulesTests.october, state: state, lines: lines, t: t)
    }

    @Test func cleanRowsArePreselectedToReviewAndAllToPay() {
        let clean = ReviewRulesTests.row(), differs = ReviewRulesTests.row(total: ReviewRulesTests.expectedMinor + 1_00)
        let review = Self.page([clean, differs], state: .submitted)
        #expect(review.rowsHTML.joined().string.components(separatedBy: " checked").count - 1 == 1)
        #expect(review.rowsHTML.joined().string.contains("+CZK\u{00A0}1.00"))
        #expect(review.tabs.map(\.current) == [false, false, true, false, false, false])
        #expect(review.actions.map(\.value) == ["approve", "return"] && review.exportURL == nil)
        let pay = Self.page([clean, differs], state: .approved)
        #expect(pay.rowsHTML.joined().string.components(separatedBy: " checked").count - 1 == 2)
        #expect(pay.tabs.map(\.current) == [false, false, false, true, false, false])
        #expect(pay.exportURL == Paths.reviewExport("acme"))
        #expect(pay.tabs[1].href == Paths.reviewMissing("acme", month: ReviewRulesTests.october))
    }

    @Test func anEmptyDeskSaysSoAndOffersNoExport() {
        let page = Self.page([], state: .approved, t: TestTranslator.cs)
        #expect(page.empty?.contains("říjen 2025") == true)
        #expect(page.exportURL == nil && page.rowsHTML.joined().string.isEmpty)
    }

    @Test func namesAndNumbersAreEscapedInTheRows() {
        let row = ReviewRulesTests.row(number: "A<1>")
        let hostile = DeskRow(id: row.id, version: 1, userID: row.userID, name: "<script>alert(1)</script>", month: row.month,
                              state: .submitted, documentID: row.documentID, fields: row.fields, corrected: [], hasText: true,
                              hasThumbnail: false, previousAccount: nil, previousIBAN: nil, sameFileElsewhere: false,
                              sameNumberElsewhere: false, exported: false)
        let html = Self.page([hostile], state: .submitted).rowsHTML.joined().string
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// A large desk is written in pieces at once: together they are the rows, in order.
    @Test func piecesAreTheRowsInOrder() {
        for count in [0, 1, 199, 200, 201, 999, 1000, 1001] {
            let rows = Array(0..<count)
            for most in [1, 2, 3, 4, 8, 16] {
                let pieces = ReviewDeskRoutes.pieces(of: rows, count: most)
                #expect(pieces.flatMap { $0 } == rows)
                #expect(pieces.count <= max(1, most))
                #expect(count < ReviewDeskRoutes.rowsPerPiece ? pieces.count == 1 : pieces.allSatisfy { $0.count <= (count + most - 1) / most })
            }
        }
    }
}
