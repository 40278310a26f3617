import Vapor

/// "My earnings": one's rate today, the next one agreed, and earnings per month as a chart and a table.
struct EarningsRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.earnings, use: earnings)
    }

    func earnings(_ request: Request) async throws -> EarningsPage {
        let user = try request.user
        try request.require(.viewEarnings, .oneself)
        let tenant = try request.tenant, db = try request.db
        let contracts = try await PeopleQueries.contracts(of: user.id, on: db)
        let rates = try await RateQueries.history(of: user.id, on: db).map(\.rate)
        let invoices = try await InvoiceQueries.summaries(of: user.id, timeZone: tenant.timeZone, on: db)
        let t = request.translator, today = try request.today
        let first = contracts.map(\.validFrom).min() ?? today
        let time = try await TimeBasisQueries.bases(of: [user.id], from: first, through: Month(today).last, on: db)
        return EarningsPage(
            layout: Layout(request: request, title: t("nav.earnings")), slug: tenant.slug, currency: tenant.currency,
            today: today, contracts: contracts, rates: rates, invoices: invoices, time: { time.basis(of: user.id, in: $0) },
            rangeCode: request.queryText("range"),
            selectedMonth: request.queryText("month"), t: t)
    }
}
