/// The rows of the month-end desk as HTML. A month can hold a thousand invoices, and the desk
/// must render in well under 100 ms: a template loop over a thousand rows of a dozen cells is
/// several times too slow, so the rows are written here, every value escaped by `HTML.text`.
/// The template prints the result with `#unsafeHTML` and does everything else.
enum DeskTable {
    /// The words every row repeats, translated once per page.
    struct Labels: Sendable {
        let detail: String, exported: String, read: String, expected: String, difference: String
        let account: String, flags: String, reason: String, notRead: String, thumbnail: String
        let openPDF: String
    }

    static func rows(_ rows: [ReviewDeskRoutes.Row], labels l: Labels) -> String {
        var out = ""
        out.reserveCapacity(rows.count * 1_400)
        for row in rows {
            let name = HTML.text(row.name), id = HTML.text(row.id), document = HTML.text(row.documentURL)
            out += "<tr\(row.flags.isEmpty ? "" : " class=\"flagged\"") data-document=\"\(document)\">"
            // Every checkbox names the desk's one "Select" label and its own row: one group of choices.
            out += "<td><input type=\"checkbox\" name=\"pick[]\" value=\"\(HTML.text(row.pick))\" id=\"pick-\(id)\""
            out += " aria-labelledby=\"desk-selection name-\(id)\"\(row.checked ? " checked" : "")"
            out += "\(row.flags.isEmpty ? " data-clean=\"1\"" : "")></td>"
            out += "<th scope=\"row\"><label for=\"pick-\(id)\" id=\"name-\(id)\">\(name)</label> "
            out += "<a href=\"\(HTML.text(row.invoiceURL))\" class=\"muted\">\(HTML.text(l.detail))</a>"
            if row.exported { out += " <span class=\"badge\">\(HTML.text(l.exported))</span>" }
            out += "</th>"
            out += cell(l.read, "num", row.amount.map(HTML.text) ?? "<span class=\"muted\">\(HTML.text(l.notRead))</span>")
            // The expected amount with the difference under it; the account with the symbols under it.
            let difference = row.difference.map {
                "<br><span class=\"\(HTML.text(row.differenceClass))\" title=\"\(HTML.text(l.difference))\">\(HTML.text($0))</span>"
            } ?? ""
            out += cell(l.expected, "num", (row.expected.map(HTML.text) ?? "—") + difference)
            let payment = [row.account.map { "<span class=\"bank-account\">\(HTML.text($0))</span>" },
                           row.variableSymbol.map { "VS " + HTML.text($0) }, row.invoiceNumber.map(HTML.text)].compactMap { $0 }
            out += cell(l.account, nil, payment.joined(separator: "<br>"))
            out += cell(l.flags, nil, row.flags.map { "<span class=\"badge flag\">\(HTML.text($0))</span>" }.joined(separator: " "))
            out += cell(l.reason, nil, "<input name=\"reasons[\(id)]\" maxlength=\"2000\" aria-label=\"\(HTML.text(l.reason)) \(name)\">")
            let preview = row.thumbnailURL.map {
                "<img src=\"\(HTML.text($0))\" alt=\"\(HTML.text(l.thumbnail))\" width=\"60\" loading=\"lazy\">"
            } ?? HTML.text(l.openPDF)
            out += "<td><a class=\"thumb-link\" href=\"\(document)\" target=\"_blank\" rel=\"noopener\">\(preview)</a></td>"
            out += "</tr>\n"
        }
        return out
    }

    /// A cell with the label phones show before it; `content` is HTML already.
    private static func cell(_ label: String, _ className: String?, _ content: String) -> String {
        "<td data-label=\"\(HTML.text(label))\"\(className.map { " class=\"\($0)\"" } ?? "")>\(content)</td>"
    }
}

/// Escaping for HTML text and attribute values (quoted with ").
enum HTML {
    static func text(_ value: String) -> String {
        // Most values (amounts, dates, ids, most names) need nothing: one pass over the bytes.
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return value
        }
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
