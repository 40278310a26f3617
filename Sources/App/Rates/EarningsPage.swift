/// "My earnings": the rate today and the next one agreed, and what each month earned (the
/// approved invoice, else contracted hours × the rate) as a chart and a table, with one month's
/// basis opened. Built from the person's contracts, rates and invoices and a translator.
struct EarningsPage: HTMLPage {
    /// The chart's ranges: months back from the current one; nil is everything since the first contract.
    static let ranges: [(code: String, months: Int?)] = [("6", 6), ("12", 12), ("24", 24), ("all", nil)]

    struct MonthRow {
        let month: String
        let href: String
        let amount: String
        let days: String
        let selected: Bool
    }

    struct MonthDetail {
        let month: String
        let amount: String
        let days: String
        let rates: [String]
        let capacity: String
    }

    let layout: Layout
    let current: String?
    let upcoming: String?
    /// The chart's ranges, as a tab bar.
    let ranges: [TabLink]
    let chart: BarChart
    let chartTitle: String
    let rows: [MonthRow]
    let detail: MonthDetail?
    let basis: String
    let empty: String?
    let t: Translator

    /// - Parameters:
    ///   - rangeCode: the chart's range from the query ("6", "12", "24", "all"); anything else is "6".
    ///   - selectedMonth: the month opened below the table, when it is one of the chart's.
    /// - Parameter time: what the person's time says of the months (`Earnings.expected`).
    init(layout: Layout, slug: String, currency: String, today: LocalDate, contracts: [Contract], rates: [Rate],
         invoices: [InvoiceSummary], time: (Month) -> TimeBasis = { _ in .none }, rangeCode: String?, selectedMonth: String?,
         t: Translator) {
        let range = Self.ranges.first { $0.code == rangeCode } ?? Self.ranges[0]
        let months = Earnings.months(ending: Month(today), count: range.months, contracts: contracts)
        let selected = selectedMonth.flatMap(Month.init(filter:)).flatMap { months.contains($0) ? $0 : nil }
        let earnings = Earnings.withInvoices(months.map { Earnings.expected(in: $0, contracts: contracts, rates: rates, time: time($0)) },
                                             invoices: invoices)
        func money(_ minor: Int64, _ code: String?) -> String { t.money(minor: minor, currency: code ?? currency) }
        func href(range code: String, month: Month?) -> String {
            Paths.earnings(slug) + "?range=" + code + (month.map { "&month=" + $0.iso + "#month" } ?? "")
        }
        let inEffect = RateHistory.inEffect(rates, on: today)
        self.init(
            layout: layout,
            current: inEffect.map {
                t("rate.since", money($0.amountMinor, $0.currency), $0.effectiveFrom.iso)
            },
            upcoming: RateHistory.upcoming(rates, after: today).map {
                t("rate.from", money($0.amountMinor, $0.currency), $0.effectiveFrom.iso)
            },
            ranges: Self.ranges.map {
                TabLink(label: t("earnings.range.\($0.code)"), href: href(range: $0.code, month: nil),
                        current: $0.code == range.code)
            },
            chart: BarChart(earnings.map { month in
                BarChart.Point(label: month.month.iso, value: month.amountMinor,
                               title: month.month.iso + ": " + money(month.amountMinor, month.currency),
                               href: href(range: range.code, month: month.month), selected: month.month == selected)
            }),
            chartTitle: t("earnings.chartTitle", String(months.count)),
            rows: earnings.reversed().map { month in
                MonthRow(month: month.month.iso, href: href(range: range.code, month: month.month),
                         amount: money(month.amountMinor, month.currency)
                             + (month.basis == .invoice ? " " + t("earnings.fromInvoice")
                                : month.basis == .hours ? " " + t("earnings.fromHours") : ""),
                         days: String(month.paidDays), selected: month.month == selected)
            },
            detail: selected.map { month in
                let result = earnings.first { $0.month == month }
                    ?? Earnings.expected(in: month, contracts: contracts, rates: rates, time: time(month))
                return MonthDetail(
                    month: month.iso,
                    amount: money(result.amountMinor, result.currency),
                    days: String(result.paidDays),
                    rates: RateHistory.inEffect(rates, during: month).map {
                        t("rate.since", money($0.amountMinor, $0.currency), $0.effectiveFrom.iso)
                    },
                    capacity: contracts.filter { $0.overlaps(month) }
                        .map { ContractHistory.formatCapacity($0.capacityTenths) + " h" }.joined(separator: ", "))
            },
            basis: t(earnings.contains { $0.basis == .invoice } ? "earnings.basis.invoices" : "earnings.basis.capacity"),
            empty: contracts.isEmpty ? t("earnings.empty") : nil, t: t)
    }

    private init(layout: Layout, current: String?, upcoming: String?, ranges: [TabLink], chart: BarChart, chartTitle: String,
                 rows: [MonthRow], detail: MonthDetail?, basis: String, empty: String?, t: Translator) {
        self.layout = layout
        self.t = t
        self.current = current
        self.upcoming = upcoming
        self.ranges = ranges
        self.chart = chart
        self.chartTitle = chartTitle
        self.rows = rows
        self.detail = detail
        self.basis = basis
        self.empty = empty
    }

    var body: HTML {
        var html: HTML = """
            <h1>\(t("nav.earnings"))</h1>
            <dl class="facts summary">
              <dt>\(t("rate.inEffect"))</dt><dd class="big">\(current, else: HTML(text: t("rate.none")))</dd>
              <dt>\(t("rate.upcoming"))</dt><dd class="big">\(upcoming, else: "—")</dd>
            </dl>

            """
        if let empty {
            html.append("<p class=\"empty\">\(empty)</p>\n")
            return html
        }
        html.append(PagePieces.tabs(ranges, label: t("earnings.range")))
        html.append(chart.html(title: chartTitle))
        html.append("<p class=\"hint\">\(basis)</p>\n")
        let amount = t("earnings.amount"), days = t("earnings.days")
        if let detail {
            let rates = detail.rates.map { rate -> HTML in "\(rate)<br>" }
            html.append("""
                <section id="month" class="card-row" aria-labelledby="month-heading">
                  <h2 id="month-heading">\(detail.month)</h2>
                  <dl class="facts">
                    <dt>\(amount)</dt><dd>\(detail.amount)</dd>
                    <dt>\(days)</dt><dd>\(detail.days)</dd>
                    <dt>\(t("earnings.capacity"))</dt><dd>\(detail.capacity)</dd>
                    <dt>\(t("earnings.rates"))</dt><dd>\(rates.joined())</dd>
                  </dl>
                </section>

                """)
        }
        let lines = rows.map { row -> HTML in
            """
              <tr\(if: row.selected, " class=\"selected\"")>
                <th scope="row"><a href="\(row.href)"\(if: row.selected, " aria-current=\"true\"")>\(row.month)</a></th>
                <td data-label="\(amount)" class="num">\(row.amount)</td>
                <td data-label="\(days)" class="num">\(row.days)</td>
              </tr>

            """
        }
        html.append("""
            <table class="list">
              <caption class="muted">\(chartTitle)</caption>
              <thead><tr><th scope="col">\(t("earnings.month"))</th><th scope="col">\(amount)</th>\
            <th scope="col">\(days)</th></tr></thead>
              <tbody>
            \(lines.joined())  </tbody>
            </table>

            """)
        return html
    }
}
