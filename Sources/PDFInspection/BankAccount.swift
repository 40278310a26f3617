/// A Czech bank account "prefix-number/bank" (DOMAIN.md), valid only with its mod-11 checks.
public struct CzechAccount: Sendable, Equatable, CustomStringConvertible {
    public let prefix: String
    public let number: String
    public let bank: String

    static let prefixWeights = [10, 5, 8, 4, 2, 1]
    static let numberWeights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]

    /// "19-2000145399/0800", "2000145399/0800"; spaces around the separators are tolerated.
    public init?(_ text: String) {
        let compact = text.filter { !$0.isWhitespace }
        guard let match = compact.wholeMatch(of: /(?:([0-9]{1,6})-)?([0-9]{2,10})\/([0-9]{4})/) else { return nil }
        let prefix = match.1.map(String.init) ?? ""
        let number = String(match.2)
        guard Self.weightedSum(prefix, padTo: 6, weights: Self.prefixWeights) % 11 == 0,
              Self.weightedSum(number, padTo: 10, weights: Self.numberWeights) % 11 == 0,
              number.contains(where: { $0 != "0" }) else { return nil }
        self.prefix = prefix.drop { $0 == "0" }.isEmpty ? "" : prefix
        self.number = number
        self.bank = String(match.3)
    }

    /// An account Roster stored itself (checked when it was read): split, not checked again.
    /// Reading a thousand of them for the desk must not run a thousand regular expressions.
    public init?(stored text: String) {
        guard let slash = text.lastIndex(of: "/") else { return nil }
        let head = text[..<slash]
        if let dash = head.firstIndex(of: "-") {
            prefix = String(head[..<dash])
            number = String(head[head.index(after: dash)...])
        } else {
            prefix = ""
            number = String(head)
        }
        bank = String(text[text.index(after: slash)...])
        guard !number.isEmpty, bank.count == 4 else { return nil }
    }

    static func weightedSum(_ digits: String, padTo length: Int, weights: [Int]) -> Int {
        let padded = String(repeating: "0", count: length - digits.count) + digits
        return zip(padded, weights).reduce(0) { $0 + Int(String($1.0))! * $1.1 }
    }

    public var description: String { (prefix.isEmpty ? "" : prefix + "-") + number + "/" + bank }

    /// The account as a Czech IBAN.
    public var iban: IBAN {
        let bban = bank + String(repeating: "0", count: 6 - prefix.count) + prefix
            + String(repeating: "0", count: 10 - number.count) + number
        return IBAN(country: "CZ", bban: bban)
    }
}

/// An IBAN (ISO 13616), valid only with its mod-97 check.
public struct IBAN: Sendable, Equatable, CustomStringConvertible {
    /// Upper case, no spaces.
    public let value: String

    public init?(_ text: String) {
        let compact = text.filter { !$0.isWhitespace }.uppercased()
        guard compact.wholeMatch(of: /[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}/) != nil, Self.mod97(compact) == 1 else { return nil }
        if compact.hasPrefix("CZ"), compact.count != 24 { return nil }
        value = compact
    }

    /// An IBAN Roster stored itself (checked and normalised when it was read).
    public init(stored value: String) {
        self.value = value
    }

    /// Builds the IBAN with its check digits.
    init(country: String, bban: String) {
        let check = 98 - Self.mod97(country + "00" + bban)
        value = country + (check < 10 ? "0" : "") + String(check) + bban
    }

    /// Move the first four characters to the end, letters to 10…35, the number mod 97.
    static func mod97(_ iban: String) -> Int {
        let rearranged = iban.dropFirst(4) + iban.prefix(4)
        var remainder = 0
        for character in rearranged {
            let value = character.isNumber ? Int(String(character))! : Int(character.asciiValue! - 55)
            for digit in String(value) { remainder = (remainder * 10 + Int(String(digit))!) % 97 }
        }
        return remainder
    }

    /// "CZ65 0800 0000 1920 0014 5399": groups of four, as people read them.
    public var description: String {
        stride(from: 0, to: value.count, by: 4).map { offset in
            let start = value.index(value.startIndex, offsetBy: offset)
            return String(value[start..<(value.index(start, offsetBy: 4, limitedBy: value.endIndex) ?? value.endIndex)])
        }.joined(separator: " ")
    }

    /// The Czech account inside a Czech IBAN.
    public var czechAccount: CzechAccount? {
        guard value.hasPrefix("CZ"), value.count == 24 else { return nil }
        let digits = Array(value.dropFirst(4))
        let bank = String(digits[0..<4]), prefix = String(digits[4..<10]), number = String(digits[10..<20])
        let trimmedPrefix = String(prefix.drop { $0 == "0" }), trimmedNumber = String(number.drop { $0 == "0" })
        return CzechAccount((trimmedPrefix.isEmpty ? "" : trimmedPrefix + "-") + trimmedNumber + "/" + bank)
    }
}

/// The Czech company ID: 8 digits, the last a mod-11 check digit.
public enum CompanyID {
    public static func isValid(_ text: String) -> Bool {
        guard text.count == 8, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return false }
        let digits = text.map { Int(String($0))! }
        let sum = zip(digits.prefix(7), [8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 }
        let check = (11 - sum % 11) % 10
        return digits[7] == check
    }
}
