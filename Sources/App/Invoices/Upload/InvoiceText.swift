// The reading rules and the account types live in `PDFInspection`, which the inspector shares
// (docs/ARCHITECTURE.md, "Invoices and PDFs"); everything that imports App sees them.
@_exported import PDFInspection

/// What Roster read from an invoice, as the inspector reports it and the server keeps it: one
/// type on both sides (`InvoiceReading`), every field read by an explicit rule or left empty.
public typealias InvoiceFields = InvoiceReading

extension InvoiceReading {
    /// The due date as a day (the reading holds it as checked `YYYY-MM-DD`).
    public var dueDay: LocalDate? { dueDate.flatMap(LocalDate.init(iso:)) }
}

public enum InvoiceText {
    /// Reads a text with the same rules the inspector applies (`InvoiceReader`): linear in the
    /// text, at most `InvoiceReader.maxTextBytes` of it.
    public static func read(_ text: String) -> InvoiceFields {
        InvoiceReader.read(text)
    }

    /// What an inspection report says was read.
    public static func read(_ report: InspectionReport) -> InvoiceFields {
        report.fields
    }
}
