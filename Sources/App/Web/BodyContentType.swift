/// The Content-Type of a request body, read strictly before any byte of the body is decoded.
///
/// Only the media types Roster's routes take are recognised; a multipart type must carry a
/// boundary of 1–70 characters of RFC 2046's `bchars`, not ending in a space. Everything else
/// is refused with 400 (malformed) or 415 (a type the route does not take), so no decoder ever
/// meets a body it was not built for.
enum BodyContentType: Equatable, Sendable {
    case urlEncodedForm
    case multipartForm(boundary: String)
    case json

    enum Problem: Error, Equatable {
        /// The header is not a media type, or a multipart boundary is missing or malformed.
        case malformed
        /// A well-formed type that Roster does not decode.
        case unsupported
    }

    /// The longest header value looked at; longer ones are malformed (nothing legitimate is).
    static let maxHeaderLength = 512

    init(header: String) throws(Problem) {
        guard header.utf8.count <= Self.maxHeaderLength else { throw .malformed }
        var parts = Substring(header).split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let first = parts.next() else { throw .malformed }
        let mediaType = first.trimmingSpaces.lowercased()
        guard Self.isToken(mediaType, allowing: "/"), mediaType.split(separator: "/").count == 2 else { throw .malformed }
        var parameters: [String: String] = [:]
        while let part = parts.next() {
            let trimmed = part.trimmingSpaces
            if trimmed.isEmpty { continue }
            guard let equals = trimmed.firstIndex(of: "=") else { throw .malformed }
            let name = trimmed[..<equals].trimmingSpaces.lowercased()
            var value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
            guard Self.isToken(name) else { throw .malformed }
            if value.hasPrefix("\"") {
                // A quoted string; the values Roster reads never need escapes, so none are taken.
                guard value.count >= 2, value.hasSuffix("\"") else { throw .malformed }
                value = value.dropFirst().dropLast()
                guard !value.contains("\""), !value.contains("\\") else { throw .malformed }
            } else if !value.isEmpty, !Self.isToken(String(value)) {
                throw .malformed
            }
            // A parameter named twice is ambiguous: two parsers could pick different ones.
            guard parameters.updateValue(String(value), forKey: name) == nil else { throw .malformed }
        }
        switch mediaType {
        case "application/x-www-form-urlencoded":
            self = .urlEncodedForm
        case "application/json":
            self = .json
        case "multipart/form-data":
            guard let boundary = parameters["boundary"], Self.isValidBoundary(boundary) else { throw .malformed }
            self = .multipartForm(boundary: boundary)
        default:
            throw .unsupported
        }
    }

    /// RFC 2046 §5.1.1: 1–70 of DIGIT ALPHA ' ( ) + _ , - . / : = ? and space, not ending in a space.
    static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.last != UInt8(ascii: " ") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "A")...UInt8(ascii: "Z"):
                true
            default:
                "'()+_,-./:=? ".utf8.contains(byte)
            }
        }
    }

    /// RFC 9110 `token` characters (plus `extra`), at least one.
    private static func isToken(_ text: String, allowing extra: Character? = nil) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            if let extra, byte == extra.asciiValue { return true }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) ?? start
        return Substring(scalars[start...end])
    }
}
