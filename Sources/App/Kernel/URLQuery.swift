import Foundation

extension String {
    /// The text as one value of a URL query: everything but RFC 3986's unreserved characters
    /// percent-encoded (so `&`, `=`, `+` and `#` cannot end the value).
    var urlQueryEncoded: String {
        addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? self
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits, `-._~` (not every Unicode
    /// letter, which `CharacterSet.alphanumerics` would let through unencoded).
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// An address with a query: `path?name=value&…` for the items that have a value, each value
/// encoded (`urlQueryEncoded`); the path alone when none has.
func link(_ path: String, _ items: [(name: String, value: String?)]) -> String {
    let query = items.compactMap { item in item.value.map { item.name + "=" + $0.urlQueryEncoded } }
    return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
}
