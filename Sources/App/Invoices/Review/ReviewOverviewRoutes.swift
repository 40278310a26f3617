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
        overview.userInfo[RouteOption.firstView] = FirstView { OverviewFirstView(request: $0) }
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

        /// The month as first opened: no filter, the first page (`OverviewFirstView`).
        var isFirstView: Bool { state == nil && teamID == nil && search.trimmingWhitespace().isEmpty && page.number == 1 }
    }

    func overview(_ request: Request) async throws -> ReviewOverviewPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant
        let address = Address(request)
        let filter: InvoiceFilter, page: Page<OverviewRow>, totals: [StateTotal]
        if let rows = request.firstViewRows {
            guard let view = try OverviewFirstView.decode(rows) else { throw Abort(.unauthorized) }
            filter = InvoiceFilter(month: view.month, state: nil, teamID: nil, search: address.search)
            (page, totals) = (view.page, view.totals)
        } else {
            let db = try request.db
            filter = InvoiceFilter(month: try request.queryMonth, state: address.state, teamID: address.teamID, search: address.search)
            page = try await OverviewQueries.page(filter, page: address.page, timeZone: tenant.timeZone, on: db)
            totals = try await OverviewQueries.totals(filter, on: db)
        }
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
