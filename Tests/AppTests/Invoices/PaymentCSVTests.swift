import Foundation
import Testing
@testable import App

/// One cell of the accountant's CSV, as a table: what goes in, what the file holds.
@Suite struct PaymentCSVTests {
    static let table: [(String, String)] = [
        ("", ""),
        ("Eva Dvořáková", "Eva Dvořáková"),
        ("2025-10", "2025-10"),
        ("12345.50", "12345.50"),
        // Czech Excel splits on ";": quoted, so "=…" after it stays in the same cell.
        ("Eva;=HYPERLINK(\"http://evil\")", "\"Eva;=HYPERLINK(\"\"http://evil\"\")\""),
        ("Dvořák, Honza", "\"Dvořák, Honza\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("a\tb", "\"a\tb\""),
        ("a\rb", "\"a\rb\""),
        ("a\nb", "\"a\nb\""),
        ("a\r\nb", "\"a\r\nb\""),
        // Formulas: a leading quote mark keeps them text.
        ("=1+1", "'=1+1"),
        ("+420 601", "'+420 601"),
        ("-5", "'-5"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "\"'\t=1\""),
        ("\r=1", "\"'\r=1\""),
        ("=1;2", "\"'=1;2\""),
        ("=\"x\"", "\"'=\"\"x\"\"\""),
        // A combining mark after the character hides nothing.
        ("=\u{0301}1+1", "'=\u{0301}1+1"),
        ("\"\u{0301};x", "\"\"\"\u{0301};x\""),
        // Behind invisible format characters, or in their fullwidth forms, they are formulas too.
        ("\u{200B}=1+1", "'\u{200B}=1+1"),
        ("\u{FEFF}=1+1", "'\u{FEFF}=1+1"),
        ("\u{200B}\u{2060}+420", "'\u{200B}\u{2060}+420"),
        ("\u{FF1D}SUM(A1)", "'\u{FF1D}SUM(A1)"),
        ("\u{FF0B}1", "'\u{FF0B}1"),
        ("\u{FF0D}1", "'\u{FF0D}1"),
        ("\u{FF20}A1", "'\u{FF20}A1"),
        ("\u{200B}", "\u{200B}"),
        // Only the first character decides; elsewhere these are plain.
        ("a=b+c-d@e", "a=b+c-d@e"),
        (" =1", " =1"),
    ]

    @Test func everyCellIsQuotedOrDefusedAsItMustBe() {
        for (input, expected) in Self.table {
            #expect(Array(PaymentExport.csvField(input).utf8) == Array(expected.utf8),
                    "\(input.debugDescription) → \(PaymentExport.csvField(input).debugDescription)")
        }
    }
}
