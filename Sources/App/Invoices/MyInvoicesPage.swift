/// "My invoices": a person's months, newest first, a page at a time, each with its invoice, a
/// missing one to upload, or none needed. Built from the months (`InvoiceMonths.rows`) and a
/// translator.
struct MyInvoicesPage: Encodable {
    static let pageSize = 12

    struct Row: Encodable, Equatable {
        let month: String
        let state: String?
        let stateCode: String
        let amount: String?
        let uploadedOn: String?
        let href: String?
        let documentURL: String?
        let uploadURL: String?
        let uploadLabel: String?
        let note: String?
    }

    let layout: Layout
    let rows: [Row]
    let uploadURL: String?
    let newerURL: String?
    let olderURL: String?
    let empty: String?

    /// - Parameters:
    ///   - currency: the tenant's, for an amount read without one.
    ///   - canUpload: whether some month takes a file now.
    init(layout: Layout, slug: String, currency: String, months: [MonthRow], page: PageRequest, canUpload: Bool,
         t: Translator) {
        let shown = page.page(of: months)
        self.layout = layout
        rows = shown.rows.map { row in
            let month = t.month(row.month)
            switch row.status {
            case .invoice(let invoice):
                return Row(month: month, state: t("invoice.state.\(invoice.state.rawValue)"), stateCode: invoice.state.rawValue,
                           amount: invoice.amountMinor.map { t.money(minor: $0, currency: invoice.currency ?? currency) },
                           uploadedOn: invoice.uploadedOn.iso,
                           href: Paths.invoice(slug, invoice.id),
                           documentURL: Paths.invoiceDocument(slug, invoice.id, invoice.documentID),
                           uploadURL: invoice.state.acceptsUpload ? Paths.uploadInvoice(slug, month: row.month) : nil,
                           uploadLabel: invoice.state.acceptsUpload ? t("invoice.replace") : nil,
                           note: invoice.returnReason.map { t("invoice.returnedBecause", $0) })
            case .missing:
                return Row(month: month, state: t("invoice.state.missing"), stateCode: "missing",
                           amount: nil, uploadedOn: nil, href: nil, documentURL: nil,
                           uploadURL: Paths.uploadInvoice(slug, month: row.month), uploadLabel: t("invoice.upload"), note: nil)
            case .notRequired:
                return Row(month: month, state: t("invoice.state.notRequired"), stateCode: "not-required",
                           amount: nil, uploadedOn: nil, href: nil, documentURL: nil, uploadURL: nil, uploadLabel: nil, note: nil)
            }
        }
        uploadURL = canUpload ? Paths.uploadInvoice(slug) : nil
        let links = shown.links { Paths.invoices(slug) + "?page=\($0)" }
        newerURL = links.previousURL
        olderURL = links.nextURL
        empty = months.isEmpty ? t("invoice.list.empty") : nil
    }
}
