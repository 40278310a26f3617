/// A small XML writer: elements and text nodes, the escaping inside the writer. Element and
/// attribute names are literals; text and attribute values are any strings: the characters
/// XML 1.0 does not allow are left out, and `&`, `<`, `>`, `"` are written as entities,
/// scalar by scalar (never by `Character`, which can merge a mark with the `<` next to it).
struct XMLWriter {
    private(set) var bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
    private var depth = 0

    /// The document as text.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `<name attributes>` … children … `</name>`, each child on a line of its own.
    mutating func element(
        _ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], children: (inout XMLWriter) -> Void
    ) {
        start(name, attributes)
        bytes.append(0x0A)
        depth += 1
        children(&self)
        depth -= 1
        indent()
        end(name)
    }

    /// `<name attributes>text</name>`.
    mutating func element(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], text: String) {
        start(name, attributes)
        Self.appendEscaped(text, to: &bytes)
        end(name)
    }

    private mutating func start(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String>) {
        indent()
        bytes.append(0x3C)
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        for (key, value) in attributes {
            bytes.append(0x20)
            key.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: [0x3D, 0x22])
            Self.appendEscaped(value, to: &bytes)
            bytes.append(0x22)
        }
        bytes.append(0x3E)
    }

    private mutating func end(_ name: StaticString) {
        bytes.append(contentsOf: [0x3C, 0x2F])
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [0x3E, 0x0A])
    }

    private mutating func indent() { bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth)) }

    /// Whether XML 1.0 allows the character at all (`Char` of the specification; a Swift string
    /// holds no surrogates).
    static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xFFFD: true
        case 0x10000...: true
        default: false
        }
    }

    /// `text` without the characters XML does not allow.
    static func clean(_ text: String) -> String {
        text.unicodeScalars.allSatisfy(allowed) ? text : String(String.UnicodeScalarView(text.unicodeScalars.filter(allowed)))
    }

    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars where allowed(scalar) {
            switch scalar {
            case "&": bytes.append(contentsOf: "&amp;".utf8)
            case "<": bytes.append(contentsOf: "&lt;".utf8)
            case ">": bytes.append(contentsOf: "&gt;".utf8)
            case "\"": bytes.append(contentsOf: "&quot;".utf8)
            // A carriage return would be read back as a line feed; the entity keeps it.
            case "\r": bytes.append(contentsOf: "&#13;".utf8)
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
    }
}
