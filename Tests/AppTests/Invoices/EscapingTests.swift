import Foundation
import Testing
@testable import App

/// HTML and XML escaping, compared byte for byte: Swift's `==` on strings is canonical
/// equivalence, under which "<" followed by U+0338 equals "≮", so it cannot judge an escaper.
@Suite struct EscapingTests {
    static func bytes(_ html: HTML) -> [UInt8] { html.bytes }

    /// Input → HTML text, as bytes.
    static let htmlTable: [(String, String)] = [
        ("", ""),
        ("Eva Dvořáková", "Eva Dvořáková"),
        ("a & b < c > d \" e ' f", "a &amp; b &lt; c &gt; d &quot; e &#39; f"),
        // U+0600 is a prepended mark: as a Character it swallows the "<" after it.
        ("X\u{0600}<meta http-equiv=refresh content=0;url=//evil>", "X\u{0600}&lt;meta http-equiv=refresh content=0;url=//evil&gt;"),
        // A combining acute after "e", then a tag.
        ("e\u{0301}<script>", "e\u{0301}&lt;script&gt;"),
        // A combining mark after the special character itself: "<\u{0338}" is one Character ("≮").
        ("<\u{0338}script>", "&lt;\u{0338}script&gt;"),
        ("\"\u{0301} autofocus onfocus=x", "&quot;\u{0301} autofocus onfocus=x"),
        ("'\u{0301}&\u{0301}", "&#39;\u{0301}&amp;\u{0301}"),
        ("😀<👍🏽>", "😀&lt;👍🏽&gt;"),
    ]

    @Test func htmlTextIsEscapedScalarByScalar() {
        for (input, expected) in Self.htmlTable {
            #expect(HTML(text: input).bytes == Array(expected.utf8), "\(input.unicodeScalars.map { String($0.value, radix: 16) })")
            let interpolated: HTML = "\(input)"
            #expect(interpolated.bytes == Array(expected.utf8))
        }
    }

    @Test func interpolationEscapesStringsAndKeepsMarkup() {
        let name = "X\u{0600}<b>", bold: HTML = "<b>\(name)</b>"
        let cell: HTML = "<td title=\"\(name)\">\(bold) \(42)</td>"
        #expect(cell.bytes == Array("<td title=\"X\u{0600}&lt;b&gt;\"><b>X\u{0600}&lt;b&gt;</b> 42</td>".utf8))
        let list = [HTML(text: "a<"), "<br>", HTML(text: "b&")].joined(separator: " ")
        #expect(list.string == "a&lt; <br> b&amp;")
        #expect((HTML.empty + "<hr>").string == "<hr>")
    }

    /// The desk's pieces (`DeskTable`): ids as their lowercase text, optional text with markup
    /// around it only when there is text, pieces with separators, and markup made only when used.
    @Test func interpolationOfIdsOptionalTextAndPieces() {
        let id = AddressTests.id, none: String? = nil, hostile: String? = "a<b"
        let ids: HTML = "\(id)|\(AddressTests.other)"
        #expect(ids.string == id.lowercasedString + "|" + AddressTests.other.lowercasedString)
        #expect(HTML("[\(hostile, before: "<i>", after: "</i>")][\(none, before: "<i>", after: "</i>")]").string == "[<i>a&lt;b</i>][]")
        #expect(HTML("\([HTML(text: "1&"), "<b>2</b>"], separator: "<br>")|\([HTML](), separator: "<br>")").string
                == "1&amp;<br><b>2</b>|")
        var made = 0
        func markup() -> HTML { made += 1; return "<hr>" }
        #expect(HTML("\(if: false, markup())\(if: true, markup())").string == "<hr>" && made == 1)
    }

    /// Input → XML text: escaped per scalar, with the characters XML 1.0 forbids left out.
    static let xmlTable: [(String, String)] = [
        ("A & B", "A &amp; B"),
        ("X\u{0600}<meta>", "X\u{0600}&lt;meta&gt;"),
        ("<\u{0338}&\u{0301}\"\u{0301}", "&lt;\u{0338}&amp;\u{0301}&quot;\u{0301}"),
        ("a\u{0}b\u{1B}c\u{FFFE}d\u{FFFF}e\tf\ng\rh", "abcde\tf\ng&#13;h"),
    ]

    @Test func xmlTextIsEscapedScalarByScalar() {
        for (input, expected) in Self.xmlTable {
            var bytes: [UInt8] = []
            XMLWriter.appendEscaped(input, to: &bytes)
            #expect(bytes == Array(expected.utf8), "\(input.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func theWriterNestsElementsAndEscapesTextAndAttributes() {
        var xml = XMLWriter()
        xml.element("A", ["b": "1\"<"]) { xml in
            xml.element("C", text: "x\u{0600}<y")
            xml.element("D") { $0.element("E", text: "&") }
        }
        #expect(xml.bytes == Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <A b="1&quot;&lt;">
              <C>x\u{0600}&lt;y</C>
              <D>
                <E>&amp;</E>
              </D>
            </A>

            """.utf8))
    }

    /// The schema counts code points: a name of many combining marks is cut by code points, never
    /// left longer than 70; nothing is ever empty.
    @Test func paymentTextsAreCutAsTheSchemaCounts() {
        let marks = String(repeating: "e\u{0301}", count: 60)
        #expect(PaymentExport.text(marks, max: 70).unicodeScalars.count == 70)
        #expect(PaymentExport.text("\u{1}\u{2}", max: 70) == "NOTPROVIDED")
        #expect(PaymentExport.text("Eva", max: 70) == "Eva")
    }

    @Test func aHostileNameStaysTextInThePaymentOrder() {
        let name = "e\u{0301}<script>\"'& X\u{0600}<meta http-equiv=refresh content=0;url=//evil>"
        let debtor = Debtor(name: "A<\u{0338}B", iban: IBAN("CZ6508000000192000145399")!, bic: nil)
        let invoice = PayableInvoice(id: UUID(), name: name, month: Month(year: 2025, month: 10)!, fields: InvoiceFields(
            total: InvoiceAmount(minor: 100, currency: "CZK"), account: CzechAccount("19-2000145399/0800"),
            variableSymbol: "1", invoiceNumber: "<\u{0338}x&\u{0301}"))
        let xml = PaymentExport.pain001([invoice], debtor: debtor, messageID: "M-1", created: Date(timeIntervalSince1970: 0),
                                        executionDate: LocalDate(iso: "2025-11-03")!)
        let bytes = Array(xml.utf8)
        func has(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            return bytes.indices.contains { bytes[$0...].starts(with: needle) }
        }
        #expect(!has("<meta") && !has("<script") && !has("<\u{0338}") && !has("&\u{0301}"))
        #expect(has("<Nm>e\u{0301}&lt;script&gt;&quot;'&amp; X\u{0600}&lt;meta http-equiv=refresh content=0;url=//evil&gt;</Nm>"))
        #expect(has("<Nm>A&lt;\u{0338}B</Nm>"))
    }
}
