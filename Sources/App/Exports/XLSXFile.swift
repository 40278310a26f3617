import CXLSXWriter
import Foundation

/// An XLSX workbook written by libxlsxwriter (docs/ARCHITECTURE.md, Exports): a sheet per table,
/// a bold header row that stays in view, an autofilter, text as text (a cell that looks like a
/// formula stays a string), amounts, percentages and hours as numbers with two decimals. The library
/// writes a file: it goes to a private temporary directory that is removed afterwards. Blocking:
/// run it off the event loops.
enum XLSXFile {
    struct Failure: Error { let step: String }

    /// The most rows written in memory; more stream through a temporary file per sheet, bounding
    /// memory. A month's workbook of 1,000 statements (~110,000 rows) stays in memory: streamed,
    /// its thousand files made each download slower than the last (2.6 s, then 2.9, 3.1, 3.3…).
    static let inMemoryRows = 150_000

    static func write(_ tables: [ExportTable]) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-xlsx-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xlsx").path
        try directory.path.withCString { tmp in
            // Rows are kept in memory up to `inMemoryRows` (fast: a month's workbook of 1,000 small
            // sheets); beyond that each sheet streams to a temporary file, bounding memory.
            let rows = tables.reduce(0) { $0 + min($1.rows.count, ExportTable.maxRows) + $1.preamble.count }
            var options = lxw_workbook_options(constant_memory: rows > inMemoryRows ? 1 : 0, tmpdir: UnsafeMutablePointer(mutating: tmp),
                                               use_zip64: 0)
            guard let workbook = workbook_new_opt(path, &options) else { throw Failure(step: "workbook") }
            let header = workbook_add_format(workbook), decimal = workbook_add_format(workbook)
            let hours = workbook_add_format(workbook)
            format_set_bold(header)
            format_set_num_format(decimal, "#,##0.00")
            format_set_num_format(hours, "0.00")
            var used: Set<String> = []
            for table in tables {
                let name = sheetName(table.name, used: &used)
                guard let sheet = workbook_add_worksheet(workbook, name) else {
                    workbook_close(workbook)
                    throw Failure(step: "worksheet")
                }
                let top = table.preamble.count
                for (index, line) in table.preamble.enumerated() {
                    write(line, row: lxw_row_t(index), sheet: sheet, formats: (decimal, hours))
                }
                for (column, title) in table.columns.enumerated() {
                    worksheet_write_string(sheet, lxw_row_t(top), lxw_col_t(column), cellText(title), header)
                    worksheet_set_column(sheet, lxw_col_t(column), lxw_col_t(column), 18, nil)
                }
                for (index, row) in table.rows.prefix(ExportTable.maxRows).enumerated() {
                    write(row, row: lxw_row_t(top + index + 1), sheet: sheet, formats: (decimal, hours))
                }
                worksheet_freeze_panes(sheet, lxw_row_t(top + 1), 0)
                if !table.columns.isEmpty {
                    worksheet_autofilter(sheet, lxw_row_t(top), 0, lxw_row_t(top + min(table.rows.count, ExportTable.maxRows)),
                                         lxw_col_t(table.columns.count - 1))
                }
            }
            guard workbook_close(workbook) == LXW_NO_ERROR else { throw Failure(step: "close") }
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// One line of cells: text as text, numbers as numbers in their formats.
    private static func write(
        _ cells: [ExportTable.Cell], row line: lxw_row_t, sheet: UnsafeMutablePointer<lxw_worksheet>,
        formats: (decimal: UnsafeMutablePointer<lxw_format>?, hours: UnsafeMutablePointer<lxw_format>?)
    ) {
        for (column, cell) in cells.enumerated() {
            let col = lxw_col_t(column)
            switch cell {
            case .text(let text): worksheet_write_string(sheet, line, col, cellText(text), nil)
            case .amount(let minor): worksheet_write_number(sheet, line, col, number(minor), formats.decimal)
            case .percentHundredths(let value): worksheet_write_number(sheet, line, col, number(value), formats.decimal)
            case .integer(let value): worksheet_write_number(sheet, line, col, Double(value), nil)
            case .date(let iso): worksheet_write_string(sheet, line, col, iso, nil)
            case .hours(let seconds): worksheet_write_number(sheet, line, col, Double(seconds) / 3600, formats.hours)
            case .empty: break
            }
        }
    }

    /// Hundredths as a number: through its decimal text, so 1234.56 is the double nearest to it.
    static func number(_ hundredths: Int64) -> Double {
        Double(Money.decimal(minor: hundredths)) ?? 0
    }

    /// A cell holds at most 32,767 characters, and XML forbids most control characters.
    static func cellText(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter {
            $0 == "\t" || $0 == "\n" || $0 == "\r" || $0.value >= 0x20 && $0.value != 0xFFFE && $0.value != 0xFFFF
        }))
        return cleaned.unicodeScalars.count <= 32_767 ? cleaned
            : String(String.UnicodeScalarView(cleaned.unicodeScalars.prefix(32_767)))
    }

    /// At most 31 characters, none of `[]:*?/\`, unique in the workbook.
    static func sheetName(_ wanted: String, used: inout Set<String>) -> String {
        let allowed = wanted.unicodeScalars.filter { !"[]:*?/\\'".unicodeScalars.contains($0) && $0.value >= 0x20 }
        var base = String(String.UnicodeScalarView(allowed.prefix(28)))
        if base.isEmpty { base = "Sheet" }
        var name = base, counter = 2
        while used.contains(name.lowercased()) {
            let suffix = " " + String(counter)
            name = String(String.UnicodeScalarView(base.unicodeScalars.prefix(31 - suffix.count))) + suffix
            counter += 1
        }
        used.insert(name.lowercased())
        return name
    }
}
