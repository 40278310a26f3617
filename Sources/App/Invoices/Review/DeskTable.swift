import Foundation

/// The rows of the month-end desk as HTML, written straight from the desk's lines. A month can
/// hold a thousand invoices, and the desk must render in well under 50 ms: a template loop over a
/// thousand rows of a dozen cells is several times too slow, and so was making some fifteen strings
/// a row before writing it (docs/PERFORMANCE.md, "What keeps a page fast"). So each row
/// is one interpolation into `HTML`, which escapes every plain string; what every row repeats (the
/// labels, the flags' badges, the addresses' text around their ids) is translated and escaped once
/// per page (`Page`); ids and numbers are written as they are. The page prints the result as it is.
enum DeskTable {
    /// What every row of one desk repeats, translated and escaped once.
    struct Page: Sendable {
        let state: InvoiceState
        /// The tenant's, for an expected amount without a rate's currency.
        let currency: String
        let t: Translator
        let invoice: AddressHTML<UUID>
        let document: AddressHTML<(UUID, UUID)>, thumbnail: AddressHTML<(UUID, UUID)>
        /// Each flag's badge.
        let badges: [ReviewFlag: HTML]
        /// What the expected amount comes from, under it: approved hours, or contracted hours.
        let basisHours: HTML, basisCapacity: HTML
        /// The difference under the expected amount, up to its text: no difference, or one.
        let same: HTML, differs: HTML
        let detail: HTML, exported: HTML, notRead: HTML, previewEnd: HTML, openPDF: HTML
        let read: HTML, expected: HTML, payment: HTML, flags: HTML, reason: HTML

        init(slug: String, currency: String, state: InvoiceState, t: Translator) {
            self.state = state
            self.currency = currency
            self.t = t
            invoice = Paths.invoice.html(slug)
            document = Paths.invoiceDocument.html(slug)
            thumbnail = Paths.invoiceThumbnail.html(slug)
            badges = Dictionary(uniqueKeysWithValues: ReviewFlag.allCases.map {
                ($0, "<span class=\"badge flag\">\(t("review.flag.\($0.rawValue)"))</span>")
            })
            basisHours = "<br><small class=\"muted\">\(t("desk.basis.hours"))</small>"
            basisCapacity = "<br><small class=\"muted\">\(t("desk.basis.capacity"))</small>"
            same = "<br><span class=\"same\" title=\"\(t("review.difference"))\">"
            differs = "<br><span class=\"differs\" title=\"\(t("review.difference"))\">"
            detail = HTML(text: t("review.detail"))
            exported = " <span class=\"badge\">\(t("review.exported"))</span>"
            notRead = "<span class=\"muted\">\(t("invoice.notRead"))</span>"
            previewEnd = "\" alt=\"\(t("invoice.thumbnailAlt"))\" width=\"60\" loading=\"lazy\">"
            openPDF = HTML(text: t("invoice.openPDF"))
            read = HTML(text: t("review.read"))
            expected = HTML(text: t("review.expected"))
            payment = HTML(text: t("review.payment"))
            flags = HTML(text: t("review.flags"))
            reason = HTML(text: t("review.reasonForRow"))
        }

        func money(_ minor: Int64, _ code: String?) -> String { t.money(minor: minor, currency: code ?? currency) }

        /// "Corrected: Total to pay, Bank account", where an admin corrected values.
        func corrected(_ fields: Set<InvoiceField>) -> String? {
            fields.isEmpty ? nil : t("review.corrected", InvoiceField.allCases.filter(fields.contains)
                .map { t("invoice.field.\($0.labelKey)") }.joined(separator: ", "))
        }
    }

    private static let flagged: HTML = " class=\"flagged\"", checked: HTML = " checked", clean: HTML = " data-clean=\"1\""
    private static let lineBreak: HTML = "<br>", space: HTML = " ", dash: HTML = "—", nothing = HTML.empty
    private static let spanEnd: HTML = "</span>", account: HTML = "<span class=\"bank-account\">", symbol: HTML = "VS "
    private static let badge: HTML = "<span class=\"badge\">", preview: HTML = "<img src=\""

    /// The rows of `lines`, the first of which is row `first` of the desk (its place names the
    /// row's checkbox and label: the invoice's id four more times a row was a tenth of the page).
    /// Pure, so a desk of a thousand rows is written in pieces at once (`ReviewDeskRoutes`).
    static func rows(_ lines: some Collection<ReviewLine>, first: Int, page p: Page) -> HTML {
        var out = HTML.empty
        out.reserveCapacity(lines.count * 1_400)
        for (offset, line) in lines.enumerated() {
            let row = line.row, key = first + offset, fields = row.fields, isClean = line.flags.isEmpty
            let paid = line.expected.paidDays > 0, difference = line.difference, corrected = p.corrected(row.corrected)
            let account = fields.account?.description ?? fields.iban?.description
            // To review: the clean ones are ticked; to pay: all of them (they were reviewed already).
            // Every checkbox names the desk's one "Select" label and its own row: one group of choices.
            // The amount read is on the checkbox too, for the confirmation dialog's total (`confirm.js`).
            // The expected amount has the difference under it, the account the symbols.
            out.append("""
                <tr\(if: !isClean, Self.flagged)>\
                <td><input type="checkbox" name="pick[]" value="\(row.id):\(row.version)" id="pick-\(key)" \
                aria-labelledby="desk-selection name-\(key)"\(if: p.state == .approved || isClean, Self.checked)\
                \(if: isClean, Self.clean)\
                \(fields.total.map { (total: InvoiceAmount) -> HTML in " data-amount=\"\(total.minor)\" data-currency=\"\(total.currency)\"" } ?? Self.nothing)></td>\
                <th scope="row"><label for="pick-\(key)" id="name-\(key)">\(row.name)</label> \
                <a href="\(p.invoice, row.id)" class="muted">\(p.detail)</a>\(if: row.exported, p.exported)</th>\
                <td data-label="\(p.read)" class="num">\(fields.total.map { p.money($0.minor, $0.currency) }, else: p.notRead)</td>\
                <td data-label="\(p.expected)" class="num">\(paid ? p.money(line.expected.amountMinor, line.expected.currency) : nil, else: Self.dash)\
                \(if: paid, line.expected.basis == .hours ? p.basisHours : p.basisCapacity)\
                \(difference.map { ($0 > 0 ? "+" : "") + p.money($0, line.expected.currency) }, before: difference == 0 ? p.same : p.differs,
                  after: Self.spanEnd)</td>\
                <td data-label="\(p.payment)">\(account, before: Self.account, after: Self.spanEnd)\
                \(if: account != nil && fields.variableSymbol != nil, Self.lineBreak)\(fields.variableSymbol, before: Self.symbol, after: Self.nothing)\
                \(if: (account != nil || fields.variableSymbol != nil) && fields.invoiceNumber != nil, Self.lineBreak)\
                \(fields.invoiceNumber, else: Self.nothing)</td>\
                <td data-label="\(p.flags)">\(line.flags.lazy.map { p.badges[$0] ?? Self.nothing }, separator: Self.space)\
                \(if: !isClean && corrected != nil, Self.space)\(corrected, before: Self.badge, after: Self.spanEnd)</td>\
                <td data-label="\(p.reason)"><input name="reasons[\(row.id)]" maxlength="2000" aria-label="\(p.reason) \(row.name)"></td>\
                <td><a class="thumb-link" href="\(p.document, (row.id, row.documentID))" target="_blank" rel="noopener">\
                \(if: row.hasThumbnail, "\(Self.preview)\(p.thumbnail, (row.id, row.documentID))\(p.previewEnd)")\
                \(if: !row.hasThumbnail, p.openPDF)</a></td>\
                </tr>

                """)
        }
        return out
    }
}
