import Foundation

/// Writes text-only PDFs: pages of Helvetica lines (Czech letters through an encoding's glyph
/// names, so a PDF reader extracts real Unicode), and optionally image-only "scans". The demo
/// company's invoices are made with it, and so is the tests' corpus.
public enum TextPDF {
    public struct Line: Sendable {
        public var x: Double
        public var y: Double
        public var size: Double = 11
        public var text: String

        public init(x: Double, y: Double, size: Double = 11, text: String) {
            self.x = x
            self.y = y
            self.size = size
            self.text = text
        }
    }

    public enum Page: Sendable {
        case text([Line])
        /// A grey picture filling most of the page and no text, like a scan.
        case image
    }

    /// Glyphs beyond WinAnsi, given the codes 1…14 through `/Differences`.
    static let extraGlyphs: [(Character, String)] = [
        ("č", "ccaron"), ("ď", "dcaron"), ("ě", "ecaron"), ("ň", "ncaron"), ("ř", "rcaron"), ("ť", "tcaron"), ("ů", "uring"),
        ("Č", "Ccaron"), ("Ď", "Dcaron"), ("Ě", "Ecaron"), ("Ň", "Ncaron"), ("Ř", "Rcaron"), ("Ť", "Tcaron"), ("Ů", "Uring"),
    ]

    /// A string's codes in the font's encoding (WinAnsi plus `extraGlyphs`), as a hex string.
    public static func encode(_ text: String) -> String {
        var codes: [UInt8] = []
        for character in text {
            if let index = extraGlyphs.firstIndex(where: { $0.0 == character }) {
                codes.append(UInt8(index + 1))
                continue
            }
            switch character {
            case "š": codes.append(0x9A)
            case "Š": codes.append(0x8A)
            case "ž": codes.append(0x9E)
            case "Ž": codes.append(0x8E)
            case "€": codes.append(0x80)
            default:
                let scalar = character.unicodeScalars.first!.value
                codes.append(scalar < 0x100 ? UInt8(scalar) : UInt8(ascii: "?"))
            }
        }
        return "<" + codes.map { String(format: "%02X", $0) }.joined() + ">"
    }

    /// A document of these pages (A4).
    public static func document(_ pages: [Page]) -> Data {
        var objects: [String] = []
        // 1: catalog, 2: pages, 3: font; then per page: page, content (and image).
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        objects.append("") // the page tree, once the page numbers are known
        let differences = extraGlyphs.map { "/" + $0.1 }.joined(separator: " ")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [1 \(differences)] >> >>")
        var kids: [Int] = []
        for page in pages {
            let pageNumber = objects.count + 1
            kids.append(pageNumber)
            switch page {
            case .text(let lines):
                let content = lines.map { line in
                    "BT /F1 \(line.size) Tf \(line.x) \(line.y) Td \(encode(line.text)) Tj ET"
                }.joined(separator: "\n")
                objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(pageNumber + 1) 0 R >>")
                objects.append(stream(content))
            case .image:
                let side = 32
                let pixels = String((0..<(side * side)).map { Character(UnicodeScalar(UInt8(100 + ($0 * 7) % 120))) })
                objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 \(pageNumber + 2) 0 R >> >> /Contents \(pageNumber + 1) 0 R >>")
                objects.append(stream("q 495 0 0 742 50 50 cm /Im1 Do Q"))
                objects.append("<< /Type /XObject /Subtype /Image /Width \(side) /Height \(side) /ColorSpace /DeviceGray /BitsPerComponent 8 /Length \(side * side) >>\nstream\n\(pixels)\nendstream")
            }
        }
        objects[1] = "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>"
        return assemble(objects)
    }

    /// One page of lines from the top, one below the other.
    public static func invoice(_ lines: [String], pages: Int = 1) -> Data {
        let page = Page.text(lines.enumerated().map { Line(x: 50, y: 790 - Double($0.offset) * 16, text: $0.element) })
        let more = (1..<max(1, pages)).map { Page.text([Line(x: 50, y: 790, text: "Příloha \($0)")]) }
        return document([page] + more)
    }

    public static func stream(_ content: String) -> String {
        "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }

    /// Header, numbered objects, cross-reference table and trailer. Objects are ISO-8859-1
    /// text (the image bytes are below 0x100), written byte for byte.
    public static func assemble(_ objects: [String], trailerExtra: String = "") -> Data {
        var out = Data("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".unicodeScalars.map { UInt8($0.value & 0xFF) })
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.count)
            out.append(contentsOf: "\(index + 1) 0 obj\n\(object)\nendobj\n".unicodeScalars.map { UInt8($0.value & 0xFF) })
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailerExtra)>>\nstartxref\n\(xref)\n%%EOF\n"
        out.append(contentsOf: Array(table.utf8))
        return out
    }
}
