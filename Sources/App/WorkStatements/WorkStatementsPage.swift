import Foundation

/// A month's work statements for admins: each with its hours, amount and state, to approve or
/// return in bulk; the month's workbook; and who has no statement yet and why.
struct WorkStatementsPage: HTMLPage {
    let layout: Layout
    let slug: String
    let month: Month
    let statements: [WorkStatementSummary]
    let waiting: [WorkStatementWaiting]
    let currency: String
    let csrf: String
    let t: Translator

    private var rows: [HTML] {
        let hours = t("time.duration"), total = t("statement.column.amount"), state = t("invoice.state"), made = t("statement.generatedOn")
        return statements.map { s -> HTML in
            let amount = s.amountMinor.map { t.money(minor: $0, currency: s.currency ?? currency) } ?? "—"
            return """
                <tr class="state-\(s.state.rawValue)">\
                <td><input type="checkbox" name="pick[]" value="\(s.id.lowercasedString):\(s.version)" id="pick-\(s.id.lowercasedString)" \
                aria-labelledby="name-\(s.id.lowercasedString)"\(if: s.state == .submitted, " checked")></td>\
                <th scope="row"><label for="pick-\(s.id.lowercasedString)" id="name-\(s.id.lowercasedString)">\(s.name)</label>\
                \(if: s.returnReason != nil, "<p class=\"hint\">\(t("statement.returnedBecause", s.returnReason ?? ""))</p>")</th>\
                <td data-label="\(hours)" class="num">\(WorkDuration.text(seconds: s.seconds))</td>\
                <td data-label="\(total)" class="num">\(amount)<br><small class="muted">\(t("statement.basis.\(s.basis.rawValue)"))</small></td>\
                <td data-label="\(state)"><span class="badge state \(s.state.rawValue)">\(t("invoice.state.\(s.state.rawValue)"))</span></td>\
                <td data-label="\(made)">\(s.generatedOn.iso)</td>\
                <td class="row-actions"><a href="\(Paths.workStatementFile(slug, s.id))">\(t("statement.download"))</a></td></tr>

                """
        }
    }

    var body: HTML {
        var html: HTML = """
            <div class="heading"><h1>\(t("statement.list.title", t.month(month)))</h1>\
            \(if: statements.contains { $0.state == .approved },
                "<a class=\"button\" href=\"\(Paths.workStatementWorkbook(slug, month: month))\">\(t("statement.workbook"))</a>")</div>
            \(ReviewTabs.html(ReviewTabs.tabs(slug: slug, month: month, current: .workStatements, t: t), t: t))\
            \(PagePieces.pager(previousURL: Paths.workStatements(slug, month: month.adding(months: -1)),
                               nextURL: Paths.workStatements(slug, month: month.adding(months: 1)), label: t.month(month),
                               previousText: t("time.previousMonth"), nextText: t("time.nextMonth"), t: t))\
            <p class="hint">\(t("statement.list.hint"))</p>

            """
        if statements.isEmpty {
            html.append("<p class=\"empty\">\(t(waiting.isEmpty ? "statement.list.none" : "statement.list.emptyYet"))</p>\n")
        } else {
            let waitingCount = statements.filter { $0.state == .submitted }.count
            html.append("""
                <p class="totals">\(t("statement.list.summary", String(statements.count), String(waitingCount)))</p>
                <form method="post" action="\(Paths.decideWorkStatements(slug))">
                  \(PagePieces.csrf(csrf))<input type="hidden" name="month" value="\(month.iso)">

                """)
            html.append(PagePieces.list(empty: nil, headings: [t("review.select"), t("people.name"), t("time.duration"),
                                                                t("statement.column.amount"), t("invoice.state"), t("statement.generatedOn")],
                                        rows: rows, hiddenLast: t("invoice.actions"), tableClass: "list statements"))
            html.append("""
                  <div class="row-form">
                    <button type="submit" name="decision" value="approve" class="primary">\(t("statement.approve"))</button>
                    <div class="field grow">
                      <label for="statement-reason">\(t("statement.returnReason"))</label>
                      <input id="statement-reason" name="reason" maxlength="500">
                    </div>
                    <button type="submit" name="decision" value="return" class="danger">\(t("statement.return"))</button>
                  </div>
                  <p class="hint">\(t("statement.returnHint"))</p>
                </form>

                """)
        }
        if !waiting.isEmpty {
            let items = waiting.map { w -> HTML in
                let status = w.time.map { t("time.close.status.\($0.rawValue)") } ?? t("time.close.status.open")
                return "<li><a href=\"\(Paths.timeMonth(slug, month: month, person: w.id))\">\(w.name)</a> · \(status)</li>"
            }
            html.append("""
                <section aria-labelledby="waiting-heading">
                  <h2 id="waiting-heading">\(t("statement.waiting.title", String(waiting.count)))</h2>
                  <p class="hint">\(t("statement.waiting.hint"))</p>
                  <ul class="plain">\(items.joined())</ul>
                </section>

                """)
        }
        return html
    }
}
