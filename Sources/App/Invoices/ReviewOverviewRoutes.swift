import Vapor

/// "Invoices" for admins: every invoice of a month, filtered and paged, with totals per state;
/// and "Missing": who should have submitted for the month and has not.
struct ReviewOverviewRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.reviewSection, use: { request async throws -> Response in
            try request.require(.reviewInvoices)
            return request.redirect(to: Paths.reviewOverview(try request.tenant.slug))
        })
        let overview = routes.get(Paths.reviewOverview, use: overview)
        overview.userInfo[RouteOption.replicaReads] = true
        overview.userInfo[RouteOption.teamNames] = true
        overview.userInfo[RouteOption.onConnectionLoop] = true
        routes.get(Paths.reviewMissingPage, use: missing)
    }

    func overview(_ request: Request) async throws -> ReviewOverviewPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db
        let filter = InvoiceFilter(
            month: try request.queryMonth,
            state: request.queryText("state").flatMap(InvoiceState.init(rawValue:)),
            teamID: request.queryText("team").flatMap(UUID.init(uuidString:)),
            search: String((request.queryText("q") ?? "").prefix(100)))
        let page = try await OverviewQueries.page(
            filter, page: PageRequest(number: request.queryInt("page"), size: OverviewQueries.pageSize),
            timeZone: tenant.timeZone, on: db)
        let totals = try await OverviewQueries.totals(filter, on: db)
        let teams = try await request.teamNames()
        let t = request.translator
        return ReviewOverviewPage(
            layout: Layout(request: request, title: t("review.title")), slug: tenant.slug, filter: filter, page: page,
            totals: totals, teams: teams, t: t)
    }

    func missing(_ request: Request) async throws -> View {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        let month = try request.queryMonth
        let rows = try await OverviewQueries.missing(month: month, timeZone: tenant.timeZone, on: try request.db)
        let t = request.translator
        return try await request.view.render("review-missing", ReviewMissingPage(
            layout: Layout(request: request, title: t("review.tab.missing")), slug: tenant.slug, month: month, rows: rows, t: t))
    }
}
