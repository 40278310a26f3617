import Foundation

/// The file of an export of worked time (docs/ARCHITECTURE.md, Exports): the Czech CSV (one
/// table, a line per entry), the XLSX (a sheet per person with their entries and a total), or the
/// import layout of Clockify or Toggl Track (`TimeImportCSV`). Pure but for the XLSX, which
/// libxlsxwriter writes through a temporary file: run it off the event loops.
enum TimeExportFile {
    static func write(
        _ rows: [TimeExportRow], filter: TimeExportFilter, format: TimeExportFormat, t: Translator
    ) throws -> (bytes: Data, filename: String) {
        let name = filter.stem + format.suffix
        switch format {
        case .csv: return (Data(ExportCSV.write(table(rows, t: t)).utf8), name)
        case .xlsx: return (try XLSXFile.write(sheets(rows, t: t)), name)
        case .clockify: return (Data(TimeImportCSV.clockify(rows).utf8), name)
        case .toggl: return (Data(TimeImportCSV.toggl(rows).utf8), name)
        }
    }

    /// Every entry on a line of its own, with whose it is.
    static func table(_ rows: [TimeExportRow], t: Translator) -> ExportTable {
        ExportTable(
            name: t("export.sheet.time"),
            columns: ["person", "email", "date", "start", "end", "hours", "project", "client", "billable", "description"]
                .map { t("export.column.\($0)") },
            rows: rows.map { row in
                [.text(row.name), .text(row.email), .date(row.entry.day.iso), .text(row.entry.start.text), .text(row.entry.end.text),
                 .hours(seconds: row.entry.seconds), .text(row.entry.project), .text(row.entry.client), billable(row.entry, t: t),
                 .text(row.entry.description)]
            })
    }

    /// A sheet per person (the rows come by person), their entries and then their total; a
    /// workbook without entries has one empty sheet.
    static func sheets(_ rows: [TimeExportRow], t: Translator) -> [ExportTable] {
        let columns = ["date", "start", "end", "hours", "project", "client", "billable", "description"].map { t("export.column.\($0)") }
        var people: [(name: String, lines: [[ExportTable.Cell]], seconds: Int)] = []
        var last: UUID?
        for row in rows {
            if row.personID != last {
                people.append((row.name, [], 0))
                last = row.personID
            }
            let entry = row.entry
            people[people.count - 1].lines.append([.date(entry.day.iso), .text(entry.start.text), .text(entry.end.text),
                                                   .hours(seconds: entry.seconds), .text(entry.project), .text(entry.client),
                                                   billable(entry, t: t), .text(entry.description)])
            people[people.count - 1].seconds += entry.seconds
        }
        guard !people.isEmpty else { return [ExportTable(name: t("export.sheet.time"), columns: columns, rows: [])] }
        return people.map { person in
            ExportTable(name: person.name, columns: columns,
                        rows: person.lines + [[.text(t("export.time.total")), .empty, .empty, .hours(seconds: person.seconds)]])
        }
    }

    private static func billable(_ entry: TimeEntryRow, t: Translator) -> ExportTable.Cell {
        .text(t(entry.billable ? "time.yes" : "time.no"))
    }
}
