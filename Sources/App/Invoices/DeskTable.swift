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

    static func rows(_ rows: [ReviewDeskRoutes.Row], labels l: Labels) -> HTML {
        var out = HTML.empty
        for row in rows {
            let name = HTML(text: row.name), id = HTML(text: row.id)
            let flagged: HTML = row.flags.isEmpty ? "" : " class=\"flagged\""
            let checked: HTML = row.checked ? " checked" : ""
            let clean: HTML = row.flags.isEmpty ? " data-clean=\"1\"" : ""
            let exported: HTML = row.exported ? " <span class=\"badge\">\(l.exported)</span>" : ""
            let amount: HTML = row.amount.map(HTML.init(text:)) ?? "<span class=\"muted\">\(l.notRead)</span>"
            // The expected amount with the difference under it; the account with the symbols under it.
            let difference: HTML = row.difference.map { (difference: String) -> HTML in
                "<br><span class=\"\(row.differenceClass)\" title=\"\(l.difference)\">\(difference)</span>"
            } ?? ""
            let expected: HTML = (row.expected.map(HTML.init(text:)) ?? "—") + difference
            let payment = [row.account.map { (account: String) -> HTML in "<span class=\"bank-account\">\(account)</span>" },
                           row.variableSymbol.map { (symbol: String) -> HTML in "VS \(symbol)" },
                           row.invoiceNumber.map(HTML.init(text:))].compactMap { $0 }.joined(separator: "<br>")
            let flags = row.flags.map { (flag: String) -> HTML in "<span class=\"badge flag\">\(flag)</span>" }
                .joined(separator: " ")
            let preview: HTML = row.thumbnailURL.map { (url: String) -> HTML in
                "<img src=\"\(url)\" alt=\"\(l.thumbnail)\" width=\"60\" loading=\"lazy\">"
            } ?? HTML(text: l.openPDF)
            // Every checkbox names the desk's one "Select" label and its own row: one group of choices.
            out.append("""
                <tr\(flagged) data-document="\(row.documentURL)">\
                <td><input type="checkbox" name="pick[]" value="\(row.pick)" id="pick-\(id)" \
                aria-labelledby="desk-selection name-\(id)"\(checked)\(clean)></td>\
                <th scope="row"><label for="pick-\(id)" id="name-\(id)">\(name)</label> \
                <a href="\(row.invoiceURL)" class="muted">\(l.detail)</a>\(exported)</th>\
                \(cell(l.read, "num", amount))\(cell(l.expected, "num", expected))\(cell(l.account, nil, payment))\
                \(cell(l.flags, nil, flags))\
                \(cell(l.reason, nil, "<input name=\"reasons[\(id)]\" maxlength=\"2000\" aria-label=\"\(l.reason) \(name)\">"))\
                <td><a class="thumb-link" href="\(row.documentURL)" target="_blank" rel="noopener">\(preview)</a></td>\
                </tr>

                """)
        }
        return out
    }

    /// A cell with the label phones show before it.
    private static func cell(_ label: String, _ className: HTML?, _ content: HTML) -> HTML {
        let classAttribute: HTML = className.map { (name: HTML) -> HTML in " class=\"\(name)\"" } ?? ""
        return "<td data-label=\"\(label)\"\(classAttribute)>\(content)</td>"
    }
}
