import Foundation

/// "Invoices" for admins: a month's invoices, filtered and paged, with counts and sums per state.
struct ReviewOverviewPage: HTMLPage {
    struct Row: Equatable {
        let name: String
        let team: String?
        let state: String
        let stateCode: String
        let amount: String?
        let uploadedOn: String
        let href: String
        let documentURL: String
    }

    struct Total: Equatable {
        let label: String
        let stateCode: String
        let count: Int
        let sums: String
        let href: String
        let current: Bool
    }

    let layout: Layout
    let heading: String
    let tabs: [ReviewTabs.Tab]
    let action: String
    let month: String
    let search: String
    let teams: [SelectOption]
    let states: [SelectOption]
    let totals: [Total]
    let rows: [Row]
    let empty: String?
    let previousURL: String?
    let nextURL: String?
    let downloads: HTML
    let t: Translator

    init(layout: Layout, slug: String, filter: InvoiceFilter, page: Page<OverviewRow>, totals: [StateTotal],
         teams: [(id: UUID, name: String)], t: Translator) {
        self.t = t
        let month = filter.month
        func sums(_ amounts: [InvoiceAmount]) -> String {
            amounts.map { t.money(minor: $0.minor, currency: $0.currency) }.joined(separator: " + ")
        }
        self.layout = layout
        heading = t("review.heading", t.month(month))
        tabs = ReviewTabs.tabs(slug: slug, month: month, current: .overview, t: t)
        action = Paths.reviewOverview(slug)
        self.month = month.iso
        search = filter.search
        self.teams = teams.map { SelectOption(value: $0.id.lowercasedString, label: $0.name, selected: $0.id == filter.teamID) }
        states = InvoiceState.allCases.map {
            SelectOption(value: $0.rawValue, label: t("invoice.state.\($0.rawValue)"), selected: $0 == filter.state)
        }
        self.totals = totals.map { total in
            Total(label: t("invoice.state.\(total.state.rawValue)"), stateCode: total.state.rawValue, count: total.count,
                  sums: sums(total.sums), href: Self.url(slug: slug, filter: filter, state: total.state),
                  current: total.state == filter.state)
        }
        rows = page.rows.map { row in
            Row(name: row.name, team: row.team, state: t("invoice.state.\(row.state.rawValue)"), stateCode: row.state.rawValue,
                amount: row.amount.map { t.money(minor: $0.minor, currency: $0.currency) },
                uploadedOn: row.uploadedOn.iso, href: Paths.invoice(slug, row.id),
                documentURL: Paths.invoiceDocument(slug, row.id, row.documentID))
        }
        empty = page.rows.isEmpty ? t("review.overview.empty", t.month(month)) : nil
        let links = page.links { Self.url(slug: slug, filter: filter, state: filter.state, page: $0) }
        previousURL = links.previousURL
        nextURL = links.nextURL
        downloads = PagePieces.downloads(slug, .invoices, filters: ExportFilters(
            month: month.iso, state: filter.state?.rawValue, team: filter.teamID?.lowercasedString, q: filter.search), t: t)
    }

    var body: HTML {
        let totalItems = totals.map { total -> HTML in
            """
            <li><a href="\(total.href)"\(if: total.current, " aria-current=\"true\"")><span class="badge state \(total.stateCode)">\
            \(total.label)</span> <strong>\(total.count)</strong> <span class="muted">\(total.sums)</span></a></li>
            """
        }
        var html: HTML = """
            <h1>\(heading)</h1>
            \(ReviewTabs.html(tabs, t: t))\
            <form method="get" action="\(action)" class="filters" role="search">
              <div class="field"><label for="month">\(t("invoice.month"))</label>\
            <input id="month" name="month" type="month" value="\(month)" required></div>
            \(PagePieces.selectField(id: "state", label: t("invoice.state"), any: t("review.anyState"), options: states))\
            \(PagePieces.selectField(id: "team", label: t("person.team"), any: t("people.anyTeam"), options: teams))\
              <div class="field grow"><label for="q">\(t("people.search"))</label>\
            <input id="q" name="q" type="search" value="\(search)" maxlength="100"></div>
              <button type="submit">\(t("people.filter"))</button>
            </form>
            <ul class="totals">
              \(totalItems.joined())
            </ul>

            """
        let team = t("person.team"), state = t("invoice.state"), total = t("invoice.field.total")
        let uploaded = t("invoice.uploadedOn"), open = t("invoice.openPDF"), notRead = t("invoice.notRead")
        let lines = rows.map { row -> HTML in
            """
            <tr>
              <th scope="row"><a href="\(row.href)">\(row.name)</a></th>
              <td data-label="\(team)">\(row.team ?? "")</td>
              <td data-label="\(state)"><span class="badge state \(row.stateCode)">\(row.state)</span></td>
              <td data-label="\(total)" class="num">\(row.amount, else: "<span class=\"muted\">\(notRead)</span>")</td>
              <td data-label="\(uploaded)">\(row.uploadedOn)</td>
              <td><a href="\(row.documentURL)" target="_blank" rel="noopener">\(open)</a></td>
            </tr>

            """
        }
        html.append(PagePieces.list(empty: empty, headings: [t("people.name"), team, state, total, uploaded], rows: lines,
                                    hiddenLast: "PDF"))
        html.append(PagePieces.pager(previousURL: previousURL, nextURL: nextURL, t: t))
        html.append(downloads)
        return html
    }

    /// The overview with the filter's month, team and search, a state and a page.
    static func url(slug: String, filter: InvoiceFilter, state: InvoiceState?, page: Int = 1) -> String {
        link(Paths.reviewOverview(slug), [("month", filter.month.iso), ("state", state?.rawValue),
                                          ("team", filter.teamID?.lowercasedString),
                                          ("q", filter.search.isEmpty ? nil : filter.search), ("page", page > 1 ? String(page) : nil)])
    }
}
