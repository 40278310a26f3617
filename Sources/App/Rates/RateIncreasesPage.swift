import Foundation

/// "Rate increases": one row per person (everyone's latest change, or the changes of a month),
/// filtered by team, a page at a time.
struct RateIncreasesPage: HTMLPage {
    struct Row: Equatable {
        let name: String
        let href: String
        let team: String
        let current: String
        let previous: String
        let increase: String
        let percent: String
        let since: String
        let decrease: Bool
    }

    let layout: Layout
    let tabs: [RateTabs.Tab]
    let action: String
    let teams: [SelectOption]
    let month: String
    let monthBadInput: Bool
    let explanation: String
    let rows: [Row]
    let empty: String?
    let previousURL: String?
    let nextURL: String?
    let pageLabel: String
    let downloads: HTML
    let t: Translator

    /// - Parameter monthText: the month as typed (shown again when it is not a month).
    init(layout: Layout, slug: String, filter: RateIncreaseFilter, monthText: String, page: Page<RateIncreaseRow>,
         teams: [(id: UUID, name: String)], t: Translator) {
        func money(_ minor: Int64?, _ currency: String) -> String { minor.map { t.money(minor: $0, currency: currency) } ?? "—" }
        self.layout = layout
        self.t = t
        tabs = RateTabs.tabs(slug: slug, current: Paths.rateIncreases(slug), t: t)
        action = Paths.rateIncreases(slug)
        self.teams = teams.map { SelectOption(value: $0.id.lowercasedString, label: $0.name, selected: $0.id == filter.teamID) }
        month = filter.month?.iso ?? monthText
        monthBadInput = !monthText.isEmpty && filter.month == nil
        explanation = filter.month.map { t("rates.increases.explainMonth", $0.iso) } ?? t("rates.increases.explain")
        rows = page.rows.map { row in
            Row(name: row.lastName + " " + row.firstName,
                href: Paths.person(slug, row.userID) + "#rates",
                team: row.teamName ?? "—",
                current: money(row.current.amountMinor, row.current.currency),
                previous: money(row.previousMinor, row.current.currency),
                increase: money(row.increaseMinor, row.current.currency),
                percent: row.increaseBasisPoints.map { Percent.format(basisPoints: $0, language: t.language) } ?? "—",
                since: row.current.effectiveFrom.iso,
                decrease: (row.increaseMinor ?? 0) < 0)
        }
        let filtered = filter.teamID != nil || filter.month != nil
        empty = page.rows.isEmpty ? t(filtered ? "rates.increases.emptyFiltered" : "rates.increases.empty") : nil
        let links = page.links { Self.url(slug: slug, filter: filter, page: $0) }
        previousURL = links.previousURL
        nextURL = links.nextURL
        pageLabel = t("people.page", String(page.number))
        downloads = PagePieces.downloads(slug, .rateIncreases, filters: ExportFilters(
            month: filter.month?.iso, team: filter.teamID?.lowercasedString), t: t)
    }

    var body: HTML {
        var html: HTML = """
            <h1>\(t("nav.rates"))</h1>
            \(RateTabs.html(tabs, t: t))\
            <form method="get" action="\(action)" class="filters">
            \(PagePieces.selectField(id: "team", label: t("person.team"), any: t("people.anyTeam"), options: teams))\
            \(RateTabs.monthField(month, badInput: monthBadInput, t: t))\
              <button type="submit">\(t("people.filter"))</button>
            </form>
            <p class="hint">\(explanation)</p>

            """
        let team = t("person.team"), current = t("rates.current"), previous = t("rates.previous")
        let increase = t("rates.increase"), percent = t("rates.percent"), since = t("rates.since")
        let lines = rows.map { row -> HTML in
            """
            <tr>
              <th scope="row"><a href="\(row.href)">\(row.name)</a></th>
              <td data-label="\(team)">\(row.team)</td>
              <td data-label="\(current)" class="num">\(row.current)</td>
              <td data-label="\(previous)" class="num">\(row.previous)</td>
              <td data-label="\(increase)" class="num\(if: row.decrease, " decrease")">\(row.increase)</td>
              <td data-label="\(percent)" class="num\(if: row.decrease, " decrease")">\(row.percent)</td>
              <td data-label="\(since)">\(row.since)</td>
            </tr>

            """
        }
        html.append(PagePieces.list(empty: empty, headings: [t("people.name"), team, current, previous, increase, percent, since],
                                    rows: lines))
        html.append(PagePieces.pager(previousURL: previousURL, nextURL: nextURL, label: pageLabel, t: t))
        html.append(downloads)
        return html
    }

    static func url(slug: String, filter: RateIncreaseFilter, page number: Int) -> String {
        link(Paths.rateIncreases(slug), [("team", filter.teamID?.lowercasedString), ("month", filter.month?.iso),
                                         ("page", number > 1 ? String(number) : nil)])
    }
}
