import Foundation
import Testing
@testable import App

/// The directory and "My team" as models: rows, empty states, and pages that keep the filter.
@Suite struct PeopleListPageTests {
    static func row(_ last: String, phone: String? = nil, active: Bool = true) -> PersonRow {
        PersonRow(id: UUID(), firstName: "Eva", lastName: last, title: "Ing.", position: "Developer", email: "eva@acme.example",
                  phone: phone, teamName: nil, contractKind: .ico, active: active)
    }

    static func page(_ rows: [PersonRow], filter: PeopleFilter = PeopleFilter(), number: Int = 1, hasNext: Bool = false,
                     t: Translator = TestTranslator.en) -> PeopleListPage {
        PeopleListPage(layout: Layout(title: "People", language: t.language), slug: "acme", path: Paths.people("acme"),
                       headingKey: !filter.ledByViewer ? "nav.people" : "nav.team", newURL: nil, filter: filter,
                       page: Page(rows: rows, number: number, hasNext: hasNext), teams: [], t: t)
    }

    @Test func rowsSayWhatThePersonIs() {
        let page = Self.page([Self.row("Dvořáková", phone: "+420 603 111 222", active: false)])
        #expect(page.rows[0].name == "Dvořáková Eva, Ing." && page.rows[0].contract == "Contractor (IČO)")
        #expect(page.rows[0].phoneHref == "tel:+420603111222" && page.rows[0].inactive)
        #expect(page.empty == nil && page.previousURL == nil && page.nextURL == nil)
    }

    @Test func pagesKeepTheFilter() {
        var filter = PeopleFilter()
        filter.search = "Novák & syn"
        filter.kind = .dpp
        filter.active = nil
        let page = Self.page([Self.row("A")], filter: filter, number: 2, hasNext: true)
        #expect(page.previousURL == "/t/acme/people?q=Nov%C3%A1k%20%26%20syn&kind=dpp&status=all")
        #expect(page.nextURL == "/t/acme/people?q=Nov%C3%A1k%20%26%20syn&kind=dpp&status=all&page=3")
        #expect(page.pageLabel.contains("2"))
    }

    @Test func anEmptyListSaysWhy() {
        #expect(Self.page([]).empty == TestTranslator.en("people.empty"))
        var search = PeopleFilter()
        search.search = "x"
        #expect(Self.page([], filter: search).empty == TestTranslator.en("people.empty.filtered"))
        var team = PeopleFilter()
        team.ledByViewer = true
        #expect(Self.page([], filter: team).empty == TestTranslator.en("people.empty.team"))
    }
}
