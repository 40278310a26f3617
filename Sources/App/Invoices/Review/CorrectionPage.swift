import PDFInspection

/// The form that corrects what was read from an invoice: each value as stored (or as typed,
/// with its problem), next to the PDF it was read from.
struct CorrectionPage: Encodable {
    struct Field: Encodable {
        let name: String
        let label: String
        let value: String
        let error: String?
        /// The value stored now, where it differs from the one typed (after someone else's change).
        let now: String?
        let inputMode: String
        let type: String
        let hint: String?
        let maxLength: Int
    }

    let layout: Layout
    let action: String
    let version: Int
    let heading: String
    let documentURL: String
    let thumbnailURL: String?
    let total: Field
    let currencies: [SelectOption]
    let fields: [Field]
    /// Said when the invoice changed while the form was open.
    let staleNote: String?
    let backURL: String

    /// - Parameters:
    ///   - input: the values to show (as stored, or as typed).
    ///   - problems: the typed values refused.
    ///   - stored: the values stored now, when they were changed by someone else meanwhile.
    init(layout: Layout, slug: String, invoice: InvoiceDetail, input: InvoiceCorrection.Input,
         problems: InvoiceCorrection.Problems = .init(), stored: InvoiceFields? = nil, t: Translator) {
        let now = stored.map { InvoiceCorrection.Input($0, language: t.language) }
        func field(_ field: InvoiceField, _ value: String, _ current: String?, mode: String = "text", type: String = "text",
                   hint: String? = nil, maxLength: Int = InvoiceCorrection.maxInputLength) -> Field {
            Field(name: field.rawValue, label: t("invoice.field.\(field.labelKey)"), value: value,
                  error: problems.keys[field].map { t($0) }, now: current == value ? nil : current.map { $0.isEmpty ? "—" : $0 },
                  inputMode: mode, type: type, hint: hint, maxLength: maxLength)
        }
        self.layout = layout
        action = Paths.invoiceCorrection(slug, invoice.id)
        version = invoice.version
        heading = t("correction.title", invoice.personName, t.month(invoice.month))
        documentURL = Paths.invoiceDocument(slug, invoice.id, invoice.documentID)
        thumbnailURL = invoice.hasThumbnail ? Paths.invoiceThumbnail(slug, invoice.id, invoice.documentID) : nil
        let totalNow = now.map { $0.total.isEmpty ? "" : $0.total + " " + $0.currency }
        total = field(.total, input.total, totalNow == input.total + " " + input.currency ? nil : totalNow, mode: "decimal",
                      hint: t("correction.hint.total"), maxLength: 20)
        currencies = InvoiceAmount.codes.sorted().map {
            SelectOption(value: $0, label: $0, selected: $0 == (input.currency.isEmpty ? "CZK" : input.currency))
        }
        fields = [
            field(.account, input.account, now?.account, hint: t("correction.hint.account"), maxLength: 42),
            field(.variableSymbol, input.variableSymbol, now?.variableSymbol, mode: "numeric", maxLength: 10),
            field(.invoiceNumber, input.invoiceNumber, now?.invoiceNumber, maxLength: 30),
            field(.supplierID, input.supplierID, now?.supplierID, mode: "numeric", maxLength: 8),
            field(.dueDate, input.dueDate, now?.dueDate, type: "date", maxLength: 10),
        ]
        staleNote = stored == nil ? nil : t("correction.stale")
        backURL = Paths.invoice(slug, invoice.id)
    }
}

extension InvoiceField {
    /// The key of the field's label under `invoice.field.`, as the invoice page names it.
    var labelKey: String {
        switch self {
        case .total: "total"
        case .account: "account"
        case .variableSymbol: "variableSymbol"
        case .invoiceNumber: "invoiceNumber"
        case .supplierID: "supplierID"
        case .dueDate: "dueDate"
        }
    }
}

extension InvoiceField {
    /// The field's value as a page shows it; nil when nothing is known.
    func display(_ fields: InvoiceFields, t: Translator) -> String? {
        switch self {
        case .total: fields.total.map { t.money(minor: $0.minor, currency: $0.currency) }
        case .account: fields.account?.description ?? fields.iban?.description
        default: storedText(fields)
        }
    }

    /// A value as the history stored it (`storedText`), as a page shows it.
    func display(stored: String, t: Translator) -> String {
        switch self {
        case .total:
            let parts = stored.split(separator: " ")
            guard parts.count == 2, let minor = Money.parse(String(parts[0])) else { return stored }
            return t.money(minor: minor, currency: String(parts[1]))
        case .account: return stored.contains("/") ? stored : IBAN(stored: stored).description
        default: return stored
        }
    }
}
