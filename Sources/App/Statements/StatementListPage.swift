import Foundation
import PDFInspection

/// The bank statements page: the upload form (with why a file was refused) and the imported
/// statements, newest first.
struct StatementListPage: HTMLPage {
    struct Row: Equatable {
        let reference: String
        let href: String
        let format: String
        let account: String
        let period: String
        let lines: String
        let imported: String
    }

    let layout: Layout
    let tabs: [ReviewTabs.Tab]
    let action: String
    let error: String?
    let limits: String
    let rows: [Row]
    let t: Translator

    init(layout: Layout, slug: String, month: Month, statements: [StatementSummary], refusal: StatementRefusal?, t: Translator) {
        self.layout = layout
        self.t = t
        tabs = ReviewTabs.tabs(slug: slug, month: month, current: .statements, t: t)
        action = Paths.reviewStatements(slug)
        error = refusal.map { t.text($0.message.key, $0.message.arguments) }
        limits = t("statement.upload.limits", String(BankStatement.maxBytes >> 20))
        rows = statements.map { statement in
            Row(reference: statement.reference, href: Paths.reviewStatement(slug, statement.id),
                format: t("statement.format.\(statement.format.rawValue)"), account: statement.account,
                period: StatementPage.period(statement.from, statement.to, t: t),
                lines: String(statement.lineCount), imported: t("statement.imported", statement.importedAt, statement.importedBy))
        }
    }

    var body: HTML {
        var html: HTML = """
            <h1>\(layout.title)</h1>
            \(ReviewTabs.html(tabs, t: t))\
            <form method="post" action="\(action)" enctype="multipart/form-data" class="form narrow">
              \(PagePieces.csrf(layout.csrf))
              <div class="field\(if: error != nil, " invalid")">
                <label for="file">\(t("statement.file"))</label>
                <input id="file" name="file" type="file" accept=".xml,.gpc,.abo,.txt,application/xml,text/xml,text/plain" required \
            aria-describedby="file-limits\(if: error != nil, " file-error")"\(if: error != nil, " aria-invalid=\"true\"")>
                <p class="hint" id="file-limits">\(limits)</p>
                \(if: error != nil, "<p class=\"error\" id=\"file-error\" role=\"alert\">\(error ?? "")</p>")
              </div>
              <button type="submit" class="primary">\(t("statement.upload.submit"))</button>
            </form>
            <h2>\(t("statement.list.heading"))</h2>

            """
        let period = t("statement.period.label"), lines = t("statement.lines"), imported = t("statement.importedLabel")
        let items = rows.map { row -> HTML in
            """
              <tr>
                <th scope="row"><a href="\(row.href)">\(row.reference)</a><br><span class="hint">\(row.format)\
            \(if: !row.account.isEmpty, " · \(row.account)")</span></th>
                <td data-label="\(period)">\(row.period)</td>
                <td data-label="\(lines)">\(row.lines)</td>
                <td data-label="\(imported)">\(row.imported)</td>
              </tr>

            """
        }
        html.append(PagePieces.list(empty: rows.isEmpty ? t("statement.list.empty") : nil,
                                    headings: [t("statement.reference"), period, lines, imported], rows: items))
        return html
    }
}
