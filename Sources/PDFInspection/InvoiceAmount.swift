/// An amount as written on an invoice: "72 000,00 Kč", "72.000,00 CZK", "CZK 3,600.00",
/// "€ 1.234,56", "5 000,- Kč". Read exactly into minor units; an amount without a currency
/// next to it is not read.
public struct InvoiceAmount: Sendable, Equatable, Codable {
    public let minor: Int64
    public let currency: String

    public init(minor: Int64, currency: String) {
        self.minor = minor
        self.currency = currency
    }

    /// At most this many digits before the decimal separator; a longer figure is not an amount.
    public static let maxWholeDigits = 12
    public static let codes: Set<String> = ["CZK", "EUR", "USD", "GBP"]

    static let currencies: [(word: [UInt8], code: String)] = [
        ("Kč", "CZK"), ("Kc\u{30C}", "CZK"), ("CZK", "CZK"), ("EUR", "EUR"), ("€", "EUR"), ("USD", "USD"), ("$", "USD"),
        ("GBP", "GBP"), ("£", "GBP"),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Every amount with a currency in a line, in order.
    public static func all(in line: String) -> [InvoiceAmount] {
        let bytes = Array(line.utf8)
        return all(in: bytes, from: 0, end: bytes.count)
    }

    /// Every amount in `bytes[from..<end]`: a figure with a currency right after it (one
    /// whitespace character between them at most) or right before it. One pass from left to
    /// right; a figure is read once, however long its run of digits.
    static func all(in bytes: [UInt8], from: Int, end: Int) -> [InvoiceAmount] {
        var found: [InvoiceAmount] = []
        var index = from
        // Where the last currency not yet taken by a figure ends.
        var symbolEnd: (index: Int, code: String)?
        while index < end {
            if let (length, code) = currency(in: bytes, at: index, end: end) {
                index += length
                symbolEnd = (index, code)
                continue
            }
            guard TextBytes.isDigit(bytes[index]) else {
                index += 1
                continue
            }
            let number = figure(in: bytes, at: index, end: end)
            let gap = TextBytes.whitespaceLength(bytes, at: number.end, end: end)
            if let (length, code) = currency(in: bytes, at: number.end + gap, end: end) {
                if let minor = number.minor { found.append(InvoiceAmount(minor: minor, currency: code)) }
                index = number.end + gap + length
                symbolEnd = nil
                continue
            }
            if let symbol = symbolEnd, let minor = number.minor,
               symbol.index == index || symbol.index + TextBytes.whitespaceLength(bytes, at: symbol.index, end: end) == index {
                found.append(InvoiceAmount(minor: minor, currency: symbol.code))
            }
            symbolEnd = nil
            index = number.end
        }
        return found
    }

    static func currency(in bytes: [UInt8], at index: Int, end: Int) -> (Int, String)? {
        guard index < end else { return nil }
        // The first bytes of K, C, E, €, U, $, G, £: most bytes are none of them.
        switch bytes[index] {
        case 0x4B, 0x43, 0x45, 0xE2, 0x55, 0x24, 0x47, 0xC2: break
        default: return nil
        }
        for (word, code) in currencies where TextBytes.hasPrefix(bytes, word, at: index, end: end) { return (word.count, code) }
        return nil
    }

    /// The figure starting at `index` (a digit): "72 000,00", "100.000,00", "3,600.00", "5 000,-",
    /// "1234.5". Groups of three after a first group of one to three digits, separated by a space,
    /// a no-break space, `.`, `,` or `'`; then one or two decimals after `.` or `,`, or ",-".
    /// `minor` is nil when the whole part has more than `maxWholeDigits` digits.
    static func figure(in bytes: [UInt8], at start: Int, end: Int) -> (end: Int, minor: Int64?) {
        var index = start, whole: Int64 = 0, digits = 0
        func take(_ byte: UInt8) {
            if digits < maxWholeDigits { whole = whole * 10 + Int64(TextBytes.digit(byte)) }
            digits += 1
        }
        while index < end, TextBytes.isDigit(bytes[index]) {
            take(bytes[index])
            index += 1
        }
        if digits <= 3 {
            while index < end {
                let byte = bytes[index]
                let separator = byte == 0xC2 && index + 1 < end && bytes[index + 1] == 0xA0 ? 2
                    : byte == 0x20 || byte == 0x2E || byte == 0x2C || byte == 0x27 ? 1 : 0
                let group = index + separator
                guard separator > 0, group + 3 <= end, (group..<(group + 3)).allSatisfy({ TextBytes.isDigit(bytes[$0]) }),
                      group + 3 == end || !TextBytes.isDigit(bytes[group + 3]) else { break }
                for position in group..<(group + 3) { take(bytes[position]) }
                index = group + 3
            }
        }
        var cents: Int64 = 0
        if index < end, bytes[index] == 0x2C || bytes[index] == 0x2E {
            if bytes[index] == 0x2C, index + 1 < end, bytes[index + 1] == 0x2D {
                index += 2
            } else {
                var decimals = index + 1
                while decimals < end, decimals - index <= 3, TextBytes.isDigit(bytes[decimals]) { decimals += 1 }
                let count = decimals - index - 1
                if count == 1 || count == 2 {
                    cents = Int64(TextBytes.digit(bytes[index + 1])) * 10 + (count == 2 ? Int64(TextBytes.digit(bytes[index + 2])) : 0)
                    index = decimals
                }
            }
        }
        guard digits <= maxWholeDigits else { return (index, nil) }
        return (index, whole * 100 + cents)
    }

    enum CodingKeys: String, CodingKey { case minor, currency }

    /// The first amount in minor units with more than `maxWholeDigits` whole digits.
    public static let minorLimit: Int64 = (0..<maxWholeDigits).reduce(Int64(100)) { limit, _ in limit * 10 }

    /// What the text rules can read: a known currency, a non-negative amount of at most
    /// `maxWholeDigits` whole digits.
    public static func isReadable(minor: Int64, currency: String) -> Bool {
        codes.contains(currency) && minor >= 0 && minor < minorLimit
    }

    /// Checked again when read from the inspector's answer (`isReadable`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let minor = try container.decode(Int64.self, forKey: .minor)
        let currency = try container.decode(String.self, forKey: .currency)
        guard Self.isReadable(minor: minor, currency: currency) else {
            throw DecodingError.dataCorruptedError(forKey: .minor, in: container, debugDescription: "not an invoice amount")
        }
        self.init(minor: minor, currency: currency)
    }
}
