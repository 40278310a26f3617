import Foundation

/// Rules on the text of forms and query strings that hold for every field, applied once where a
/// request's input is first read (`RequestBodyMiddleware`), not in each handler.
enum FormText {
    /// The name of the first field of an `application/x-www-form-urlencoded` text (a body or a
    /// query string) whose name or value holds U+0000, which PostgreSQL cannot store in text;
    /// nil when none does. Linear in the text.
    static func fieldWithNUL(urlEncoded text: some StringProtocol) -> String? {
        for pair in text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        where containsNUL(pair) {
            let key = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false).first ?? pair
            let raw = String(decoding: key.prefix(200), as: UTF8.self).replacingOccurrences(of: "+", with: " ")
            let name = (raw.removingPercentEncoding ?? raw).replacingOccurrences(of: "\0", with: "")
            return name.isEmpty ? "?" : name
        }
        return nil
    }

    /// A raw NUL byte, or `%00` (which decodes to one).
    private static func containsNUL(_ bytes: some Collection<UInt8>) -> Bool {
        var percent = 0
        for byte in bytes {
            if byte == 0 { return true }
            switch (percent, byte) {
            case (_, UInt8(ascii: "%")): percent = 1
            case (1, UInt8(ascii: "0")): percent = 2
            case (2, UInt8(ascii: "0")): return true
            default: percent = 0
            }
        }
        return false
    }
}

extension FormText {
    /// Whether a JSON text holds U+0000: a raw NUL byte or the escape `\u0000` inside a string.
    /// Linear in the text; a backslash that is itself escaped (`\\u0000`, the six characters) is
    /// told apart by counting the backslashes before the `u`.
    static func jsonContainsNUL(_ bytes: some Collection<UInt8>) -> Bool {
        var backslashes = 0
        var zeros = -1 // after an escaping backslash and `u`: how many `0` followed; else -1
        for byte in bytes {
            if byte == 0 { return true }
            if zeros >= 0 {
                if byte == UInt8(ascii: "0") {
                    zeros += 1
                    if zeros == 4 { return true }
                    continue
                }
                zeros = -1
            }
            if byte == UInt8(ascii: "\\") {
                backslashes += 1
                continue
            }
            if backslashes % 2 == 1, byte == UInt8(ascii: "u") || byte == UInt8(ascii: "U") {
                zeros = 0
            }
            backslashes = 0
        }
        return false
    }
}

extension FormText {
    /// A character that is refused in any field, as U+0000 is, because it is invisible and can
    /// make a text look like another (a file name "fakturaRLOfdp.exe" read backwards, a name
    /// that reorders the line it is shown in): the bidirectional embeddings, overrides and
    /// isolates (U+202A–202E, U+2066–2069), and control characters other than tab, line feed and
    /// carriage return (C0, DEL, C1).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func hasHidden(_ text: some StringProtocol) -> Bool { text.unicodeScalars.contains(where: isHidden) }

    /// The name of the first field of a url-encoded text whose name or value, decoded, holds a
    /// hidden character (`isHidden`); nil when none does. Linear in the text.
    static func fieldWithHidden(urlEncoded text: some StringProtocol) -> String? {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decoded = parts.map { part in
                let spaced = part.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            guard decoded.contains(where: hasHidden) else { continue }
            let name = String(String.UnicodeScalarView((decoded.first ?? "").unicodeScalars.filter { !isHidden($0) }).prefix(200))
            return name.isEmpty ? "?" : name
        }
        return nil
    }

    /// The path of the first string (a key or a value) of a JSON text that holds a hidden
    /// character; nil when none does, or when the text is not JSON (its decoding answers that).
    /// The nesting is bounded by the parser.
    static func jsonFieldWithHidden(_ data: Data) -> String? {
        // Parsed only when its bytes could hold one: DEL, a C1 or U+20xx character, or an escape.
        var previous: UInt8 = 0
        let suspicious = data.contains { byte in
            defer { previous = byte }
            return byte == 0x7F || byte == 0xC2 || byte == 0xE2 || (previous == UInt8(ascii: "\\") && byte == UInt8(ascii: "u"))
        }
        guard suspicious, let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        var visited = 0
        func walk(_ value: Any, _ path: String) -> String? {
            visited += 1
            guard visited < 1_000_000 else { return nil }
            if let text = value as? String { return hasHidden(text) ? (path.isEmpty ? "body" : path) : nil }
            if let array = value as? [Any] {
                for (index, item) in array.enumerated() { if let found = walk(item, "\(path)[\(index)]") { return found } }
            } else if let object = value as? [String: Any] {
                for (key, item) in object {
                    let place = path.isEmpty ? key : path + "." + key
                    if hasHidden(key) { return String(String.UnicodeScalarView(place.unicodeScalars.filter { !isHidden($0) })) }
                    if let found = walk(item, place) { return found }
                }
            }
            return nil
        }
        return walk(value, "")
    }
}
