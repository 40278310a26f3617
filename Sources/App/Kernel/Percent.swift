/// Percentages are kept as hundredths of a percent (basis points) and printed here.
public enum Percent {
    /// 825 → "+8.25 %" in English, "+8,25 %" in Czech; the sign is always shown.
    public static func format(basisPoints: Int64, language: Language) -> String {
        let magnitude = basisPoints.magnitude
        let fraction = magnitude % 100
        let number = String(magnitude / 100) + (language == .cs ? "," : ".") + (fraction < 10 ? "0" : "") + String(fraction)
        let sign = basisPoints > 0 ? "+" : basisPoints < 0 ? "−" : ""
        return sign + number + "\u{00A0}%"
    }

    /// "1", "2.5", "0,25" percent (at most two decimals, 0 to 100) as basis points; nil for
    /// anything else. At most 8 characters, read character by character.
    public static func basisPoints(parsing text: String) -> Int? {
        let trimmed = text.trimmingWhitespace().replacingOccurrences(of: ",", with: ".")
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8 else { return nil }
        let parts = trimmed.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let whole = Int(parts[0].isEmpty ? "0" : parts[0]) else {
            return nil
        }
        var hundredths = 0
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), let fraction = Int(parts[1]) else { return nil }
            hundredths = parts[1].count == 1 ? fraction * 10 : fraction
        }
        let points = whole * 100 + hundredths
        return (0...10_000).contains(points) ? points : nil
    }

    /// Basis points as a plain number for a form: 100 → "1", 250 → "2.5", 5 → "0.05".
    public static func plain(basisPoints: Int) -> String {
        let whole = basisPoints / 100, rest = basisPoints % 100
        if rest == 0 { return String(whole) }
        return String(whole) + "." + (rest % 10 == 0 ? String(rest / 10) : rest.zeroPadded(2))
    }
}
