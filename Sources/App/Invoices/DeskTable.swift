/// The rows of the month-end desk as HTML. A month can hold a thousand invoices, and the desk
/// must render in well under 100 ms: a template loop over a thousand rows of a dozen cells is
/// several times too slow, so the rows are written here as `HTML`, whose interpolation escapes
/// every plain string. The template prints the result with `#unsafeHTML` and does everything else.
enum DeskTable {
    /// The words every row repeats, translated once per page.
    struct Labels: Sendable {
        let detail: String, exported: String, read: String, expected: String, difference: String
        let account: String, flags: String, reason: String, notRead: String, thumbnail: String
        let openPDF: String
    }

    private static let flagged: HTML = " class=\"flagged\"", checked: HTML = " checked", clean: HTML = " data-clean=\"1\""
    private static let lineBreak: HTML = "<br>", dash: HTML = "—"

    static func rows(_ rows: [DeskPage.Row], labels l: Labels) -> HTML {
        // What every row repeats, escaped once.
        let exported: HTML = " <span class=\"badge\">\(l.exported)</span>"
        let notRead: HTML = "<span class=\"muted\">\(l.notRead)</span>"
        let preview: HTML = "<img src=\"", previewEnd: HTML = "\" alt=\"\(l.thumbnail)\" width=\"60\" loading=\"lazy\">"
        let openPDF = HTML(text: l.openPDF), detail = HTML(text: l.detail), reason = HTML(text: l.reason)
        var out = HTML.empty
        out.reserveCapacity(rows.count * 1_400)
        for row in rows {
            // The expected amount with the difference under it; the account with the symbols under it.
            let difference: HTML = row.difference.map { (difference: String) -> HTML in
                "<br><span class=\"\(row.differenceClass)\" title=\"\(l.difference)\">\(difference)</span>"
            } ?? .empty
            let payment = [row.account.map { (account: String) -> HTML in "<span class=\"bank-account\">\(account)</span>" },
                           row.variableSymbol.map { (symbol: String) -> HTML in "VS \(symbol)" },
                           row.invoiceNumber.map(HTML.init(text:))].compactMap { $0 }.joined(separator: Self.lineBreak)
            let flags = (row.flags.map { (flag: String) -> HTML in "<span class=\"badge flag\">\(flag)</span>" }
                + [row.corrected.map { (corrected: String) -> HTML in "<span class=\"badge\">\(corrected)</span>" }].compactMap { $0 })
                .joined(separator: " ")
            let thumbnail: HTML = row.thumbnailURL.map { (url: String) -> HTML in "\(preview)\(url)\(previewEnd)" } ?? openPDF
            // Every checkbox names the desk's one "Select" label and its own row: one group of choices.
            out.append("""
                <tr\(if: !row.flags.isEmpty, Self.flagged)>\
                <td><input type="checkbox" name="pick[]" value="\(row.pick)" id="pick-\(row.key)" \
                aria-labelledby="desk-selection name-\(row.key)"\(if: row.checked, Self.checked)\(if: row.flags.isEmpty, Self.clean)\
                \(row.total.map { (total: InvoiceAmount) -> HTML in " data-amount=\"\(total.minor)\" data-currency=\"\(total.currency)\"" } ?? .empty)></td>\
                <th scope="row"><label for="pick-\(row.key)" id="name-\(row.key)">\(row.name)</label> \
                <a href="\(row.invoiceURL)" class="muted">\(detail)</a>\(if: row.exported, exported)</th>\
                <td data-label="\(l.read)" class="num">\(row.amount, else: notRead)</td>\
                <td data-label="\(l.expected)" class="num">\(row.expected, else: Self.dash)\
                \(row.basis.map { (basis: String) -> HTML in "<br><small class=\"muted\">\(basis)</small>" } ?? .empty)\(difference)</td>\
                <td data-label="\(l.account)">\(payment)</td>\
                <td data-label="\(l.flags)">\(flags)</td>\
                <td data-label="\(reason)"><input name="reasons[\(row.id)]" maxlength="2000" aria-label="\(reason) \(row.name)"></td>\
                <td><a class="thumb-link" href="\(row.documentURL)" target="_blank" rel="noopener">\(thumbnail)</a></td>\
                </tr>

                """)
        }
        return out
    }
}
