import Vapor

/// The admin's rate reports: "Rate increases" (one row per person) and "Average increase" (by month).
struct RateReportRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let increases = routes.get(Paths.rateIncreases, use: increases)
        increases.userInfo[RouteOption.replicaReads] = true
        increases.userInfo[RouteOption.onConnectionLoop] = true
        increases.userInfo[RouteOption.pageRead] = PageReadOption { request in
            let address = IncreasesAddress(request)
            return RateIncreasesRead(address.filter, page: address.page, now: request.application.settings.clock.now)
        }
        routes.get(Paths.averageIncrease, use: average).userInfo[RouteOption.replicaReads] = true
    }

    /// What the address of "Rate increases" names: a month (as typed), a team and a page.
    struct IncreasesAddress {
        let monthText: String
        let filter: RateIncreaseFilter
        let page: PageRequest

        init(_ request: Request) {
            monthText = (request.queryText("month") ?? "").trimmingWhitespace()
            filter = RateIncreaseFilter(teamID: request.queryText("team").flatMap(UUID.init(uuidString:)), month: Month(filter: monthText))
            page = PageRequest(number: request.queryInt("page"), size: RateReportQueries.pageSize)
        }
    }

    func increases(_ request: Request) async throws -> RateIncreasesPage {
        try request.require(.manageRates)
        let tenant = try request.tenant
        let address = IncreasesAddress(request)
        let page = address.page.page(fetched: try request.page(RateIncreasesRead.self).rows)
        let teams = try await request.teamNames()
        let t = request.translator
        return RateIncreasesPage(
            layout: Layout(request: request, title: t("rates.increases")), slug: tenant.slug, filter: address.filter,
            monthText: address.monthText, page: page, teams: teams, t: t)
    }

    func average(_ request: Request) async throws -> AverageIncreasePage {
        try request.require(.manageRates)
        let tenant = try request.tenant
        let monthText = (request.queryText("month") ?? "").trimmingWhitespace()
        let month = try Month(filter: monthText) ?? request.thisMonth
        let summaries = try await RateReportQueries.monthlySummaries(
            from: month.adding(months: -(AverageIncreasePage.comparedMonths - 1)), to: month, currency: tenant.currency,
            on: try request.db)
        let t = request.translator
        return AverageIncreasePage(
            layout: Layout(request: request, title: t("rates.average")), slug: tenant.slug, currency: tenant.currency,
            month: month, monthTypedBadly: !monthText.isEmpty && Month(filter: monthText) == nil, summaries: summaries, t: t)
    }
}
