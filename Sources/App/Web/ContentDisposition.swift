/// A download's `Content-Disposition` (RFC 6266), the same for the web and the API: the file's
/// name in `filename` as plain ASCII (anything else, quotes, backslashes, percent signs and
/// control characters replaced by "_"), and when that is not the name itself, the exact name in
/// `filename*` (RFC 8187: UTF-8, percent-encoded), which browsers and HTTP clients prefer.
enum ContentDisposition {
    static func attachment(_ name: String) -> String { value("attachment", name) }

    static func inline(_ name: String) -> String { value("inline", name) }

    private static func value(_ kind: String, _ name: String) -> String {
        let fallback = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F && !"\"\\%".unicodeScalars.contains(scalar)
                ? scalar : "_"
        }))
        guard fallback != name else { return "\(kind); filename=\"\(name)\"" }
        return "\(kind); filename=\"\(fallback)\"; filename*=UTF-8''\(encoded(name))"
    }

    /// RFC 8187's attr-char kept, every other byte of the UTF-8 percent-encoded.
    private static func encoded(_ text: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        var out = ""
        for byte in text.utf8 {
            if kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
