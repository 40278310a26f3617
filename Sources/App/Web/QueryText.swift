import Vapor

/// One value of a request's query string, read without decoding the whole query.
///
/// Vapor's `query.get(_:at:)` and `query.decode(_:)` parse every parameter into a tree and decode
/// it for each value asked for; a list page asks for four or five (docs/ARCHITECTURE.md, "Page
/// speed"). Pages read flat parameters only, so a scan for the one name is enough.
enum QueryText {
    /// The first value of `name` in `query` (a URL's percent-encoded query): `+` is a space and
    /// percent escapes are decoded. Nil when absent, or when its escapes are malformed.
    static func first(_ name: String, in query: String?) -> String? {
        guard let query, !query.isEmpty else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard decoded(parts[0]) == name else { continue }
            return parts.count == 2 ? decoded(parts[1]) : ""
        }
        return nil
    }

    /// The bytes are tested, not the text: `contains` with a string argument is Foundation's
    /// search, which a page paid for each parameter it read.
    private static func decoded(_ text: Substring) -> String? {
        let spaced = text.utf8.contains(UInt8(ascii: "+")) ? String(text.replacing("+", with: " ")) : String(text)
        return spaced.utf8.contains(UInt8(ascii: "%")) ? spaced.removingPercentEncoding : spaced
    }
}

extension Request {
    /// The query parameter `name` as sent (`QueryText`); nil when absent or malformed.
    func queryText(_ name: String) -> String? { QueryText.first(name, in: url.query) }

    /// The query parameter `name` as a whole number; nil when absent or not a number.
    func queryInt(_ name: String) -> Int? { queryText(name).flatMap { Int($0) } }
}
