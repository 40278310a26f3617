/// The upload form: the months that take a file now (the likeliest one chosen), the limits, and
/// a refused upload's reason. Built from the person's contracts and invoices and a translator.
struct UploadFormPage: HTMLPage {
    struct MonthChoice: Equatable {
        let value: String
        let label: String
        let selected: Bool
    }

    let layout: Layout
    let action: String
    let months: [MonthChoice]
    let maxBytes: Int
    let limits: String
    let tooLarge: String
    let error: String?
    let hint: String?
    let backURL: String
    let t: Translator

    /// - Parameters:
    ///   - wanted: the month asked for (a link's `?month=` or the refused form's), chosen when it takes a file.
    ///   - maxBytes, maxPages: the server's limits for a PDF.
    init(layout: Layout, slug: String, today: LocalDate, contracts: [Contract], invoices: [InvoiceSummary], wanted: Month?,
         refusal: UploadRefusal?, maxBytes: Int, maxPages: Int, t: Translator) {
        let months = InvoiceMonths.uploadable(contracts: contracts, invoices: invoices, today: today)
        let selected = wanted.flatMap { months.contains($0) ? $0 : nil }
            ?? InvoiceMonths.defaultUploadMonth(contracts: contracts, invoices: invoices, today: today)
        let existing = Set(invoices.map(\.month))
        let megabytes = String(maxBytes / (1024 * 1024))
        self.layout = layout
        self.t = t
        action = Paths.uploadInvoice(slug)
        self.months = months.map { month in
            MonthChoice(value: month.iso, label: t.month(month) + (existing.contains(month) ? " — " + t("invoice.upload.replaces") : ""),
                        selected: month == selected)
        }
        self.maxBytes = maxBytes
        limits = t("invoice.upload.limits", megabytes, String(maxPages))
        tooLarge = t("invoice.refused.tooLarge", megabytes)
        error = refusal.map { t.text($0.message.key, $0.message.arguments) }
        hint = months.isEmpty ? t("invoice.upload.nothing") : nil
        backURL = Paths.invoices(slug)
    }

    var body: HTML {
        var html: HTML = """
            <p><a href="\(backURL)">← \(t("nav.invoices"))</a></p>
            <h1>\(layout.title)</h1>

            """
        if let hint {
            if let error { html.append("<p class=\"flash flash-error\" role=\"alert\">\(error)</p>\n") }
            html.append("<p class=\"empty\">\(hint)</p>\n")
            return html
        }
        let options = months.map { month -> HTML in
            "<option value=\"\(month.value)\"\(if: month.selected, " selected")>\(month.label)</option>"
        }
        html.append("""
            <form method="post" action="\(action)" enctype="multipart/form-data" class="form narrow" id="upload-form" \
            data-max-bytes="\(maxBytes)" data-too-large="\(tooLarge)" data-network-error="\(t("invoice.upload.networkError"))">
              \(PagePieces.csrf(layout.csrf))
              <div class="field">
                <label for="month">\(t("invoice.month"))</label>
                <select id="month" name="month">
                  \(options.joined())
                </select>
              </div>
              <div class="field\(if: error != nil, " invalid")">
                <label for="file">\(t("invoice.file"))</label>
                <input id="file" name="file" type="file" accept="application/pdf,.pdf" required \
            aria-describedby="file-limits\(if: error != nil, " file-error")"\(if: error != nil, " aria-invalid=\"true\"")>
                <p class="hint" id="file-limits">\(limits)</p>
                <p class="error" id="file-error" role="alert">\(error ?? "")</p>
              </div>
              <div class="progress" hidden><progress id="upload-progress" max="100" value="0"></progress> \
            <span id="upload-percent" aria-live="polite"></span></div>
              <button type="submit" class="primary">\(t("invoice.upload.submit"))</button>
            </form>
            <script src="/js/upload.js" defer></script>

            """)
        return html
    }
}
