// What `CamtReader` checks of a file's bytes before a parser sees them.

/// The shape of the markup, checked in one pass before parsing: the parser checks an element's
/// attributes against each other in time that grows with the square of their number, so a tag
/// may have at most `maxAttributes` of them and `maxTagBytes` bytes (a camt tag has one or two,
/// the document's namespaces a few). Comments and CDATA sections are passed over whole.
enum MarkupShape {
    static let maxAttributes = 16
    static let maxTagBytes = 4_096

    static func isPlain(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x3C else { index += 1; continue }
            if let end = skipped(bytes, at: index) { index = end; continue }
            var cursor = index + 1, quote: UInt8 = 0, equals = 0
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == 0x3D {
                    equals += 1
                } else if byte == 0x3E {
                    break
                }
                cursor += 1
                guard equals <= maxAttributes, cursor - index <= maxTagBytes else { return false }
            }
            index = cursor + 1
        }
        return true
    }

    /// Past the end of a comment or CDATA section starting at `index` (or the end of the bytes),
    /// nil when none starts there.
    private static func skipped(_ bytes: [UInt8], at index: Int) -> Int? {
        for (open, close) in [(Array("<!--".utf8), Array("-->".utf8)), (Array("<![CDATA[".utf8), Array("]]>".utf8))]
        where bytes[index...].starts(with: open) {
            let end = TextBytesSearch.find(close, in: bytes, from: index + open.count, limit: bytes.count)
            return end.map { $0 + close.count } ?? bytes.count
        }
        return nil
    }
}

/// A byte search without a regular expression.
enum TextBytesSearch {
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, limit: Int) -> Int? {
        let end = min(bytes.count, limit)
        guard !needle.isEmpty, needle.count <= end - from else { return nil }
        let first = needle[0]
        var index = from
        while index <= end - needle.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
