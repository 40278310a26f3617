/// Money is integer minor units with an ISO currency; this only prints it.
public enum Money {
    /// "1 000,50 Kč" in Czech, "CZK 1,000.50" in English. Exact: no floating point. Written as
    /// UTF-8 straight into the string's own storage, the digits from the last one back (a desk
    /// prints some three thousand amounts: appending scalars to a string took a twentieth of it).
    public static func format(minor: Int64, currency: String, language: Language) -> String {
        let czech = language == .cs
        let magnitude = minor.magnitude, whole = magnitude / 100, cents = Int(magnitude % 100)
        var wholeDigits = 1, rest = whole
        while rest >= 10 { rest /= 10; wholeDigits += 1 }
        // A group separator is a no-break space (two bytes) in Czech, a comma in English.
        let separatorBytes = czech ? 2 : 1, groups = (wholeDigits - 1) / 3
        let unit = czech && currency == "CZK" ? "Kč" : currency
        let count = unit.utf8.count + 2 + (minor < 0 ? 3 : 0) + wholeDigits + groups * separatorBytes + 3
        return String(unsafeUninitializedCapacity: count) { out in
            var at = 0
            func put(_ byte: UInt8) { out[at] = byte; at += 1 }
            func putUnit() { for byte in unit.utf8 { put(byte) } }
            if !czech { putUnit(); put(0xC2); put(0xA0) }
            if minor < 0 { put(0xE2); put(0x88); put(0x92) }  // "−", U+2212
            let end = at + wholeDigits + groups * separatorBytes
            var digit = end, value = whole, written = 0
            repeat {
                if written > 0 && written % 3 == 0 {
                    digit -= separatorBytes
                    if czech { out[digit] = 0xC2; out[digit + 1] = 0xA0 } else { out[digit] = UInt8(ascii: ",") }
                }
                digit -= 1
                out[digit] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                written += 1
            } while value > 0
            at = end
            put(czech ? UInt8(ascii: ",") : UInt8(ascii: "."))
            put(UInt8(ascii: "0") + UInt8(cents / 10))
            put(UInt8(ascii: "0") + UInt8(cents % 10))
            if czech { put(0xC2); put(0xA0); putUnit() }
            return at
        }
    }
}

extension Money {
    /// "650", "650,50", "1 200.5" → minor units; nil for anything else, more than two decimals or
    /// more than `maxWholeDigits` (at most 15) digits before them.
    public static func parse(_ text: String, maxWholeDigits: Int = 9) -> Int64? {
        let cleaned = text.trimmingWhitespace()
            .replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\u{00A0}", with: "")
            .replacingOccurrences(of: ",", with: ".")
        guard let match = cleaned.wholeMatch(of: /([0-9]{1,15})(?:\.([0-9]{1,2}))?/), match.1.count <= min(maxWholeDigits, 15)
        else { return nil }
        let whole = Int64(match.1)!
        let fraction = match.2.map { $0.count == 1 ? Int64($0)! * 10 : Int64($0)! } ?? 0
        return whole * 100 + fraction
    }

    /// The highest hourly rate Roster accepts (100,000 a hour), in minor units.
    public static let maxHourlyRateMinor: Int64 = 100_000_00
}

extension Money {
    /// The amount as typed into a form: "650,50" in Czech, "650.50" in English, no grouping.
    public static func plain(minor: Int64, language: Language) -> String {
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        let cents = magnitude % 100
        return sign + String(magnitude / 100) + (language == .cs ? "," : ".") + (cents < 10 ? "0" : "") + String(cents)
    }
}

extension Money {
    /// "84700.00", "-5.05": minor units as a plain decimal with two places, for files.
    public static func decimal(minor: Int64) -> String {
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        let cents = magnitude % 100
        return sign + String(magnitude / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
    }
}

/// Exact integer division for money and percentages, rounded once, half away from zero.
public enum Rounding {
    /// `numerator / denominator` rounded half away from zero; the denominator must be positive.
    /// The SQL function `round_div` is the same rule.
    public static func divide(_ numerator: Int64, by denominator: Int64) -> Int64 {
        precondition(denominator > 0, "divide by a positive number")
        let magnitude = (2 * numerator.magnitude + denominator.magnitude) / (2 * denominator.magnitude)
        return numerator < 0 ? -Int64(magnitude) : Int64(magnitude)
    }
}
