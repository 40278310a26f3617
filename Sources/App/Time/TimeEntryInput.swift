import Foundation

/// When an entry lies on its day: from a start to an end on the wall clock, or only how long
/// it took (placed after the day's last entry by `TimeEntryQueries`).
public enum EntrySpan: Sendable, Equatable {
    case clock(start: ClockTime, end: ClockTime)
    case duration(minutes: Int)
}

/// An entry as typed and checked, before it meets the database (the project's access, the
/// contract on the day and the other entries are checked there).
public struct TimeEntryDraft: Sendable, Equatable {
    public let day: LocalDate
    public let project: UUID
    public let span: EntrySpan
    public let description: String
}

/// What a timesheet form (or an API call) sends; every field as typed.
public struct TimeEntryInput: Sendable {
    public var day: String
    public var project: String
    public var start: String
    public var end: String
    public var duration: String
    public var description: String

    public init(day: String = "", project: String = "", start: String = "", end: String = "", duration: String = "",
                description: String = "") {
        self.day = day
        self.project = project
        self.start = start
        self.end = end
        self.duration = duration
        self.description = description
    }
}

/// The refused fields of a form: field name → translation key of why.
public struct FieldProblems: Error, Equatable, Sendable {
    public let fields: [String: String]
}

/// The rules of a typed entry. Pure.
public enum TimeEntryRules {
    public static let maxDescription = 500

    /// The draft, or the translation key of each refused field ("day", "project", "start",
    /// "end", "duration", "description"). A start and an end, a start and a duration, or a
    /// duration alone; the end is after the start and at most 24:00.
    public static func read(_ input: TimeEntryInput) -> Result<TimeEntryDraft, FieldProblems> {
        var problems: [String: String] = [:]
        let day = LocalDate(input: input.day)
        if day == nil { problems["day"] = "time.error.day" }
        let project = UUID(uuidString: input.project.trimmingWhitespace())
        if project == nil { problems["project"] = "time.error.project" }
        let description = cleaned(input.description)
        if description.storedLength > maxDescription { problems["description"] = "time.error.description" }

        let startText = input.start.trimmingWhitespace(), endText = input.end.trimmingWhitespace()
        let durationText = input.duration.trimmingWhitespace()
        var span: EntrySpan?
        let start = startText.isEmpty ? nil : ClockTime(parsing: startText)
        if !startText.isEmpty, start == nil || start == ClockTime.endOfDay { problems["start"] = "time.error.start" }
        if !endText.isEmpty {
            if startText.isEmpty {
                problems["start"] = "time.error.startMissing"
            } else if let end = ClockTime(parsing: endText) {
                if let start, start < ClockTime.endOfDay {
                    if end <= start { problems["end"] = "time.error.endBeforeStart" } else { span = .clock(start: start, end: end) }
                }
            } else {
                problems["end"] = "time.error.end"
            }
        } else if !durationText.isEmpty {
            if let minutes = WorkDuration.minutes(parsing: durationText) {
                if let start, start < ClockTime.endOfDay {
                    if let end = ClockTime(minutes: start.minutes + minutes) {
                        span = .clock(start: start, end: end)
                    } else {
                        problems["duration"] = "time.error.pastMidnight"
                    }
                } else if startText.isEmpty {
                    span = .duration(minutes: minutes)
                }
            } else {
                problems["duration"] = "time.error.duration"
            }
        } else {
            problems[startText.isEmpty ? "duration" : "end"] = "time.error.span"
        }
        guard problems.isEmpty, let day, let project, let span else {
            return .failure(FieldProblems(fields: problems.isEmpty ? ["duration": "time.error.span"] : problems))
        }
        return .success(TimeEntryDraft(day: day, project: project, span: span, description: description))
    }

    /// One line of text: control characters (line breaks among them) become spaces, runs of
    /// spaces one, and the ends are trimmed.
    public static func cleaned(_ text: String) -> String {
        var result = "", lastWasSpace = true
        for scalar in text.unicodeScalars.prefix(maxDescription * 4) {
            let space = scalar.properties.generalCategory == .control || scalar == " " || scalar == "\u{2028}" || scalar == "\u{2029}"
            if space {
                if !lastWasSpace { result.unicodeScalars.append(" ") }
            } else {
                result.unicodeScalars.append(scalar)
            }
            lastWasSpace = space
        }
        return result.trimmingWhitespace()
    }
}
