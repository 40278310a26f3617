import Foundation

/// A piece of HTML that is safe to print as it is. The only ways to make one are a string
/// literal (markup written in the source, checked by the compiler to be a literal: its type is
/// `StaticString`) and interpolation, which escapes every plain `String` and inserts other `HTML`
/// values verbatim:
///
///     let cell: HTML = "<td title=\"\(label)\">\(content)</td>"   // label: String, content: HTML
///
/// so a new field cannot forget its escaping. Text is escaped per UTF-8 byte: `&`, `<`, `>`, `"`
/// and `'` are ASCII, and an ASCII byte is always a whole Unicode scalar, so no combining mark or
/// prepended mark next to `<` (which Swift's `Character` would merge with it into one grapheme)
/// can carry it past the escaper. Escaped text is good in element content and in attribute values
/// quoted with `"` or `'`.
public struct HTML: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// UTF-8, valid by construction (literals, whole strings, ASCII entities).
    public private(set) var bytes: [UInt8]

    public static let empty = HTML(bytes: [])

    private init(bytes: [UInt8]) { self.bytes = bytes }

    public init(stringLiteral markup: StaticString) {
        bytes = []
        Self.append(markup, to: &bytes)
    }

    public init(stringInterpolation: Interpolation) { bytes = stringInterpolation.bytes }

    /// Escaped text: "a < b" → "a &lt; b".
    public init(text: String) {
        bytes = []
        Self.appendEscaped(text, to: &bytes)
    }

    /// The markup as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }
    public var isEmpty: Bool { bytes.isEmpty }

    public mutating func append(_ other: HTML) { bytes.append(contentsOf: other.bytes) }
    public mutating func reserveCapacity(_ count: Int) { bytes.reserveCapacity(count) }

    public static func + (left: HTML, right: HTML) -> HTML {
        var result = left
        result.append(right)
        return result
    }

    public struct Interpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ markup: StaticString) { HTML.append(markup, to: &bytes) }
        /// Plain text: escaped.
        public mutating func appendInterpolation(_ text: String) { HTML.appendEscaped(text, to: &bytes) }
        /// Markup built the same way: as it is.
        public mutating func appendInterpolation(_ html: HTML) { bytes.append(contentsOf: html.bytes) }
        /// Markup only when `condition` holds (e.g. an attribute); made only then.
        public mutating func appendInterpolation(if condition: Bool, _ html: @autoclosure () -> HTML) {
            if condition { bytes.append(contentsOf: html().bytes) }
        }
        /// The text escaped, or `fallback` when there is none.
        public mutating func appendInterpolation(_ text: String?, else fallback: HTML) {
            if let text { HTML.appendEscaped(text, to: &bytes) } else { bytes.append(contentsOf: fallback.bytes) }
        }
        /// Digits need no escaping.
        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
            bytes.append(contentsOf: String(number).utf8)
        }
        /// An id in lowercase (`UUID.lowercasedString`): hex digits and dashes need no escaping,
        /// and it is written without a string in between.
        public mutating func appendInterpolation(_ id: UUID) {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: 36))
            bytes.withUnsafeMutableBufferPointer { _ = id.writeLowercased(into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
        }
        /// `before`, the text escaped and `after`, when there is text; nothing when there is none.
        public mutating func appendInterpolation(_ text: String?, before: HTML, after: HTML) {
            guard let text else { return }
            bytes.append(contentsOf: before.bytes)
            HTML.appendEscaped(text, to: &bytes)
            bytes.append(contentsOf: after.bytes)
        }
        /// The pieces one after another, `separator` between each two.
        public mutating func appendInterpolation(_ pieces: some Sequence<HTML>, separator: HTML) {
            var first = true
            for piece in pieces {
                if !first { bytes.append(contentsOf: separator.bytes) }
                bytes.append(contentsOf: piece.bytes)
                first = false
            }
        }
    }

    /// Appends a literal's bytes (a literal given as a single scalar is stored as that scalar).
    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        if literal.hasPointerRepresentation {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        } else {
            bytes.append(contentsOf: String(literal.unicodeScalar).utf8)
        }
    }

    /// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped, byte by byte; runs of ordinary
    /// bytes are copied at once.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { source in
            var start = 0
            for index in source.indices {
                let entity: StaticString
                switch source[index] {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index]))
                entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start...]))
        }
    }
}

extension Sequence where Element == HTML {
    public func joined(separator: HTML = .empty) -> HTML { "\(self, separator: separator)" }
}
