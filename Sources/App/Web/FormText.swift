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
