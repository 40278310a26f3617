import Foundation

/// How absences read on pages and in mails. Pure.
enum AbsenceText {
    /// "23 November 2026", "23 November 2026 (half day)", "23 November 2026 – 27 November 2026".
    static func range(_ first: LocalDate, _ last: LocalDate, halfDay: Bool, t: Translator) -> String {
        if first == last { return t.day(first) + (halfDay ? " " + t("absence.halfDaySuffix") : "") }
        return t.day(first) + " – " + t.day(last)
    }
}
