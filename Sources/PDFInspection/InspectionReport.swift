import Foundation

/// What `roster-pdf` found in the bytes it was given: written by the inspector as one JSON
/// object on stdout, read by the server.
public struct InspectionReport: Codable, Sendable, Equatable {
    public enum Verdict: String, Codable, Sendable {
        /// Poppler opened it, it is not encrypted, and its page count is within the limit.
        case ok
        /// It does not start with `%PDF-`.
        case notPDF = "not-pdf"
        /// Poppler could not open it (damaged, truncated, not really a PDF).
        case unreadable
        /// It opens only with a password.
        case passwordProtected = "password-protected"
        /// It opens without a password but is encrypted (restrictions set by an owner password).
        case encrypted
        /// Fewer than one or more than the allowed number of pages (`pages` says how many).
        case pageCount = "page-count"
    }

    public var verdict: Verdict
    public var pages: Int
    /// The text of all pages, pages separated by a form feed; empty for a scan.
    public var text: String
    /// The first page as a small PNG.
    public var thumbnailPNG: Data?
    /// What the invoice rules read from `text` (`InvoiceReader`), in the inspector's process
    /// and under its limits; the server checks every field again when it decodes the report.
    public var fields: InvoiceReading

    /// A report whose `fields` are read from `text` here.
    public init(verdict: Verdict, pages: Int = 0, text: String = "", thumbnailPNG: Data? = nil) {
        self.verdict = verdict
        self.pages = pages
        self.text = text
        self.thumbnailPNG = thumbnailPNG
        fields = text.isEmpty ? InvoiceReading() : InvoiceReader.read(text)
    }

    /// The largest text the inspector reports; an invoice has far less.
    public static let maxTextBytes = 256 * 1024
    /// The width of the first-page thumbnail, in pixels.
    public static let thumbnailWidth = 240.0
    public static let thumbnailMaxHeight = 400.0

    /// Whether the bytes look like a PDF at all (the first check, also made before spawning).
    public static func hasPDFHeader(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array("%PDF-".utf8))
    }

    /// Encryption that needs no password still leaves an `/Encrypt` entry in the trailer (or the
    /// cross-reference stream's dictionary, which is never compressed).
    public static func declaresEncryption(_ bytes: [UInt8]) -> Bool {
        let needle = Array("/Encrypt".utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                // Not "/EncryptMetadata" (a key inside the encryption dictionary itself).
                let next = index + needle.count
                if next == bytes.count || !Self.isNameCharacter(bytes[next]) { return true }
            }
            index += 1
        }
        return false
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
