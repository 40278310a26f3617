/// The month-end desk of one month and state, built from the desk's lines (`ReviewRules.line`)
/// and a translator. Its rows are written as `HTML` by `DeskTable`, which takes this model's
/// `Row`, so the template loops over nothing.
struct DeskPage: Encodable {
    /// One invoice on the desk, ready to print.
    struct Row: Sendable {
        let pick: String
        let id: String
        let name: String
        let invoiceURL: String
        let documentURL: String
        let thumbnailURL: String?
        let amount: String?
        let expected: String?
        let difference: String?
        let differenceClass: String
        let account: String?
        let variableSymbol: String?
        let invoiceNumber: String?
        let flags: [String]
        let checked: Bool
        let exported: Bool
    }

    struct ActionChoice: Encodable, Equatable {
        let value: String
        let label: String
        let key: String
    }

    let layout: Layout
    let heading: String
    let tabs: [ReviewTabs.Tab]
    let month: String
    let state: String
    let action: String
    let filterAction: String
    /// The only markup the template prints as it is: `HTML`, escaped by construction.
    let rowsHTML: HTML
    let actions: [ActionChoice]
    let basis: String
    let empty: String?
    let exportURL: String?
    let paymentsURL: String

    /// - Parameter currency: the tenant's, for an expected amount without a rate's currency.
    init(layout: Layout, slug: String, currency: String, month: Month, state: InvoiceState, lines: [ReviewLine],
         t: Translator) {
        func money(_ minor: Int64, _ code: String?) -> String { t.money(minor: minor, currency: code ?? currency) }
        let monthLabel = t.month(month)
        self.layout = layout
        heading = t("review.desk.heading", monthLabel)
        tabs = ReviewTabs.tabs(slug: slug, month: month, current: ReviewTabs.current(desk: state), t: t)
        self.month = month.iso
        self.state = state.rawValue
        action = Paths.reviewDesk(slug)
        filterAction = Paths.reviewDesk(slug)
        rowsHTML = DeskTable.rows(lines.map { line in
            let row = line.row, expected = line.expected
            return Row(
                pick: "\(row.id.uuidString.lowercased()):\(row.version)",
                id: row.id.uuidString.lowercased(),
                name: row.name,
                invoiceURL: Paths.invoice(slug, row.id),
                documentURL: Paths.invoiceDocument(slug, row.id, row.documentID),
                thumbnailURL: row.hasThumbnail ? Paths.invoiceThumbnail(slug, row.id, row.documentID) : nil,
                amount: row.fields.total.map { money($0.minor, $0.currency) },
                expected: expected.paidDays > 0 ? money(expected.amountMinor, expected.currency) : nil,
                difference: line.difference.map { ($0 > 0 ? "+" : "") + money($0, expected.currency) },
                differenceClass: line.difference.map { $0 == 0 ? "same" : "differs" } ?? "unknown",
                account: row.fields.account?.description ?? row.fields.iban?.description,
                variableSymbol: row.fields.variableSymbol,
                invoiceNumber: row.fields.invoiceNumber,
                flags: line.flags.map { t("review.flag.\($0.rawValue)") },
                // To review: the clean ones; to pay: all of them (they were reviewed already).
                checked: state == .approved || line.flags.isEmpty,
                exported: row.exported)
        }, labels: DeskTable.Labels(
            detail: t("review.detail"), exported: t("review.exported"), read: t("review.read"),
            expected: t("review.expected"), difference: t("review.difference"), account: t("review.payment"),
            flags: t("review.flags"), reason: t("review.reasonForRow"), notRead: t("invoice.notRead"),
            thumbnail: t("invoice.thumbnailAlt"), openPDF: t("invoice.openPDF")))
        actions = InvoiceAction.allowed(from: state).map {
            ActionChoice(value: $0.rawValue, label: t("review.action.\($0.rawValue)"),
                         key: $0 == .approve ? "a" : $0 == .returnToEmployee ? "r" : "")
        }
        basis = t("review.basis")
        empty = lines.isEmpty ? t("review.desk.empty.\(state.rawValue)", monthLabel) : nil
        exportURL = state == .approved && !lines.isEmpty ? Paths.reviewExport(slug) : nil
        paymentsURL = Paths.paymentSettings(slug)
    }
}
