import Foundation
import Testing
@testable import App

/// The one page type: bounds on what a query string may ask, pages in SQL and in memory, links.
@Suite struct PagingTests {
    @Test func aPageNumberIsBounded() {
        #expect(PageRequest(number: nil, size: 25).number == 1)
        #expect(PageRequest(number: -3, size: 25).number == 1)
        #expect(PageRequest(number: Int.max, size: 25).number == PageRequest.maxNumber)
        let third = PageRequest(number: 3, size: 25)
        #expect(third.offset == 50 && third.limit == 26)
    }

    @Test func aFetchedPageKnowsWhetherAnotherFollows() {
        let request = PageRequest(number: 2, size: 3)
        #expect(request.page(fetched: [1, 2, 3, 4]) == Page(rows: [1, 2, 3], number: 2, hasNext: true))
        #expect(request.page(fetched: [1, 2]) == Page(rows: [1, 2], number: 2, hasNext: false))
    }

    @Test func aPageInMemoryStopsAtTheLastOne() {
        let all = Array(1...7)
        #expect(PageRequest(number: 1, size: 3).page(of: all) == Page(rows: [1, 2, 3], number: 1, hasNext: true))
        #expect(PageRequest(number: 3, size: 3).page(of: all) == Page(rows: [7], number: 3, hasNext: false))
        #expect(PageRequest(number: 99, size: 3).page(of: all) == Page(rows: [7], number: 3, hasNext: false))
        #expect(PageRequest(number: 2, size: 3).page(of: [Int]()) == Page(rows: [], number: 1, hasNext: false))
    }

    @Test func linksPointToTheNeighbours() {
        let links = Page(rows: [1], number: 2, hasNext: true).links { "/list?page=\($0)" }
        #expect(links == PageLinks(number: 2, previousURL: "/list?page=1", nextURL: "/list?page=3"))
        #expect(Page(rows: [1], number: 1, hasNext: false).links { "\($0)" } == PageLinks(number: 1, previousURL: nil, nextURL: nil))
    }

    @Test func aQueryValueCannotEndItself() {
        #expect("Dvořák & syn=1#x+y".urlQueryEncoded == "Dvo%C5%99%C3%A1k%20%26%20syn%3D1%23x%2By")
        #expect("a-b_c.d~e".urlQueryEncoded == "a-b_c.d~e")
    }
}
