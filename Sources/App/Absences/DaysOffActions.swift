import Foundation

/// The use cases of the company's own days off (admins): giving a day off, or renaming it, and
/// taking it back. The days-off page's forms and the API's operations both read the day and its
/// name (`ShortName.parse`) and map the outcome; the SQL is `DaysOffQueries`'.
enum DaysOffActions {
    /// A day off as read: a day of `LocalDate.inputYears` and its name.
    struct DayOff: Sendable, Equatable {
        let day: LocalDate
        let name: String
    }

    enum Saved: Sendable, Equatable {
        case saved
        /// Not a day the company works (a weekend or a public holiday): nothing to give.
        case notWorkingDay
    }

    static func save(_ dayOff: DayOff, _ c: ActionContext) async throws -> Saved {
        try c.require(.manageDaysOff)
        return try await DaysOffQueries.save(dayOff.day, name: dayOff.name, on: c.db) ? .saved : .notWorkingDay
    }

    /// Takes a day off back; a day that is none of the company's days off is a 404.
    static func delete(_ day: LocalDate, _ c: ActionContext) async throws {
        try c.require(.manageDaysOff)
        guard try await DaysOffQueries.delete(day, on: c.db) else { throw ActionRefusal.notFound }
    }
}
