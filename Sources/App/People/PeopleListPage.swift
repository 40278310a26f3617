import Foundation

/// The admin's directory or a leader's "My team": a filtered page of people, built from the
/// page the query read, the filter and a translator.
struct PeopleListPage: HTMLPage {
    struct Row: Equatable {
        let name: String
        let href: String
        let position: String
        let email: String
        let phone: String
        /// A `tel:` link, so a phone calls the number with a tap.
        let phoneHref: String?
        let team: String
        let contract: String
        let inactive: Bool
    }

    let layout: Layout
    let heading: String
    let newURL: String?
    let downloads: HTML?
    let action: String
    let search: String
    let showFilters: Bool
    let teams: [SelectOption]
    let kinds: [SelectOption]
    let statuses: [SelectOption]
    let rows: [Row]
    let empty: String?
    let previousURL: String?
    let nextURL: String?
    let pageLabel: String
    let t: Translator

    /// - Parameters:
    ///   - path: the list's own address (the directory or "My team"), for the filter form and the pages.
    ///   - headingKey: "nav.people" or "nav.team".
    ///   - newURL: where a new person is added, for those who may.
    ///   - teams: the teams to filter by (the directory only).
    init(layout: Layout, slug: String, path: String, headingKey: String, newURL: String?, filter: PeopleFilter,
         page: Page<PersonRow>, teams: [(id: UUID, name: String)], t: Translator) {
        self.t = t
        let directory = !filter.ledByViewer
        self.layout = layout
        heading = t(headingKey)
        self.newURL = newURL
        action = path
        search = filter.search
        showFilters = directory
        self.teams = teams.map { SelectOption(value: $0.id.lowercasedString, label: $0.name, selected: $0.id == filter.teamID) }
        kinds = ContractKind.allCases.map {
            SelectOption(value: $0.rawValue, label: t("contract.\($0.rawValue)"), selected: $0 == filter.kind)
        }
        statuses = [("active", true), ("inactive", false)].map { code, active in
            SelectOption(value: code, label: t("people.status.\(code)"), selected: filter.active == active)
        } + [SelectOption(value: "all", label: t("people.status.all"), selected: filter.active == nil)]
        rows = page.rows.map { row in
            Row(name: [row.lastName, row.firstName].joined(separator: " ") + (row.title.isEmpty ? "" : ", \(row.title)"),
                href: Paths.person(slug, row.id), position: row.position, email: row.email,
                phone: row.phone ?? "—", phoneHref: row.phone.map(PersonPage.telephoneLink),
                team: row.teamName ?? "—",
                contract: row.contractKind.map { t("contract.\($0.rawValue)") } ?? "—",
                inactive: !row.active)
        }
        let filtered = !filter.search.isEmpty || filter.teamID != nil || filter.kind != nil || filter.active != true
        empty = page.rows.isEmpty ? t(filtered ? "people.empty.filtered" : (directory ? "people.empty" : "people.empty.team")) : nil
        let links = page.links { Self.url(path: path, filter: filter, page: $0) }
        previousURL = links.previousURL
        nextURL = links.nextURL
        pageLabel = t("people.page", String(page.number))
        // The directory's download, for those who manage people (who may add them).
        downloads = newURL == nil ? nil : PagePieces.downloads(slug, .people, filters: ExportFilters(
            team: filter.teamID?.lowercasedString, q: filter.search, kind: filter.kind?.rawValue,
            status: filter.active.map { $0 ? "active" : "inactive" } ?? "all"), t: t)
    }

    var body: HTML {
        var html: HTML = """
            <div class="heading"><h1>\(heading)</h1>\
            \(if: newURL != nil, "<a class=\"button primary\" href=\"\(newURL ?? "")\">\(t("people.new"))</a>")</div>
            <form method="get" action="\(action)" class="filters" role="search">
              <div class="field grow">
                <label for="q">\(t("people.search"))</label>
                <input id="q" name="q" type="search" value="\(search)" maxlength="100">
              </div>

            """
        if showFilters {
            html.append(PagePieces.selectField(id: "team", label: t("person.team"), any: t("people.anyTeam"), options: teams))
            html.append(PagePieces.selectField(id: "kind", label: t("people.contract"), any: t("people.anyContract"), options: kinds))
            html.append(PagePieces.selectField(id: "status", label: t("people.status"), any: nil, options: statuses))
        }
        html.append("""
              <button type="submit">\(t("people.filter"))</button>
            </form>

            """)
        let position = t("person.position"), team = t("person.team"), contract = t("people.contract")
        let phone = t("person.phone"), email = t("person.email"), inactive = t("people.status.inactive")
        let lines = rows.map { row -> HTML in
            let number: HTML = row.phoneHref.map { "<a href=\"\($0)\">\(row.phone)</a>" } ?? HTML(text: row.phone)
            return """
                <tr\(if: row.inactive, " class=\"inactive\"")>
                  <th scope="row"><a href="\(row.href)">\(row.name)</a>\
                \(if: row.inactive, " <span class=\"badge\">\(inactive)</span>")</th>
                  <td data-label="\(position)">\(row.position)</td>
                  <td data-label="\(team)">\(row.team)</td>
                  <td data-label="\(contract)">\(row.contract)</td>
                  <td data-label="\(phone)" class="nowrap">\(number)</td>
                  <td data-label="\(email)">\(row.email)</td>
                </tr>

                """
        }
        html.append(PagePieces.list(empty: empty, headings: [t("people.name"), position, team, contract, phone, email], rows: lines))
        html.append(PagePieces.pager(previousURL: previousURL, nextURL: nextURL, label: pageLabel, t: t))
        if let downloads { html.append(downloads) }
        return html
    }

    /// The list's address with the filter and a page number.
    static func url(path: String, filter: PeopleFilter, page number: Int) -> String {
        let status: String? = switch filter.active {
        case false?: "inactive"
        case nil: "all"
        default: nil
        }
        return link(path, [("q", filter.search.isEmpty ? nil : filter.search), ("team", filter.teamID?.lowercasedString),
                           ("kind", filter.kind?.rawValue), ("status", status), ("page", number > 1 ? String(number) : nil)])
    }
}
