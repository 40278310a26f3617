import Foundation

/// A calendar week, Monday to Sunday (ISO 8601), the timesheet's page. Pure.
public struct Week: Sendable, Hashable {
    public let monday: LocalDate

    /// The week a day falls in.
    public init(containing day: LocalDate) {
        monday = day.adding(days: 1 - day.isoWeekday)
    }

    /// The week of a `week` parameter: any day of it as `YYYY-MM-DD`; nil for anything else.
    public init?(parameter: String?) {
        guard let parameter, parameter.utf8.count <= 10, let day = LocalDate(iso: parameter) else { return nil }
        self.init(containing: day)
    }

    public var sunday: LocalDate { monday.adding(days: 6) }
    public var days: [LocalDate] { (0..<7).map { monday.adding(days: $0) } }
    public var previous: Week { Week(containing: monday.adding(days: -7)) }
    public var next: Week { Week(containing: monday.adding(days: 7)) }

    public func contains(_ day: LocalDate) -> Bool { monday <= day && day <= sunday }
}
