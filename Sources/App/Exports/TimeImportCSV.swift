import Foundation

/// Worked time as the CSV time-entry imports of other tools read it (docs/ARCHITECTURE.md,
/// Exports): comma-separated, UTF-8 without a byte-order mark (it would become part of the first
/// header), the tool's own English headers, CRLF line ends, RFC 4180 quoting; a text starting
/// with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`
/// (`PaymentExport.csvField`). Dates and times are the tenant's wall clock, as the entries were
/// recorded; durations are real seconds as `hh:mm:ss`. Roster has no tasks or tags: those
/// columns stay empty. Pure.
public enum TimeImportCSV {
    /// Clockify's timesheet import, in the order of its example file. Clockify reads dates and
    /// times by the importing user's profile and durations by the workspace: MM/DD/YYYY, 24-hour
    /// clock, duration format "full" (hh:mm:ss).
    public static let clockifyColumns = ["Project", "Client", "Description", "Task", "Email", "Tags", "Billable", "Start Date",
                                         "Start Time", "Duration (h)"]

    /// Toggl Track's CSV import (its allowed headers): dates YYYY-MM-DD, times and durations hh:mm:ss.
    public static let togglColumns = ["User", "Email", "Client", "Project", "Task", "Description", "Billable", "Start date",
                                      "Start time", "Duration", "Tags"]

    public static func clockify(_ rows: [TimeExportRow]) -> String {
        write(clockifyColumns, rows.map { row in
            let entry = row.entry
            return [entry.project, entry.client, entry.description, "", row.email, "", yesNo(entry.billable),
                    usDate(entry.day), clock(entry.start.minutes, seconds: false), duration(entry.seconds)]
        })
    }

    public static func toggl(_ rows: [TimeExportRow]) -> String {
        write(togglColumns, rows.map { row in
            let entry = row.entry
            return [row.name, row.email, entry.client, entry.project, "", entry.description, yesNo(entry.billable), entry.day.iso,
                    clock(entry.start.minutes, seconds: true), duration(entry.seconds), ""]
        })
    }

    static func write(_ columns: [String], _ rows: [[String]]) -> String {
        var out = ""
        out.reserveCapacity(96 * (rows.count + 1))
        out += columns.map(PaymentExport.csvField).joined(separator: ",") + "\r\n"
        for row in rows {
            out += row.map(PaymentExport.csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }

    static func yesNo(_ value: Bool) -> String { value ? "Yes" : "No" }

    /// "11/03/2026" for 2026-11-03.
    static func usDate(_ day: LocalDate) -> String {
        day.month.zeroPadded(2) + "/" + day.day.zeroPadded(2) + "/" + String(day.year)
    }

    /// "09:05" or "09:05:00" for the 545th minute of a day.
    static func clock(_ minutes: Int, seconds: Bool) -> String {
        (minutes / 60).zeroPadded(2) + ":" + (minutes % 60).zeroPadded(2) + (seconds ? ":00" : "")
    }

    /// "01:30:00" for 5400 seconds.
    static func duration(_ seconds: Int) -> String {
        let seconds = max(seconds, 0)
        return (seconds / 3_600).zeroPadded(2) + ":" + (seconds / 60 % 60).zeroPadded(2) + ":" + (seconds % 60).zeroPadded(2)
    }
}
