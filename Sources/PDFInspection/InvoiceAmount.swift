/// An amount as written on an invoice: "72 000,00 Kč", "72.000,00 CZK", "CZK 3,600.00",
/// "€ 1.234,56", "5 000,- Kč". Read exactly into minor units; an amount without a currency
/// next to it is not read.
public struct InvoiceAmount: Sendable, Equatable {
    public let minor: Int64
    public let currency: String

    public init(minor: Int64, currency: String) {
        self.minor = minor
        self.currency = currency
    }

    static let currencies: [(word: String, code: String)] = [
        ("Kč", "CZK"), ("CZK", "CZK"), ("EUR", "EUR"), ("€", "EUR"), ("USD", "USD"), ("$", "USD"), ("GBP", "GBP"), ("£", "GBP"),
    ]

    /// Every amount with a currency in a line, in order.
    public static func all(in line: String) -> [InvoiceAmount] {
        let number = #"[0-9]{1,3}(?:[ \u{00A0}.,'][0-9]{3})*(?:[.,][0-9]{1,2}|,-)?|[0-9]+(?:[.,][0-9]{1,2}|,-)?"#
        let symbols = #"Kč|CZK|EUR|€|USD|\$|GBP|£"#
        guard let after = try? Regex<(Substring, Substring, Substring)>("(" + number + #")\s?("# + symbols + ")"),
              let before = try? Regex<(Substring, Substring, Substring)>("(" + symbols + #")\s?("# + number + ")")
        else { return [] }
        var found: [(String.Index, InvoiceAmount)] = []
        for match in line.matches(of: after) {
            if let amount = parse(String(match.output.1), currency: String(match.output.2)) {
                found.append((match.range.lowerBound, amount))
            }
        }
        for match in line.matches(of: before) where !found.contains(where: { match.range.contains($0.0) }) {
            if let amount = parse(String(match.output.2), currency: String(match.output.1)) {
                found.append((match.range.lowerBound, amount))
            }
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// "72 000,00" → 7200000 with the decimal separator worked out from the digits after it.
    static func parse(_ text: String, currency word: String) -> InvoiceAmount? {
        guard let code = currencies.first(where: { $0.word == word })?.code else { return nil }
        var digits = text
        var fraction = "00"
        if digits.hasSuffix(",-") {
            digits.removeLast(2)
        } else if let last = digits.lastIndex(where: { $0 == "," || $0 == "." }) {
            let tail = digits[digits.index(after: last)...]
            // One or two digits after the last separator: decimals. Three: a thousands group.
            if tail.count <= 2 {
                fraction = tail.count == 1 ? tail + "0" : String(tail)
                digits = String(digits[..<last])
            }
        }
        let whole = digits.filter(\.isNumber)
        guard !whole.isEmpty, whole.count <= 12, let units = Int64(whole), let cents = Int64(fraction) else { return nil }
        return InvoiceAmount(minor: units * 100 + cents, currency: code)
    }
}
