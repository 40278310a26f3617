import Foundation

/// What stopping a running timer does. Pure.
public enum TimerStop: Sendable, Equatable {
    /// An entry from the start to now.
    case entry(start: Date, end: Date)
    /// Under a minute: nothing worth keeping (a start clicked by mistake).
    case tooShort
    /// Left running over midnight or for more than 12 hours: the person says what to keep.
    case needsEnd(TimerOverrun)
}

public enum TimerOverrun: String, Sendable, Equatable {
    case overMidnight, overTwelveHours
}

public enum TimerRules {
    public static let longest: TimeInterval = 12 * 3600
    public static let shortest: TimeInterval = 60

    /// Stopping at `now` a timer started at `start`, in the tenant's time zone.
    public static func stop(start: Date, now: Date, zone: String) -> TimerStop {
        let elapsed = now.timeIntervalSince(start)
        if elapsed < shortest { return .tooShort }
        if LocalDate.today(in: zone, now: now) != LocalDate.today(in: zone, now: start) { return .needsEnd(.overMidnight) }
        if elapsed > longest { return .needsEnd(.overTwelveHours) }
        return .entry(start: start, end: now)
    }

    /// The end a person chose for an overrun timer: a time on the wall clock of the day it started,
    /// after its start, not after now, and at most 12 hours after the start. Nil when the time does
    /// not fit.
    public static func chosenEnd(_ end: ClockTime, start: Date, now: Date, zone: String) -> Date? {
        let day = LocalDate.today(in: zone, now: start)
        let instant = EntryInstants.instant(day, end, zone: zone)
        guard instant.timeIntervalSince(start) >= shortest, instant <= now, instant.timeIntervalSince(start) <= longest
        else { return nil }
        return instant
    }
}

/// The real instants of wall-clock times on a tenant's day. Pure.
public enum EntryInstants {
    /// `time` on `day` in `zone`; 24:00 is the next day's midnight. A time that the clocks skip
    /// (spring's lost hour) is read as the same time after the change.
    public static func instant(_ day: LocalDate, _ time: ClockTime, zone: String) -> Date {
        if time == ClockTime.endOfDay { return day.adding(days: 1).instant(hour: 0, minute: 0, in: zone) }
        return day.instant(hour: time.minutes / 60, minute: time.minutes % 60, in: zone)
    }

    /// The start and end of a clock span on `day`.
    public static func span(_ day: LocalDate, _ start: ClockTime, _ end: ClockTime, zone: String) -> (start: Date, end: Date) {
        (instant(day, start, zone: zone), instant(day, end, zone: zone))
    }
}
