import Foundation

/// The files worked time downloads as (docs/ARCHITECTURE.md, Exports): the Czech CSV and the
/// XLSX of the other reports, and the CSV layouts the time-entry imports of Clockify and Toggl
/// Track read.
public enum TimeExportFormat: String, Sendable, CaseIterable {
    case csv, xlsx, clockify, toggl

    var contentType: String {
        self == .xlsx ? ExportFormat.xlsx.contentType : ExportFormat.csv.contentType
    }

    /// The end of the file's name: `.csv`, `.xlsx`, `-clockify.csv`, `-toggl.csv`.
    var suffix: String {
        switch self {
        case .csv: ".csv"
        case .xlsx: ".xlsx"
        case .clockify, .toggl: "-" + rawValue + ".csv"
        }
    }
}

/// The filters of an export of worked time as a query string gives them: a month or a range of
/// days, and a person, a team, a project or a client (ids). An empty value is a filter left out.
public struct TimeExportQuery: Sendable, Equatable {
    public var month: String?
    public var from: String?
    public var to: String?
    public var person: String?
    public var team: String?
    public var project: String?
    public var client: String?

    public init(month: String? = nil, from: String? = nil, to: String? = nil, person: String? = nil, team: String? = nil,
                project: String? = nil, client: String? = nil) {
        self.month = month
        self.from = from
        self.to = to
        self.person = person
        self.team = team
        self.project = project
        self.client = client
    }

    /// The non-empty filters as the pairs of a query string, in a fixed order.
    var pairs: [(name: String, value: String)] {
        [("month", month), ("from", from), ("to", to), ("person", person), ("team", team), ("project", project),
         ("client", client)].compactMap { name, value in
            guard let value, !value.isEmpty else { return nil }
            return (name, value)
        }
    }
}

/// Why the filters of an export were refused: the field and the message's key and arguments.
public struct TimeExportProblem: Error, Sendable, Equatable {
    public let field: String
    public let key: String
    public let arguments: [String]
}

/// The filters of an export of worked time, checked: the days from `first` through `last` (a
/// month, or at most `maxDays` days), and the ids to narrow them to. Who may see which person is
/// not decided here but by the query (`TimeExportQueries`). Pure.
public struct TimeExportFilter: Sendable, Equatable {
    public let first: LocalDate
    public let last: LocalDate
    /// The month when the filter named one (the file's name says it).
    public let month: Month?
    public let person: UUID?
    public let team: UUID?
    public let project: UUID?
    public let client: UUID?

    /// The longest range of days: a year, a leap year's too.
    public static let maxDays = 366

    /// The filters of `query`: `from` and `to` together, or `month`, or else this month.
    public static func read(_ query: TimeExportQuery, today: LocalDate) -> Result<TimeExportFilter, TimeExportProblem> {
        func given(_ text: String?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            return String(text.prefix(40))
        }
        var ids: [UUID?] = []
        for (field, text) in [("person", query.person), ("team", query.team), ("project", query.project), ("client", query.client)] {
            guard let text = given(text) else {
                ids.append(nil)
                continue
            }
            guard let id = UUID(uuidString: text) else { return .failure(.init(field: field, key: "export.time.error.id", arguments: [])) }
            ids.append(id)
        }
        let from = given(query.from), to = given(query.to), monthText = given(query.month)
        let first: LocalDate, last: LocalDate, month: Month?
        if from != nil || to != nil {
            guard monthText == nil else { return .failure(.init(field: "month", key: "export.time.error.monthOrRange", arguments: [])) }
            guard let start = from.flatMap(day) else { return .failure(.init(field: "from", key: "time.error.day", arguments: [])) }
            guard let end = to.flatMap(day) else { return .failure(.init(field: "to", key: "time.error.day", arguments: [])) }
            guard start <= end, end.daysSinceEpoch - start.daysSinceEpoch < maxDays else {
                return .failure(.init(field: "to", key: "export.time.error.range", arguments: [String(maxDays)]))
            }
            (first, last, month) = (start, end, nil)
        } else if let monthText {
            guard let named = Month(filter: monthText) else { return .failure(.init(field: "month", key: "api.field.month", arguments: [])) }
            (first, last, month) = (named.first, named.last, named)
        } else {
            let current = Month(today)
            (first, last, month) = (current.first, current.last, current)
        }
        return .success(TimeExportFilter(first: first, last: last, month: month, person: ids[0], team: ids[1], project: ids[2],
                                         client: ids[3]))
    }

    /// A day `YYYY-MM-DD` from 2000 to 2100.
    private static func day(_ text: String) -> LocalDate? {
        guard let day = LocalDate(input: text) else { return nil }
        return day
    }

    /// The name of the file without its end: `time-2026-11`, `time-2026-11-02-2026-11-15`.
    var stem: String {
        "time-" + (month?.iso ?? first.iso + "-" + last.iso)
    }
}
