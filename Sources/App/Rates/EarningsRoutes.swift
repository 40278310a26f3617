import Vapor

/// "My earnings": one's rate today, the next one agreed, and earnings per month as a chart and a table.
struct EarningsRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.earnings, use: earnings)
    }

    /// The chart's ranges: months back from the current one; nil is everything since the first contract.
    static let ranges: [(code: String, months: Int?)] = [("6", 6), ("12", 12), ("24", 24), ("all", nil)]

    struct RangeLink: Encodable {
        let label: String
        let href: String
        let current: Bool
    }

    struct MonthRow: Encodable {
        let month: String
        let href: String
        let amount: String
        let days: String
        let selected: Bool
    }

    struct MonthDetail: Encodable {
        let month: String
        let amount: String
        let days: String
        let rates: [String]
        let capacity: String
    }

    struct Page: Encodable {
        let layout: Layout
        let current: String?
        let upcoming: String?
        let ranges: [RangeLink]
        let chart: BarChart
        let chartTitle: String
        let rows: [MonthRow]
        let detail: MonthDetail?
        let basis: String
        let empty: String?
    }

    func earnings(_ request: Request) async throws -> View {
        let user = try request.user
        try request.require(.viewEarnings, .oneself)
        let tenant = try request.tenant
        let db = try request.db
        let today = try request.today
        let contracts = try await PeopleQueries.contracts(of: user.id, on: db)
        let rates = try await RateQueries.history(of: user.id, on: db).map(\.rate)
        let rangeCode = (try? request.query.get(String.self, at: "range")) ?? "6"
        let range = Self.ranges.first { $0.code == rangeCode } ?? Self.ranges[0]
        let thisMonth = Month(today)
        let months = Earnings.months(ending: thisMonth, count: range.months, contracts: contracts)
        let selected = ((try? request.query.get(String.self, at: "month")).flatMap(Month.init(filter:)))
            .flatMap { months.contains($0) ? $0 : nil }
        let language = request.language
        let invoices = try await InvoiceQueries.summaries(of: user.id, timeZone: tenant.timeZone, on: db)
        let earnings = Earnings.withInvoices(months.map { Earnings.expected(in: $0, contracts: contracts, rates: rates) },
                                             invoices: invoices)
        func money(_ minor: Int64, _ currency: String?) -> String {
            Money.format(minor: minor, currency: currency ?? tenant.currency, language: language)
        }
        func href(range code: String, month: Month?) -> String {
            Paths.earnings(tenant.slug) + "?range=" + code + (month.map { "&month=" + $0.iso + "#month" } ?? "")
        }
        let inEffect = RateHistory.inEffect(rates, on: today)
        return try await request.view.render("earnings", Page(
            layout: Layout(request: request, title: request.translate("nav.earnings")),
            current: inEffect.map {
                request.translate("rate.since", money($0.amountMinor, $0.currency), $0.effectiveFrom.iso)
            },
            upcoming: RateHistory.upcoming(rates, after: today).map {
                request.translate("rate.from", money($0.amountMinor, $0.currency), $0.effectiveFrom.iso)
            },
            ranges: Self.ranges.map {
                RangeLink(label: request.translate("earnings.range.\($0.code)"), href: href(range: $0.code, month: nil),
                          current: $0.code == range.code)
            },
            chart: BarChart(earnings.map { month in
                BarChart.Point(label: month.month.iso, value: month.amountMinor,
                               title: month.month.iso + ": " + money(month.amountMinor, month.currency),
                               href: href(range: range.code, month: month.month), selected: month.month == selected)
            }),
            chartTitle: request.translate("earnings.chartTitle", String(months.count)),
            rows: earnings.reversed().map { month in
                MonthRow(month: month.month.iso, href: href(range: range.code, month: month.month),
                         amount: money(month.amountMinor, month.currency)
                             + (month.basis == .invoice ? " " + request.translate("earnings.fromInvoice") : ""),
                         days: String(month.paidDays), selected: month.month == selected)
            },
            detail: selected.map { month in
                let result = earnings.first { $0.month == month } ?? Earnings.expected(in: month, contracts: contracts, rates: rates)
                return MonthDetail(
                    month: month.iso,
                    amount: money(result.amountMinor, result.currency),
                    days: String(result.paidDays),
                    rates: RateHistory.inEffect(rates, during: month).map {
                        request.translate("rate.since", money($0.amountMinor, $0.currency), $0.effectiveFrom.iso)
                    },
                    capacity: contracts.filter { $0.overlaps(month) }
                        .map { ContractHistory.formatCapacity($0.capacityTenths) + " h" }.joined(separator: ", "))
            },
            basis: request.translate(earnings.contains { $0.basis == .invoice } ? "earnings.basis.invoices" : "earnings.basis.capacity"),
            empty: contracts.isEmpty ? request.translate("earnings.empty") : nil))
    }
}
