import Foundation
import Testing
@testable import App

/// Text a hostile PDF can put on a page (in a font too small to see): every rule reads it in
/// time linear in its length and reads nothing rather than garbage. The bound is generous (a
/// debug build reads a long run in a few milliseconds and a full 256 kB report in about 0.2 s,
/// even with the other tests running beside it); rules that backtrack took 14 s on 2,000 digits
/// with no currency after them and minutes on 20,000.
@Suite struct InvoiceTextAdversarialTests {
    static let bound = Duration.seconds(2)

    static func timed<T>(_ work: () -> T) -> (T, Duration) {
        let started = ContinuousClock.now
        let result = work()
        return (result, ContinuousClock.now - started)
    }

    static func digits(_ count: Int) -> String {
        String((0..<count).map { Character(String($0 % 10)) })
    }

    @Test(arguments: [2_000, 20_000])
    func aLongRunOfDigitsAfterTheTotalLabelIsReadAsNothing(count: Int) {
        for text in [
            "Celkem k úhradě: " + Self.digits(count) + " Kč",
            "Celkem k úhradě " + Self.digits(count),
            "Celkem k úhradě\n" + Self.digits(count) + ",00 Kč",
            "Total due EUR " + Self.digits(count) + ".00",
            "Celkem " + Self.digits(count) + "x",
        ] {
            let (fields, took) = Self.timed { InvoiceText.read(text) }
            #expect(took < Self.bound, "\(took) for \(text.prefix(30))…")
            #expect(fields == InvoiceFields())
        }
        // The amount rule alone, on the whole line (no line length limit in front of it).
        let line = "Celkem k úhradě: " + Self.digits(count) + " Kč"
        let (amounts, took) = Self.timed { InvoiceAmount.all(in: line) }
        #expect(took < Self.bound, "\(took)")
        #expect(amounts == [], "a figure of more than 12 digits is not an amount")
        #expect(InvoiceAmount.all(in: Self.digits(count) + " Kč 1 000,00 Kč") == [InvoiceAmount(minor: 1_000_00, currency: "CZK")])
    }

    @Test func longRunsOfSpacesAndPunctuationAreReadQuickly() {
        let long = 100_000
        let cases: [String] = [
            "Celkem k úhradě" + String(repeating: " ", count: long) + "1 000,00 Kč",
            "Celkem k úhradě " + String(repeating: "1 ", count: long) + "Kč",
            "Celkem k úhradě " + String(repeating: "1.000", count: long / 5) + ",00 Kč",
            "Celkem k úhradě " + String(repeating: ",", count: long) + " Kč",
            "Celkem k úhradě " + String(repeating: "\u{00A0}", count: long) + "Kč",
            "Celkem k úhradě " + String(repeating: ".,-' ", count: long / 5) + "Kč",
            "IČO" + String(repeating: " ", count: long) + ":" + String(repeating: " ", count: long) + "x",
            String(repeating: "IČO ", count: long / 4),
            "Variabilní symbol:" + String(repeating: ":-. ", count: long / 4),
            "Datum splatnosti" + String(repeating: ".", count: long),
            String(repeating: "1/", count: long / 2) + "0800",
            String(repeating: "19-", count: long / 3) + "2000145399/0800",
            "IBAN CZ65" + String(repeating: " 0800", count: long / 5),
            "CZ65" + String(repeating: "0", count: long),
            String(repeating: "Celkem k úhradě\n", count: long / 16),
            String(repeating: "celkem ", count: long / 7),
        ]
        for text in cases {
            let (fields, took) = Self.timed { InvoiceText.read(text) }
            #expect(took < Self.bound, "\(took) for \(text.prefix(30))…")
            #expect(fields == InvoiceFields(), "\(text.prefix(30))…")
        }
    }

    @Test func aFullReportOfHostileTextIsReadWithinTheBound() {
        let limit = InvoiceReader.maxTextBytes
        let cases: [(String, String)] = [
            ("labels and digits", String(repeating: "Celkem k úhradě: 1234567890123 Kč IČO: 1234567 VS 12345678901\n", count: limit / 60)),
            ("one line of digits", Self.digits(limit)),
            ("lines of one character", String(repeating: "1\n", count: limit / 2)),
            ("labels without values", String(repeating: "vs k úhradě datum splatnosti celkem total due\n", count: limit / 48)),
            ("accounts and IBANs", String(repeating: "19-2000145398/0800 CZ66 0800 0000 1920 0014 5399 ", count: limit / 49)),
        ]
        for (name, text) in cases {
            #expect(text.utf8.count > limit - 100)
            let (fields, took) = Self.timed { InvoiceText.read(text) }
            #expect(took < Self.bound, "\(took) for \(name)")
            #expect(fields == InvoiceFields(), "\(name)")
        }
        // A real invoice followed by 256 kB of noise: still read, from its own lines.
        let invoice = """
            Faktura č. 2026-05
            Dodavatel: Eva Dvořáková, IČO: 25596641
            Bankovní účet: 19-2000145399/0800
            Celkem k úhradě: 72 000,00 Kč

            """
        let text = invoice + String(repeating: Self.digits(999) + "\n", count: limit / 1_000)
        let (fields, took) = Self.timed { InvoiceText.read(text) }
        #expect(took < Self.bound, "\(took)")
        #expect(fields.total == InvoiceAmount(minor: 72_000_00, currency: "CZK"))
        #expect(fields.account?.description == "19-2000145399/0800")
        #expect(fields.supplierID == "25596641")
        #expect(fields.invoiceNumber == "2026-05")
    }

    @Test func whatTheInspectorReportsIsCheckedAgainWhenDecoded() throws {
        let report = InspectionReport(verdict: .ok, pages: 1, text: "Celkem k úhradě: 1 000,00 Kč\nVS: 42\nIČO: 25596641")
        let good = try JSONDecoder().decode(InspectionReport.self, from: JSONEncoder().encode(report))
        #expect(good.fields == report.fields)
        #expect(InvoiceText.read(good) == InvoiceFields(total: InvoiceAmount(minor: 1_000_00, currency: "CZK"),
                                                        variableSymbol: "42", supplierID: "25596641"))
        // A report whose fields no rule could have read (a compromised inspector) is not a report.
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        for (field, forged) in [
            (#""variableSymbol":"42""#, #""variableSymbol":"42; DROP TABLE""#),
            (#""supplierID":"25596641""#, #""supplierID":"12345678""#),
            (#""currency":"CZK""#, #""currency":"XXX""#),
            (#""minor":100000"#, #""minor":-5"#),
            (#""supplierID":"25596641""#, #""supplierID":"25596641","account":"19-2000145398\/0800""#),
            (#""supplierID":"25596641""#, #""supplierID":"25596641","dueDate":"2026-02-30""#),
            (#""supplierID":"25596641""#, #""supplierID":"25596641","invoiceNumber":"<script>""#),
        ] {
            #expect(json.contains(field), "\(field)")
            let bad = json.replacingOccurrences(of: field, with: forged)
            #expect(throws: DecodingError.self, "\(forged)") { try JSONDecoder().decode(InspectionReport.self, from: Data(bad.utf8)) }
        }
    }
}
