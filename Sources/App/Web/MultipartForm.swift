#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// A `multipart/form-data` body (RFC 7578), parsed once, strictly and in linear time.
///
/// Roster's only multipart form is the invoice upload: a few text fields and one file. The
/// parser takes the whole collected body, finds each delimiter with a byte search (every
/// position is compared at most once per delimiter length, so hostile bodies cost linear time),
/// and keeps file contents as slices of the body buffer, never copied. Anything that is not a
/// well-formed form (no delimiter, a part without `Content-Disposition: form-data; name=…`,
/// too many parts, oversized headers, text that is not UTF-8) is a `Problem`; a NUL in a text
/// field or a file name is its own problem, so the page can name the field.
struct MultipartForm: Sendable {
    struct FilePart: Sendable {
        let name: String
        let filename: String
        let contentType: String?
        let content: ByteBuffer
    }

    enum Problem: Error, Equatable {
        case malformed
        /// A text field (or a file's name) holds U+0000, which no text column can store.
        case nulCharacter(field: String)
        case hiddenCharacter(field: String)
    }

    struct Limits: Sendable {
        var maxParts = 16
        /// The header block of one part.
        var maxHeaderBytes = 4096
        /// One text field (a file's content has no limit here: the body's own limit bounds it).
        var maxFieldBytes = 64 * 1024
    }

    private(set) var fields: [(name: String, value: String)] = []
    private(set) var files: [FilePart] = []

    /// The first text field of that name.
    func field(_ name: String) -> String? { fields.first { $0.name == name }?.value }

    /// The first file of that name.
    func file(_ name: String) -> FilePart? { files.first { $0.name == name } }

    static func parse(_ body: ByteBuffer, boundary: String, limits: Limits = Limits()) throws(Problem) -> MultipartForm {
        guard BodyContentType.isValidBoundary(boundary) else { throw .malformed }
        let outcome = body.withUnsafeReadableBytes { bytes in
            Result { () throws(Problem) -> MultipartForm in
                try parse(Bytes(base: bytes), body: body, boundary: boundary, limits: limits)
            }
        }
        return try outcome.get()
    }

    private static func parse(_ bytes: Bytes, body: ByteBuffer, boundary: String, limits: Limits) throws(Problem) -> MultipartForm {
        let delimiter = Array("--\(boundary)".utf8)
        let closing: [UInt8] = [13, 10] + delimiter
        var form = MultipartForm()
        // The first delimiter opens the body or follows a preamble's CRLF.
        var position: Int
        if bytes.matches(delimiter, at: 0) {
            position = delimiter.count
        } else if let found = bytes.search(closing, from: 0) {
            position = found + closing.count
        } else {
            throw .malformed
        }
        var parts = 0
        while true {
            // After a delimiter: "--" closes the body; otherwise optional padding, then CRLF.
            if bytes[position] == 45, bytes[position + 1] == 45 { return form }
            while bytes[position] == 32 || bytes[position] == 9 { position += 1 }
            guard bytes[position] == 13, bytes[position + 1] == 10 else { throw .malformed }
            position += 2
            parts += 1
            guard parts <= limits.maxParts else { throw .malformed }
            // The part's headers end at the first empty line, within the header limit.
            let headerLimit = min(bytes.count, position + limits.maxHeaderBytes)
            guard let headerEnd = bytes.search([13, 10, 13, 10], from: position, before: headerLimit) else { throw .malformed }
            let headers = try PartHeaders(bytes.base[position..<headerEnd])
            let contentStart = headerEnd + 4
            guard let contentEnd = bytes.search(closing, from: contentStart),
                  let content = body.getSlice(at: body.readerIndex + contentStart, length: contentEnd - contentStart)
            else { throw .malformed }
            if let filename = headers.filename {
                guard !filename.unicodeScalars.contains("\0") else { throw .nulCharacter(field: headers.name) }
                guard !FormText.hasHidden(filename) else { throw .hiddenCharacter(field: headers.name) }
                form.files.append(FilePart(name: headers.name, filename: filename, contentType: headers.contentType,
                                           content: content))
            } else {
                guard content.readableBytes <= limits.maxFieldBytes,
                      let value = String(validating: bytes.base[contentStart..<contentEnd], as: UTF8.self)
                else { throw .malformed }
                guard !value.unicodeScalars.contains("\0") else { throw .nulCharacter(field: headers.name) }
                guard !FormText.hasHidden(value) else { throw .hiddenCharacter(field: headers.name) }
                form.fields.append((headers.name, value))
            }
            position = contentEnd + closing.count
        }
    }

    /// The body's bytes, with reads past the end answering nil and a linear search.
    struct Bytes {
        let base: UnsafeRawBufferPointer
        var count: Int { base.count }

        subscript(index: Int) -> UInt8? { index >= 0 && index < base.count ? base[index] : nil }

        func matches(_ needle: [UInt8], at index: Int) -> Bool {
            guard !needle.isEmpty, index >= 0, index + needle.count <= base.count, let address = base.baseAddress else {
                return false
            }
            return needle.withUnsafeBytes { other in
                other.baseAddress.map { memcmp(address + index, $0, needle.count) == 0 } ?? false
            }
        }

        /// The first index at or after `start` where `needle` begins and ends by `end`. Candidates
        /// are found with memchr on the needle's first byte and each is compared once: linear in
        /// the haystack for a needle of bounded length.
        func search(_ needle: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
            let limit = min(end ?? base.count, base.count)
            guard let first = needle.first, let address = base.baseAddress, start >= 0 else { return nil }
            var index = start
            while index + needle.count <= limit {
                let span = limit - needle.count + 1 - index
                guard let found = memchr(address + index, Int32(first), span) else { return nil }
                let candidate = address.distance(to: UnsafeRawPointer(found))
                if matches(needle, at: candidate) { return candidate }
                index = candidate + 1
            }
            return nil
        }
    }
}

/// The headers of one part that Roster reads: `Content-Disposition: form-data; name="…"[; filename="…"]`
/// and `Content-Type`. Header lines are ASCII field names and UTF-8 values.
private struct PartHeaders {
    var name = ""
    var filename: String?
    var contentType: String?

    init(_ block: Slice<UnsafeRawBufferPointer>) throws(MultipartForm.Problem) {
        guard let text = String(validating: block, as: UTF8.self) else { throw .malformed }
        var disposition: Substring?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed }
            let field = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            switch field {
            case "content-disposition":
                guard disposition == nil else { throw .malformed }
                disposition = value
            case "content-type":
                contentType = String(value)
            default:
                continue
            }
        }
        guard let disposition else { throw .malformed }
        var items = try Self.items(of: disposition).makeIterator()
        guard items.next()?.key.lowercased() == "form-data" else { throw .malformed }
        var name: String?
        while let item = items.next() {
            switch item.key.lowercased() {
            case "name":
                guard name == nil, let value = item.value else { throw .malformed }
                name = value
            case "filename":
                guard filename == nil, let value = item.value else { throw .malformed }
                filename = value
            default:
                continue
            }
        }
        guard let name, !name.isEmpty, name.utf8.count <= 200 else { throw .malformed }
        guard !name.unicodeScalars.contains("\0") else { throw .malformed }
        self.name = name
    }

    /// `form-data; name="a"; filename="b.pdf"` → [("form-data", nil), ("name", "a"), ("filename", "b.pdf")].
    /// Quoted values may hold `;` and escaped quotes (`\"`); a `\` escapes the next character.
    private static func items(of text: Substring) throws(MultipartForm.Problem) -> [(key: String, value: String?)] {
        var result: [(key: String, value: String?)] = []
        var scalars = text.unicodeScalars[...]
        while !scalars.isEmpty {
            while let first = scalars.first, first == " " || first == "\t" || first == ";" { scalars.removeFirst() }
            if scalars.isEmpty { break }
            var key = String.UnicodeScalarView()
            while let first = scalars.first, first != "=", first != ";" { key.append(scalars.removeFirst()) }
            let trimmedKey = Substring(String(key)).trimmingSpaces
            guard !trimmedKey.isEmpty else { throw .malformed }
            guard scalars.first == "=" else {
                result.append((String(trimmedKey), nil))
                continue
            }
            scalars.removeFirst()
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
            var value = String.UnicodeScalarView()
            if scalars.first == "\"" {
                scalars.removeFirst()
                var closed = false
                while let next = scalars.popFirst() {
                    if next == "\"" { closed = true; break }
                    if next == "\\" {
                        guard let escaped = scalars.popFirst() else { throw .malformed }
                        value.append(escaped)
                    } else {
                        value.append(next)
                    }
                }
                guard closed else { throw .malformed }
            } else {
                while let first = scalars.first, first != ";" { value.append(scalars.removeFirst()) }
            }
            result.append((String(trimmedKey), String(Substring(String(value)).trimmingSpaces)))
        }
        return result
    }
}
