import Foundation
@testable import App

/// The PDFs of the test corpus: text pages and "scans" (`TextPDF`), and damaged or hostile files.
enum TestPDF {
    typealias Line = TextPDF.Line
    typealias Page = TextPDF.Page

    static func document(_ pages: [Page]) -> Data { TextPDF.document(pages) }
    static func invoice(_ lines: [String], pages: Int = 1) -> Data { TextPDF.invoice(lines, pages: pages) }
    static func stream(_ content: String) -> String { TextPDF.stream(content) }
    static func assemble(_ objects: [String], trailerExtra: String = "") -> Data {
        TextPDF.assemble(objects, trailerExtra: trailerExtra)
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
