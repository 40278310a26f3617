/// A Czech bank account "prefix-number/bank" (docs/DOMAIN.md, Account numbers), valid only with its mod-11 checks.
public struct CzechAccount: Sendable, Equatable, CustomStringConvertible {
    public let prefix: String
    public let number: String
    public let bank: String

    static let prefixWeights = [10, 5, 8, 4, 2, 1]
    static let numberWeights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1]

    /// "19-2000145399/0800", "2000145399/0800"; spaces around the separators are tolerated.
    public init?(_ text: String) {
        // Read character by character: at most 22 characters without spaces.
        let compact = Array(text.utf8.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
        guard compact.count <= 22, let slash = compact.firstIndex(of: 0x2F) else { return nil }
        let head = compact[..<slash], bank = compact[(slash + 1)...]
        let dash = head.firstIndex(of: 0x2D)
        let prefix = dash.map { head[..<$0] } ?? [], number = dash.map { head[($0 + 1)...] } ?? head
        guard bank.count == 4, (dash == nil || (1...6).contains(prefix.count)), (2...10).contains(number.count),
              (prefix + number + bank).allSatisfy(TextBytes.isDigit) else { return nil }
        let prefixText = String(decoding: prefix, as: UTF8.self), numberText = String(decoding: number, as: UTF8.self)
        guard Self.weightedSum(prefixText, padTo: 6, weights: Self.prefixWeights) % 11 == 0,
              Self.weightedSum(numberText, padTo: 10, weights: Self.numberWeights) % 11 == 0,
              number.contains(where: { $0 != 0x30 }) else { return nil }
        self.prefix = prefix.allSatisfy { $0 == 0x30 } ? "" : prefixText
        self.number = numberText
        self.bank = String(decoding: bank, as: UTF8.self)
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

    /// The digits (ASCII, checked by the caller) weighted from the right, padded with zeros.
    static func weightedSum(_ digits: String, padTo length: Int, weights: [Int]) -> Int {
        let padded = Array(repeating: UInt8(0x30), count: max(0, length - digits.utf8.count)) + Array(digits.utf8)
        return zip(padded, weights).reduce(0) { $0 + TextBytes.digit($1.0) * $1.1 }
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
        // Two letters, two check digits, 11 to 30 letters or digits; spaces anywhere.
        var compact: [UInt8] = []
        for byte in text.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            guard compact.count < 34, TextBytes.isDigit(byte) || TextBytes.isASCIILetter(byte) else { return nil }
            compact.append(byte >= 0x61 ? byte - 0x20 : byte)
        }
        guard compact.count >= 15, compact.prefix(2).allSatisfy(TextBytes.isASCIILetter),
              compact.dropFirst(2).prefix(2).allSatisfy(TextBytes.isDigit) else { return nil }
        let value = String(decoding: compact, as: UTF8.self)
        guard Self.mod97(value) == 1, !value.hasPrefix("CZ") || compact.count == 24 else { return nil }
        self.value = value
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
        for byte in rearranged.utf8 {
            if TextBytes.isDigit(byte) {
                remainder = (remainder * 10 + TextBytes.digit(byte)) % 97
            } else if byte >= 0x41, byte <= 0x5A {
                remainder = (remainder * 100 + Int(byte) - 55) % 97
            } else {
                return -1
            }
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

/// A bank account as a person types it: a Czech account number, or else an IBAN.
public enum TypedAccount {
    /// The account `text` names, as exactly one of the two; nil when it is neither.
    public static func read(_ text: String) -> (account: CzechAccount?, iban: IBAN?)? {
        if let czech = CzechAccount(text) { return (czech, nil) }
        if let iban = IBAN(text) { return (nil, iban) }
        return nil
    }
}

/// The Czech company ID: 8 digits, the last a mod-11 check digit.
public enum CompanyID {
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, bytes.allSatisfy(TextBytes.isDigit) else { return false }
        let digits = bytes.map(TextBytes.digit)
        let sum = zip(digits.prefix(7), [8, 7, 6, 5, 4, 3, 2]).reduce(0) { $0 + $1.0 * $1.1 }
        let check = (11 - sum % 11) % 10
        return digits[7] == check
    }
}

/// In the inspector's answer an account is its text, checked again when it is read.
extension CzechAccount: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let account = CzechAccount(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a valid Czech account")
        }
        self = account
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension IBAN: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let iban = IBAN(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a valid IBAN")
        }
        self = iban
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
