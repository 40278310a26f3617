import Foundation

/// Writes the PDFs of the test corpus: text pages in Helvetica (Czech letters through an
/// encoding's glyph names, so Poppler extracts real Unicode), image-only "scans", and damaged
/// or hostile files.
enum TestPDF {
    struct Line {
        var x: Double
        var y: Double
        var size: Double = 11
        var text: String
    }

    enum Page {
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
    static func encode(_ text: String) -> String {
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
    static func document(_ pages: [Page]) -> Data {
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
    static func invoice(_ lines: [String], pages: Int = 1) -> Data {
        let page = Page.text(lines.enumerated().map { Line(x: 50, y: 790 - Double($0.offset) * 16, text: $0.element) })
        let more = (1..<max(1, pages)).map { Page.text([Line(x: 50, y: 790, text: "Příloha \($0)")]) }
        return document([page] + more)
    }

    static func stream(_ content: String) -> String {
        "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
    }

    /// Header, numbered objects, cross-reference table and trailer. Objects are ISO-8859-1
    /// text (the image bytes are below 0x100), written byte for byte.
    static func assemble(_ objects: [String], trailerExtra: String = "") -> Data {
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

    // MARK: - Hostile and broken files

    /// A page tree that claims a million pages: 1,000 references to a node of 1,000 references.
    static func pageCountBomb() -> Data {
        let fan = 1_000
        return assemble([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(Array(repeating: "3 0 R", count: fan).joined(separator: " "))] /Count \(fan * fan) >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [\(Array(repeating: "4 0 R", count: fan).joined(separator: " "))] /Count \(fan) >>",
            "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>",
        ])
    }

    /// Arrays nested 100,000 deep where the page tree's kids belong.
    static func nestingBomb() -> Data {
        let depth = 100_000
        return assemble([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids \(String(repeating: "[", count: depth))\(String(repeating: "]", count: depth)) /Count 1 >>",
        ])
    }

    /// A real invoice cut off in the middle of its first page's content.
    static func truncated() -> Data {
        let whole = invoice(["Faktura 2026-001", "Celkem k úhradě: 10 000,00 Kč"])
        return whole.prefix(whole.count / 3)
    }

    /// A PDF header and then noise.
    static func garbage() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data("%PDF-1.7\n".utf8) + Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The start of a JPEG (a photo renamed to .pdf).
    static func jpeg() -> Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data(repeating: 0x42, count: 4_000)
    }

    /// A PDF header followed by this many bytes of padding.
    static func huge(bytes: Int) -> Data {
        Data("%PDF-1.4\n".utf8) + Data(repeating: 0x20, count: bytes)
    }

    /// The invoice encrypted by qpdf: with a user password, or with an owner password only.
    static func encrypted(_ plain: Data, userPassword: String) throws -> Data {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.pdf"), output = directory.appendingPathComponent("out.pdf")
        try plain.write(to: input)
        let qpdf = Process()
        qpdf.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        qpdf.arguments = ["--encrypt", userPassword, "owner-secret", "256", "--", input.path, output.path]
        try qpdf.run()
        qpdf.waitUntilExit()
        guard qpdf.terminationStatus == 0 else { throw QPDFFailed(status: qpdf.terminationStatus) }
        return try Data(contentsOf: output)
    }

    struct QPDFFailed: Error {
        let status: Int32
    }
}
