import PDFInspection

/// The form that corrects what was read from an invoice: each value as stored (or as typed,
/// with its problem), next to the PDF it was read from.
struct CorrectionPage: HTMLPage {
    struct Field {
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
    let t: Translator

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
        self.t = t
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

    var body: HTML {
        let now = t("correction.now")
        let inputs = fields.map { field -> HTML in
            let name = field.name
            return """
                    <div class="field\(if: field.error != nil, " invalid")">
                      <label for="\(name)">\(field.label)</label>
                      <input id="\(name)" name="\(name)" type="\(field.type)" value="\(field.value)" inputmode="\(field.inputMode)" \
                maxlength="\(field.maxLength)" autocomplete="off"\(if: field.hint != nil, " aria-describedby=\"\(name)-hint\"")\
                \(if: field.error != nil, " aria-invalid=\"true\" aria-errormessage=\"\(name)-error\"")>
                      \(if: field.hint != nil, "<p class=\"hint\" id=\"\(name)-hint\">\(field.hint ?? "")</p>")
                      \(if: field.now != nil, "<p class=\"hint\">\(now) \(field.now ?? "")</p>")
                      \(PagePieces.error(field.error, id: "\(name)-error"))
                    </div>

                """
        }
        return """
            <p><a href="\(backURL)">← \(t("correction.back"))</a></p>
            <h1>\(heading)</h1>
            <p class="hint">\(t("correction.hint"))</p>
            \(if: staleNote != nil, "<p class=\"flash flash-error\" role=\"alert\">\(staleNote ?? "")</p>\n")\
            <div class="invoice-view">
              \(InvoicePage.thumbnail(documentURL: documentURL, thumbnailURL: thumbnailURL, t: t))
              <form method="post" action="\(action)" class="form narrow" novalidate>
                \(PagePieces.csrf(layout.csrf))
                <input type="hidden" name="version" value="\(version)">
                <div class="field\(if: total.error != nil, " invalid")">
                  <label for="total">\(total.label)</label>
                  <div class="row-inputs">
                    <input id="total" name="total" value="\(total.value)" inputmode="decimal" maxlength="\(total.maxLength)" \
            autocomplete="off" aria-describedby="total-hint\(if: total.error != nil, " total-error")"\
            \(if: total.error != nil, " aria-invalid=\"true\"")>
                    <select name="currency" aria-label="\(t("correction.currency"))">\(PagePieces.options(currencies))</select>
                  </div>
                  <p class="hint" id="total-hint">\(total.hint ?? "")</p>
                  \(if: total.now != nil, "<p class=\"hint\">\(now) \(total.now ?? "")</p>")
                  \(PagePieces.error(total.error, id: "total-error"))
                </div>
            \(inputs.joined())\
                <p class="actions"><button type="submit" class="primary">\(t("correction.save"))</button> \
            <a class="button" href="\(backURL)">\(t("confirm.cancel"))</a></p>
              </form>
            </div>

            """
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
