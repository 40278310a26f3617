import Foundation

/// The variable symbol: up to ten digits, which Czech payments carry to name what they pay.
public enum VariableSymbol {
    /// Digits without the leading zeros (banks pad it to ten); nil for anything else or for zero.
    public static func normalised(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard (1...10).contains(trimmed.utf8.count), trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = String(trimmed.drop { $0 == "0" })
        return digits.isEmpty ? nil : digits
    }

    /// The symbol a text names: the whole text when it is one, else the digits after "VS" (with
    /// ":", "/", "=", "." or spaces between), as banks and Roster's payment order write it. One
    /// pass over the bytes.
    public static func find(in text: String) -> String? {
        if let whole = normalised(text) { return whole }
        let bytes = Array(text.utf8.prefix(1_000))
        var index = 0
        while index + 1 < bytes.count {
            let isVS = (bytes[index] | 0x20) == 0x76 && (bytes[index + 1] | 0x20) == 0x73
            let startsWord = index == 0 || !(TextIsAlphanumeric.byte(bytes[index - 1]))
            guard isVS, startsWord else { index += 1; continue }
            var cursor = index + 2
            while cursor < bytes.count, [0x20, 0x3A, 0x2F, 0x3D, 0x2E].contains(bytes[cursor]) { cursor += 1 }
            let digitsStart = cursor
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 { cursor += 1 }
            let endsWord = cursor == bytes.count || !TextIsAlphanumeric.byte(bytes[cursor])
            if cursor > digitsStart, cursor - digitsStart <= 10, endsWord,
               let symbol = normalised(String(decoding: bytes[digitsStart..<cursor], as: UTF8.self)) {
                return symbol
            }
            index = max(cursor, index + 2)
        }
        return nil
    }
}

/// ASCII letters and digits, for telling where a word starts.
enum TextIsAlphanumeric {
    static func byte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
