import Foundation

/// A time on the wall clock of a day, in minutes after midnight: 0 (00:00) to 1440 (24:00, the
/// day's end, good only as the end of an entry). Pure.
public struct ClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let endOfDay = ClockTime(checked: 1440)

    public let minutes: Int

    public init?(minutes: Int) {
        guard (0...1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    private init(checked minutes: Int) { self.minutes = minutes }

    /// What people type: "9", "09", "9:30", "09:30", "9.30", "930", "0930", "24:00". At most five
    /// characters around one optional separator, read character by character (no pattern that a
    /// long input could make slow); nil for anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 5 else { return nil }
        var hours = 0, minutes = 0, digitsBefore = 0, digitsAfter = 0, separated = false
        for byte in trimmed.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                if separated { minutes = minutes * 10 + digit; digitsAfter += 1 } else { hours = hours * 10 + digit; digitsBefore += 1 }
            case UInt8(ascii: ":"), UInt8(ascii: "."):
                guard !separated else { return nil }
                separated = true
            default: return nil
            }
        }
        if separated {
            guard (1...2).contains(digitsBefore), digitsAfter == 2 else { return nil }
        } else {
            switch digitsBefore {
            case 1, 2: break
            case 3, 4: (hours, minutes) = (hours / 100, hours % 100)
            default: return nil
            }
        }
        guard minutes < 60, hours < 24 || (hours == 24 && minutes == 0) else { return nil }
        self.minutes = hours * 60 + minutes
    }

    /// "09:30"; the end of the day is "24:00".
    public var text: String { (minutes / 60).zeroPadded(2) + ":" + (minutes % 60).zeroPadded(2) }
    public var description: String { text }

    public static func < (a: ClockTime, b: ClockTime) -> Bool { a.minutes < b.minutes }
}

/// How long something took, as people type it and as pages print it. Pure.
public enum WorkDuration {
    /// The longest entry: a whole day.
    public static let maxMinutes = 1440

    /// Minutes from "1:30", "1.5", "1,5" (hours), "90m", "90 min", "2h", "2 h", "2h 30m"; nil for
    /// nothing, zero, more than a day or anything else. At most 16 characters, read character by
    /// character.
    public static func minutes(parsing text: String) -> Int? {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 16 else { return nil }
        let bytes = Array(trimmed.utf8)
        let result: Int?
        if bytes.contains(UInt8(ascii: "h")) || bytes.contains(UInt8(ascii: "m")) {
            result = units(bytes)
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            guard let h = number(bytes[..<colon]), let m = number(bytes[(colon + 1)...]), bytes.count - colon - 1 == 2, m < 60
            else { return nil }
            result = h * 60 + m
        } else {
            result = decimalHours(bytes)
        }
        guard let result, result > 0, result <= maxMinutes else { return nil }
        return result
    }

    /// "7:05" for 7 h 5 min: seconds to the nearest minute (a half minute up).
    public static func text(seconds: Int) -> String {
        let minutes = (max(seconds, 0) + 30) / 60
        return String(minutes / 60) + ":" + (minutes % 60).zeroPadded(2)
    }

    /// Digits only, 1 to 5 of them.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        (1...5).contains(digits.count) ? LocalDate.number(digits) : nil
    }

    /// "1.5" or "1,25" hours, to the nearest minute; at most two decimals.
    private static func decimalHours(_ bytes: [UInt8]) -> Int? {
        guard let separator = bytes.firstIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }) else {
            return number(bytes[...]).map { $0 * 60 }
        }
        let fraction = bytes[(separator + 1)...]
        guard let whole = separator == 0 ? 0 : number(bytes[..<separator]), (1...2).contains(fraction.count),
              let decimals = number(fraction) else { return nil }
        let hundredths = fraction.count == 1 ? decimals * 10 : decimals
        return whole * 60 + (hundredths * 60 + 50) / 100
    }

    /// "2h", "90m", "90 min", "2h 30m", "2 h 30 min".
    private static func units(_ bytes: [UInt8]) -> Int? {
        var total = 0, index = 0, sawHours = false, sawMinutes = false
        func skipSpaces() { while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 } }
        skipSpaces()
        while index < bytes.count {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard let value = number(bytes[start..<index]) else { return nil }
            skipSpaces()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "h"), !sawHours, !sawMinutes {
                sawHours = true
                total += value * 60
                index += 1
            } else if bytes[index] == UInt8(ascii: "m"), !sawMinutes {
                sawMinutes = true
                total += value
                index += 1
                if bytes[index...].starts(with: Array("in".utf8)) { index += 2 }
            } else {
                return nil
            }
            skipSpaces()
        }
        return sawHours || sawMinutes ? total : nil
    }
}
