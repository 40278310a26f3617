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
