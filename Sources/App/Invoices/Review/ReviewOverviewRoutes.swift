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
        overview.userInfo[RouteOption.onConnectionLoop] = true
        overview.userInfo[RouteOption.pageRead] = PageReadOption { request in
            let address = Address(request)
            return OverviewRead(month: request.queryText("month").flatMap(Month.init(filter:)), state: address.state,
                                teamID: address.teamID, search: address.search, limit: address.page.limit,
                                offset: address.page.offset, now: request.application.settings.clock.now)
        }
        routes.get(Paths.reviewMissingPage, use: missing)
    }

    /// What the overview's address names besides its month: a filter and a page.
    struct Address {
        let state: InvoiceState?
        let teamID: UUID?
        let search: String
        let page: PageRequest

        init(_ request: Request) {
            state = request.queryText("state").flatMap(InvoiceState.init(rawValue:))
            teamID = request.queryText("team").flatMap(UUID.init(uuidString:))
            search = String((request.queryText("q") ?? "").prefix(100))
            page = PageRequest(number: request.queryInt("page"), size: OverviewQueries.pageSize)
        }
    }

    func overview(_ request: Request) async throws -> ReviewOverviewPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        let address = Address(request)
        let view = try request.page(OverviewRead.self)
        let filter = InvoiceFilter(month: view.month, state: address.state, teamID: address.teamID, search: address.search)
        let page = address.page.page(fetched: view.rows), totals = view.totals
        let teams = try await request.teamNames()
        let t = request.translator
        return ReviewOverviewPage(
            layout: Layout(request: request, title: t("review.title")), slug: tenant.slug, filter: filter, page: page,
            totals: totals, teams: teams, t: t)
    }

    func missing(_ request: Request) async throws -> ReviewMissingPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        let month = try request.queryMonth
        let rows = try await OverviewQueries.missing(month: month, timeZone: tenant.timeZone, on: try request.db)
        let t = request.translator
        return ReviewMissingPage(
            layout: Layout(request: request, title: t("review.tab.missing")), slug: tenant.slug, month: month, rows: rows, t: t)
    }
}
