// The reading rules and the account types live in `PDFInspection`, which the inspector shares
// (docs/ARCHITECTURE.md, "Invoices and PDFs"); everything that imports App sees them.
@_exported import PDFInspection

/// What Roster read from an invoice, as the server keeps it. Every field is either read by an
/// explicit rule or left empty: nothing is guessed.
public struct InvoiceFields: Sendable, Equatable {
    public var total: InvoiceAmount?
    public var account: CzechAccount?
    public var iban: IBAN?
    public var variableSymbol: String?
    public var invoiceNumber: String?
    public var supplierID: String?
    public var dueDate: LocalDate?

    public init(total: InvoiceAmount? = nil, account: CzechAccount? = nil, iban: IBAN? = nil, variableSymbol: String? = nil,
                invoiceNumber: String? = nil, supplierID: String? = nil, dueDate: LocalDate? = nil) {
        self.total = total
        self.account = account
        self.iban = iban
        self.variableSymbol = variableSymbol
        self.invoiceNumber = invoiceNumber
        self.supplierID = supplierID
        self.dueDate = dueDate
    }

    /// The fields an inspection report carries (already checked when the report was decoded).
    public init(_ reading: InvoiceReading) {
        self.init(total: reading.total, account: reading.account, iban: reading.iban, variableSymbol: reading.variableSymbol,
                  invoiceNumber: reading.invoiceNumber, supplierID: reading.supplierID,
                  dueDate: reading.dueDate.flatMap(LocalDate.init(iso:)))
    }
}

public enum InvoiceText {
    /// Reads a text with the same rules the inspector applies (`InvoiceReader`): linear in the
    /// text, at most `InvoiceReader.maxTextBytes` of it.
    public static func read(_ text: String) -> InvoiceFields {
        InvoiceFields(InvoiceReader.read(text))
    }

    /// What an inspection report says was read.
    public static func read(_ report: InspectionReport) -> InvoiceFields {
        InvoiceFields(report.fields)
    }
}
