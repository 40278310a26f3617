/// Money is integer minor units with an ISO currency; this only prints it.
public enum Money {
    /// "1 000,50 Kč" in Czech, "CZK 1,000.50" in English. Exact: no floating point. Written into
    /// one string as it goes (a desk prints some three thousand amounts).
    public static func format(minor: Int64, currency: String, language: Language) -> String {
        let czech = language == .cs
        let magnitude = minor.magnitude
        // Up to 15 digits, a string this small needs no allocation of its own.
        let whole = String(magnitude / 100), cents = magnitude % 100
        var out = ""
        out.reserveCapacity(whole.utf8.count * 5 / 3 + currency.utf8.count + 12)
        if !czech {
            out += currency
            out += "\u{00A0}"
        }
        if minor < 0 { out += "−" }
        let count = whole.utf8.count
        for (index, digit) in whole.unicodeScalars.enumerated() {
            if index > 0 && (count - index) % 3 == 0 { out += czech ? "\u{00A0}" : "," }
            out.unicodeScalars.append(digit)
        }
        out += czech ? "," : "."
        if cents < 10 { out += "0" }
        out += String(cents)
        if czech {
            out += "\u{00A0}"
            out += currency == "CZK" ? "Kč" : currency
        }
        return out
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
