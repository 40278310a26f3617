import Vapor

/// The admin's rate reports: "Rate increases" (one row per person) and "Average increase" (by month).
struct RateReportRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.rateIncreases, use: increases)
        routes.get(Paths.averageIncrease, use: average)
    }

    struct Tab: Encodable {
        let label: String
        let href: String
        let current: Bool
    }

    static func tabs(_ request: Request, slug: String, current: String) -> [Tab] {
        [("rates.increases", Paths.rateIncreases(slug)), ("rates.average", Paths.averageIncrease(slug))].map {
            Tab(label: request.translate($0.0), href: $0.1, current: $0.1 == current)
        }
    }

    struct IncreasesQuery: Content {
        var team: String?
        var month: String?
        var page: Int?
    }

    struct IncreaseRowView: Encodable {
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

    struct IncreasesPage: Encodable {
        let layout: Layout
        let tabs: [Tab]
        let action: String
        let teams: [SelectOption]
        let month: String
        let monthBadInput: Bool
        let explanation: String
        let rows: [IncreaseRowView]
        let empty: String?
        let previousURL: String?
        let nextURL: String?
        let pageLabel: String
    }

    func increases(_ request: Request) async throws -> View {
        try request.require(.manageRates)
        let tenant = try request.tenant
        let db = try request.db
        let query = (try? request.query.decode(IncreasesQuery.self)) ?? IncreasesQuery()
        let monthText = (query.month ?? "").trimmingWhitespace()
        let month = Month(filter: monthText)
        let filter = RateIncreaseFilter(teamID: query.team.flatMap(UUID.init(uuidString:)), month: month)
        let today = try request.today
        let page = try await RateReportQueries.increases(
            filter, page: PageRequest(number: query.page, size: RateReportQueries.pageSize), today: today, on: db)
        let teams = try await TeamQueries.names(on: db)
        let language = request.language

        func url(page number: Int) -> String {
            var items = [URLQueryItem]()
            if let team = filter.teamID { items.append(.init(name: "team", value: team.uuidString.lowercased())) }
            if let month { items.append(.init(name: "month", value: month.iso)) }
            if number > 1 { items.append(.init(name: "page", value: String(number))) }
            var components = URLComponents()
            components.path = Paths.rateIncreases(tenant.slug)
            components.queryItems = items.isEmpty ? nil : items
            return components.string ?? components.path
        }
        func money(_ minor: Int64?, _ currency: String) -> String {
            minor.map { Money.format(minor: $0, currency: currency, language: language) } ?? "—"
        }
        let filtered = filter.teamID != nil || month != nil
        let links = page.links { url(page: $0) }
        return try await request.view.render("rate-increases", IncreasesPage(
            layout: Layout(request: request, title: request.translate("rates.increases")),
            tabs: Self.tabs(request, slug: tenant.slug, current: Paths.rateIncreases(tenant.slug)),
            action: Paths.rateIncreases(tenant.slug),
            teams: teams.map { SelectOption(value: $0.id.uuidString.lowercased(), label: $0.name, selected: $0.id == filter.teamID) },
            month: month?.iso ?? monthText,
            monthBadInput: !monthText.isEmpty && month == nil,
            explanation: month.map { request.translate("rates.increases.explainMonth", $0.iso) }
                ?? request.translate("rates.increases.explain"),
            rows: page.rows.map { row in
                IncreaseRowView(
                    name: row.lastName + " " + row.firstName,
                    href: Paths.person(tenant.slug, row.userID) + "#rates",
                    team: row.teamName ?? "—",
                    current: money(row.current.amountMinor, row.current.currency),
                    previous: money(row.previousMinor, row.current.currency),
                    increase: money(row.increaseMinor, row.current.currency),
                    percent: row.increaseBasisPoints.map { Percent.format(basisPoints: $0, language: language) } ?? "—",
                    since: row.current.effectiveFrom.iso,
                    decrease: (row.increaseMinor ?? 0) < 0)
            },
            empty: page.rows.isEmpty ? request.translate(filtered ? "rates.increases.emptyFiltered" : "rates.increases.empty") : nil,
            previousURL: links.previousURL,
            nextURL: links.nextURL,
            pageLabel: request.translate("people.page", String(page.number))))
    }

    struct SummaryView: Encodable {
        let month: String
        let href: String
        let employees: String
        let mean: String
        let percent: String
        let selected: Bool
    }

    struct AveragePage: Encodable {
        let layout: Layout
        let tabs: [Tab]
        let action: String
        let month: String
        let monthBadInput: Bool
        let headline: String?
        let mean: String?
        let percent: String?
        let covers: String?
        let empty: String?
        let detailsURL: String
        let chart: BarChart
        let chartTitle: String
        let rows: [SummaryView]
        let definition: [String]
    }

    /// The number of months shown for comparison, the chosen one included.
    static let comparedMonths = 12

    func average(_ request: Request) async throws -> View {
        try request.require(.manageRates)
        let tenant = try request.tenant
        let today = try request.today
        let monthText = ((try? request.query.get(String.self, at: "month")) ?? "").trimmingWhitespace()
        let month = Month(filter: monthText) ?? Month(today)
        let summaries = try await RateReportQueries.monthlySummaries(
            from: month.adding(months: -(Self.comparedMonths - 1)), to: month, currency: tenant.currency,
            on: try request.db)
        let language = request.language
        func money(_ minor: Int64?) -> String {
            minor.map { Money.format(minor: $0, currency: tenant.currency, language: language) } ?? "—"
        }
        func percent(_ basisPoints: Int64?) -> String {
            basisPoints.map { Percent.format(basisPoints: $0, language: language) } ?? "—"
        }
        func href(_ month: Month) -> String { Paths.averageIncrease(tenant.slug) + "?month=" + month.iso }
        let chosen = summaries.last { $0.month == month }
        return try await request.view.render("rate-average", AveragePage(
            layout: Layout(request: request, title: request.translate("rates.average")),
            tabs: Self.tabs(request, slug: tenant.slug, current: Paths.averageIncrease(tenant.slug)),
            action: Paths.averageIncrease(tenant.slug),
            month: month.iso,
            monthBadInput: !monthText.isEmpty && Month(filter: monthText) == nil,
            headline: request.translate("rates.average.headline", month.iso),
            mean: chosen?.meanIncreaseMinor.map { money($0) },
            percent: chosen?.increaseBasisPoints.map { percent($0) },
            covers: chosen.flatMap { $0.employees > 0 ? String($0.employees) : nil },
            empty: (chosen?.employees ?? 0) == 0 ? request.translate("rates.average.empty", month.iso) : nil,
            detailsURL: Paths.rateIncreases(tenant.slug) + "?month=" + month.iso,
            chart: BarChart(summaries.map { summary in
                BarChart.Point(label: summary.month.iso, value: summary.increaseBasisPoints ?? 0,
                               title: summary.month.iso + ": " + percent(summary.increaseBasisPoints),
                               href: href(summary.month), selected: summary.month == month)
            }),
            chartTitle: request.translate("rates.average.chartTitle"),
            rows: summaries.reversed().map { summary in
                SummaryView(month: summary.month.iso, href: href(summary.month), employees: String(summary.employees),
                            mean: money(summary.meanIncreaseMinor), percent: percent(summary.increaseBasisPoints),
                            selected: summary.month == month)
            },
            definition: ["rates.average.definition1", "rates.average.definition2", "rates.average.definition3"]
                .map { request.translate($0) }))
    }
}
