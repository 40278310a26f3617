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
}
