import Foundation

/// "Missing": who should have sent an invoice for the month and has not, with their last one.
struct ReviewMissingPage: HTMLPage {
    struct Line: Equatable {
        let name: String
        let team: String?
        let email: String
        let last: String
        let href: String
    }

    let layout: Layout
    let heading: String
    let tabs: [ReviewTabs.Tab]
    let action: String
    let month: String
    let rows: [Line]
    let empty: String?
    let t: Translator

    init(layout: Layout, slug: String, month: Month, rows: [MissingRow], t: Translator) {
        self.layout = layout
        self.t = t
        heading = t("review.missing.heading", t.month(month))
        tabs = ReviewTabs.tabs(slug: slug, month: month, current: .missing, t: t)
        action = Paths.reviewMissingPage(slug)
        self.month = month.iso
        self.rows = rows.map { row in
            Line(name: row.name, team: row.team, email: row.email,
                 last: row.lastMonth.map { t("review.missing.last", t.month($0), row.lastUploadedOn?.iso ?? "") }
                     ?? t("review.missing.never"),
                 href: Paths.person(slug, row.userID))
        }
        empty = rows.isEmpty ? t("review.missing.empty", t.month(month)) : nil
    }

    var body: HTML {
        let team = t("person.team"), email = t("person.email"), last = t("review.missing.lastInvoice")
        let lines = rows.map { row -> HTML in
            """
              <tr>
                <th scope="row"><a href="\(row.href)">\(row.name)</a></th>
                <td data-label="\(team)">\(row.team ?? "")</td>
                <td data-label="\(email)"><a href="mailto:\(row.email)">\(row.email)</a></td>
                <td data-label="\(last)">\(row.last)</td>
              </tr>

            """
        }
        return """
            <h1>\(heading)</h1>
            \(ReviewTabs.html(tabs, t: t))\
            <form method="get" action="\(action)" class="filters">
              <div class="field"><label for="month">\(t("invoice.month"))</label>\
            <input id="month" name="month" type="month" value="\(month)" required></div>
              <button type="submit">\(t("people.filter"))</button>
            </form>
            \(PagePieces.list(empty: empty, headings: [t("people.name"), team, email, last], rows: lines))
            """
    }
}
