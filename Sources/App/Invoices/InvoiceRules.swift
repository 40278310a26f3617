import Foundation
import PDFInspection

/// The states of docs/DOMAIN.md (Invoice states): submitted → approved → paid, with returns and undos.
public enum InvoiceState: String, Sendable, CaseIterable, Codable {
    case submitted, returned, approved, paid

    /// Employees may upload or replace the file only while the invoice is with them or waiting.
    public var acceptsUpload: Bool { self == .submitted || self == .returned }
}

/// Why an upload was refused; each has a message that says what to do instead.
public enum UploadRefusal: Error, Sendable, Equatable {
    case noFile
    case empty
    case tooLarge(maxBytes: Int)
    case notPDF
    case unreadable
    case passwordProtected
    case encrypted
    case pageCount(pages: Int, max: Int)
    case badMonth
    case futureMonth
    case notContractor
    case locked(InvoiceState)
    /// Too many uploads are being read at this moment.
    case busy

    /// The translation key of the message and its arguments.
    public var message: (key: String, arguments: [String]) {
        switch self {
        case .noFile: ("invoice.refused.noFile", [])
        case .empty: ("invoice.refused.empty", [])
        case .tooLarge(let max): ("invoice.refused.tooLarge", [String(max / (1024 * 1024))])
        case .notPDF: ("invoice.refused.notPDF", [])
        case .unreadable: ("invoice.refused.unreadable", [])
        case .passwordProtected: ("invoice.refused.passwordProtected", [])
        case .encrypted: ("invoice.refused.encrypted", [])
        case .pageCount(let pages, let max): (pages < 1 ? "invoice.refused.noPages" : "invoice.refused.tooManyPages",
                                              [String(pages), String(max)])
        case .badMonth: ("invoice.refused.badMonth", [])
        case .futureMonth: ("invoice.refused.futureMonth", [])
        case .notContractor: ("invoice.refused.notContractor", [])
        case .locked(let state): ("invoice.refused.locked.\(state.rawValue)", [])
        case .busy: ("invoice.refused.busy", [])
        }
    }
}

public enum InvoiceRules {
    /// May this person upload for this month at all? Contractors only, never ahead of time.
    public static func periodRefusal(month: Month, contracts: [Contract], today: LocalDate) -> UploadRefusal? {
        if month > Month(today) { return .futureMonth }
        if !ContractHistory.isContractor(contracts, in: month) { return .notContractor }
        return nil
    }

    /// The state after an upload: a first upload or a replacement submits the invoice; an
    /// approved or paid one keeps its file.
    public static func stateAfterUpload(current: InvoiceState?) -> Result<InvoiceState, UploadRefusal> {
        guard let current else { return .success(.submitted) }
        return current.acceptsUpload ? .success(.submitted) : .failure(.locked(current))
    }

    /// The checks on the bytes themselves, before any process is started.
    public static func byteRefusal(_ bytes: Data, maxBytes: Int) -> UploadRefusal? {
        if bytes.isEmpty { return .empty }
        if bytes.count > maxBytes { return .tooLarge(maxBytes: maxBytes) }
        if !InspectionReport.hasPDFHeader(bytes) { return .notPDF }
        return nil
    }

    /// The inspector's verdict as a refusal, or nil when the file is accepted.
    public static func refusal(for result: PDFInspector.Result, maxPages: Int) -> UploadRefusal? {
        if result == .busy { return .busy }
        guard case .inspected(let report) = result else { return .unreadable }
        switch report.verdict {
        case .ok: return nil
        case .notPDF: return .notPDF
        case .unreadable: return .unreadable
        case .passwordProtected: return .passwordProtected
        case .encrypted: return .encrypted
        case .pageCount: return .pageCount(pages: report.pages, max: maxPages)
        }
    }

    /// A name that is safe in a Content-Disposition header and on any file system.
    public static func safeFilename(_ name: String, fallback: String) -> String {
        var base = name.split(separator: "/").last.map(String.init) ?? ""
        base = base.split(separator: "\\").last.map(String.init) ?? ""
        if base.lowercased().hasSuffix(".pdf") { base.removeLast(4) }
        let folded = base.applyingTransform(.stripDiacritics, reverse: false) ?? base
        var safe = String(folded.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (c.isASCII && (c.isLetter || c.isNumber)) || c == "-" || c == "_" || c == "." ? c : "_"
        })
        while safe.hasPrefix(".") || safe.hasPrefix("_") { safe.removeFirst() }
        safe = String(safe.prefix(80))
        return (safe.isEmpty ? fallback : safe) + ".pdf"
    }
}
