/// The small tools the invoice rules scan text with. The text is UTF-8 bytes, read once from
/// left to right: no regular expression, no backtracking, so every rule takes time linear in
/// the text (a PDF can put any text on a page, e.g. 20,000 digits after a label).
enum TextBytes {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isASCIILetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    static func digit(_ byte: UInt8) -> Int { Int(byte) - 0x30 }

    /// The length of the whitespace character at `index` (an ASCII blank, a no-break space or a
    /// Unicode space), 0 when there is none.
    static func whitespaceLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        guard index < end else { return 0 }
        let byte = bytes[index]
        if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return 1 }
        if byte == 0xC2, index + 1 < end, bytes[index + 1] == 0xA0 || bytes[index + 1] == 0x85 { return 2 }
        if byte == 0xE2, index + 2 < end {
            let (b1, b2) = (bytes[index + 1], bytes[index + 2])
            if b1 == 0x80, (0x80...0x8A).contains(b2) || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF { return 3 }
            if b1 == 0x81, b2 == 0x9F { return 3 }
        }
        if byte == 0xE3, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 { return 3 }
        if byte == 0xE1, index + 2 < end, bytes[index + 1] == 0x9A, bytes[index + 2] == 0x80 { return 3 }
        return 0
    }

    /// Whether `needle` starts at `index` (and ends before `end`).
    static func hasPrefix(_ bytes: [UInt8], _ needle: [UInt8], at index: Int, end: Int) -> Bool {
        guard index >= 0, needle.count <= end - index else { return false }
        for offset in 0..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    /// The first place at or after `from` where `needle` starts and ends before `end`. Needles
    /// are labels of a few dozen bytes at most, so this is linear in the text.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, end: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, end <= bytes.count, needle.count <= end - from else { return nil }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { wanted in find(wanted, in: haystack, from: from, end: end) }
        }
    }

    static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int? {
        guard let first = needle.first, from >= 0, needle.count <= end - from else { return nil }
        var index = from
        let last = end - needle.count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Lower case, character by character, where the lower-case letter is as long in UTF-8 as
    /// the capital (all the letters the labels use: A–Z, Á, Č, Ď, É, Ě, Í, Ň, Ó, Ř, Š, Ť, Ú, Ů,
    /// Ý, Ž…): every byte keeps its position, so a label found in the folded text is at the same
    /// place in the text itself.
    static func folded(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte >= 0x41 && byte <= 0x5A { out[index] = byte + 0x20 }
                index += 1
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard length > 1, index + length <= bytes.count,
                  let scalar = String(decoding: bytes[index..<(index + length)], as: UTF8.self).unicodeScalars.first,
                  scalar.properties.isUppercase else {
                index += 1
                continue
            }
            let lower = Array(scalar.properties.lowercaseMapping.utf8)
            if lower.count == length { out.replaceSubrange(index..<(index + length), with: lower) }
            index += length
        }
        return out
    }

    /// Whether the character that ends just before `index` is a letter, a digit or `_`.
    static func wordCharacter(before index: Int, in bytes: [UInt8], start: Int) -> Bool {
        guard index > start else { return false }
        var first = index - 1
        while first > start, index - first < 4, bytes[first] & 0xC0 == 0x80 { first -= 1 }
        return isWordCharacter(bytes, first, index)
    }

    /// Whether the character that starts at `index` is a letter, a digit or `_`.
    static func wordCharacter(at index: Int, in bytes: [UInt8], end: Int) -> Bool {
        guard index < end else { return false }
        var last = index + 1
        while last < end, last - index < 4, bytes[last] & 0xC0 == 0x80 { last += 1 }
        return isWordCharacter(bytes, index, last)
    }

    private static func isWordCharacter(_ bytes: [UInt8], _ from: Int, _ to: Int) -> Bool {
        let byte = bytes[from]
        if byte < 0x80 { return isDigit(byte) || isASCIILetter(byte) || byte == 0x5F }
        guard let scalar = String(decoding: bytes[from..<to], as: UTF8.self).unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Whether every character in the range is whitespace or punctuation.
    static func onlySpaceOrPunctuation(_ bytes: [UInt8], from: Int, end: Int) -> Bool {
        String(decoding: bytes[from..<end], as: UTF8.self).unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .connectorPunctuation, .dashPunctuation,
                 .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation: true
            default: scalar.properties.isWhitespace
            }
        }
    }
}
