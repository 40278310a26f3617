import Foundation

extension String {
    /// The text as one value of a URL query: everything but RFC 3986's unreserved characters
    /// percent-encoded (so `&`, `=`, `+` and `#` cannot end the value).
    var urlQueryEncoded: String {
        // Most values (months, ids, page numbers) need no escape and come back as they are; the
        // rest is encoded byte by byte (Foundation's `addingPercentEncoding` tests a
        // `CharacterSet` per character: a fortieth of the month of time's server time).
        if utf8.allSatisfy(Self.isUnreserved) { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if Self.isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits, `-._~` (not every Unicode
    /// letter, which `CharacterSet.alphanumerics` would let through unencoded).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

/// An address with a query: `path?name=value&…` for the items that have a value, each value
/// encoded (`urlQueryEncoded`); the path alone when none has.
func link(_ path: String, _ items: [(name: String, value: String?)]) -> String {
    let query = items.compactMap { item in item.value.map { item.name + "=" + $0.urlQueryEncoded } }
    return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
}
