import Foundation

/// A report as rows of typed cells, the same for the page's downloads and the API
/// (docs/ARCHITECTURE.md, Exports): the CSV and the XLSX file are written from it. Pure.
public struct ExportTable: Sendable, Equatable, Codable {
    public enum Cell: Sendable, Equatable, Codable {
        case text(String)
        /// An amount in minor units (written with two decimals).
        case amount(Int64)
        case integer(Int)
        /// A percentage in hundredths of a percent (written with two decimals).
        case percentHundredths(Int64)
        /// An ISO date, `YYYY-MM-DD`.
        case date(String)
        /// Worked time, written as hours with two decimals (the XLSX keeps the exact fraction).
        case hours(seconds: Int)
        case empty
    }

    /// The sheet's name and the download's (letters, digits and dashes).
    public let name: String
    public let columns: [String]
    public let rows: [[Cell]]
    /// Lines above the header row (a statement's person and month); none in a report.
    public let preamble: [[Cell]]

    public init(name: String, columns: [String], rows: [[Cell]], preamble: [[Cell]] = []) {
        self.name = name
        self.columns = columns
        self.rows = rows
        self.preamble = preamble
    }

    /// The most rows an export holds: a company's directory or a month's invoices are far fewer.
    public static let maxRows = 100_000
}

/// CSV for Czech spreadsheet programs: UTF-8 with a byte-order mark (so Excel reads it as UTF-8),
/// `;` between fields (the list separator of the Czech locale, where `,` is the decimal comma),
/// decimal commas, CRLF line ends, RFC 4180 quoting; a text cell starting with `=`, `+`, `-`,
/// `@`, a tab or a carriage return is prefixed with `'`, so no program runs it as a formula.
/// Numbers are numbers: a negative amount keeps its minus sign. Pure.
public enum ExportCSV {
    public static func write(_ table: ExportTable) -> String {
        var out = "\u{FEFF}"
        out.reserveCapacity(64 * (table.rows.count + 1))
        for line in table.preamble {
            out += line.map(field).joined(separator: ";") + "\r\n"
        }
        out += table.columns.map { field(text: $0) }.joined(separator: ";") + "\r\n"
        for row in table.rows {
            out += row.map(field).joined(separator: ";") + "\r\n"
        }
        return out
    }

    static func field(_ cell: ExportTable.Cell) -> String {
        switch cell {
        case .text(let text): field(text: text)
        case .amount(let minor): decimal(minor)
        case .integer(let value): String(value)
        case .percentHundredths(let value): decimal(value)
        case .date(let iso): iso
        case .hours(let seconds): decimal(hundredthsOfHour(seconds))
        case .empty: ""
        }
    }

    /// Seconds as hundredths of an hour, half up: 5400 s is 150 (1,50 h).
    static func hundredthsOfHour(_ seconds: Int) -> Int64 {
        let magnitude = (Int64(abs(seconds)) * 100 + 1_800) / 3_600
        return seconds < 0 ? -magnitude : magnitude
    }

    /// "1234,50", "-5,05": two decimals after a comma, no grouping.
    static func decimal(_ hundredths: Int64) -> String {
        Money.decimal(minor: hundredths).replacingOccurrences(of: ".", with: ",")
    }

    /// A text cell, neutralised and quoted as needed: the payment CSV's rule (`PaymentExport.csvField`).
    static func field(text: String) -> String { PaymentExport.csvField(text) }
}
