/// Money is integer minor units with an ISO currency; this only prints it.
public enum Money {
    /// "1 000,50 Kč" in Czech, "CZK 1,000.50" in English. Exact: no floating point.
    public static func format(minor: Int64, currency: String, language: Language) -> String {
        let negative = minor < 0
        let magnitude = minor.magnitude
        let whole = String(magnitude / 100), cents = magnitude % 100
        let separator = language == .cs ? "\u{00A0}" : ","
        var groups: [String] = []
        var digits = Substring(whole)
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits = digits.dropLast(3)
        }
        groups.insert(String(digits), at: 0)
        let number = groups.joined(separator: separator) + (language == .cs ? "," : ".") + (cents < 10 ? "0" : "") + String(cents)
        let signed = (negative ? "−" : "") + number
        if language == .cs {
            return signed + "\u{00A0}" + (currency == "CZK" ? "Kč" : currency)
        }
        return currency + "\u{00A0}" + signed
    }
}
