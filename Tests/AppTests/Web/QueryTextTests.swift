import Foundation
import Testing
@testable import App

/// One value of a query string, as pages read their filters.
@Suite struct QueryTextTests {
    @Test func findsTheFirstValueOfAName() {
        #expect(QueryText.first("month", in: "month=2026-10&state=submitted") == "2026-10")
        #expect(QueryText.first("state", in: "month=2026-10&state=submitted") == "submitted")
        #expect(QueryText.first("team", in: "month=2026-10&state=submitted") == nil)
        #expect(QueryText.first("page", in: "page=2&page=3") == "2", "the first of two")
        #expect(QueryText.first("q", in: "q=&page=2") == "", "present but empty")
        #expect(QueryText.first("q", in: "q&page=2") == "", "present without a value")
        #expect(QueryText.first("q", in: nil) == nil && QueryText.first("q", in: "") == nil)
    }

    @Test func decodesSpacesAndEscapes() {
        #expect(QueryText.first("q", in: "q=Dvo%C5%99%C3%A1kov%C3%A1+Eva") == "Dvořáková Eva")
        #expect(QueryText.first("q", in: "q=a%2Bb%26c%3Dd") == "a+b&c=d", "escaped separators are text")
        #expect(QueryText.first("a b", in: "a+b=1") == "1", "names are decoded too")
    }

    @Test func refusesWhatIsNotAPlainValue() {
        #expect(QueryText.first("q", in: "q=%ZZ") == nil, "a malformed escape")
        #expect(QueryText.first("q", in: "q=%E0%A4") == nil, "bytes that are not UTF-8")
        #expect(QueryText.first("month", in: "month[]=2026-10&month[a]=x") == nil, "no nested names")
        let huge = String(repeating: "x=1&", count: 50_000) + "q=last"
        #expect(QueryText.first("q", in: huge) == "last")
    }

    /// A value as written into a link: what Foundation's percent-encoding with RFC 3986's
    /// unreserved characters gives, and what `QueryText` reads back.
    @Test func aValueIsEncodedAsFoundationWouldAndReadBack() {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var values = ["", "2026-10", "Dvořáková Eva", "a+b&c=d#e", "100 %", "~._-", "日本", "👩‍💻", "<script>", "\u{0}", "ÅÅ\u{301}"]
        var generator = SeededGenerator(seed: 20_261_126)
        for _ in 0..<500 {
            values.append(String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x2FFF, using: &generator))
            })))
        }
        for value in values {
            #expect(value.urlQueryEncoded == value.addingPercentEncoding(withAllowedCharacters: unreserved), "\(value)")
            #expect(QueryText.first("q", in: "q=" + value.urlQueryEncoded) == value, "\(value)")
        }
    }
}
