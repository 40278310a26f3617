/// The upload form: the months that take a file now (the likeliest one chosen), the limits, and
/// a refused upload's reason. Built from the person's contracts and invoices and a translator.
struct UploadFormPage: Encodable {
    struct MonthChoice: Encodable, Equatable {
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
}
