/// "Average increase": a month's mean increase and percentage, with the eleven months before it
/// as a chart and a table.
struct AverageIncreasePage: HTMLPage {
    struct Row: Equatable {
        let month: String
        let href: String
        let employees: String
        let mean: String
        let percent: String
        let selected: Bool
    }

    /// The number of months shown for comparison, the chosen one included.
    static let comparedMonths = 12

    let layout: Layout
    let tabs: [RateTabs.Tab]
    let action: String
    let month: String
    let monthBadInput: Bool
    let headline: String?
    let mean: String?
    let percent: String?
    let covers: String?
    let empty: String?
    let detailsURL: String
    let csvURL: String
    let xlsxURL: String
    let chart: BarChart
    let chartTitle: String
    let rows: [Row]
    let definition: [String]
    let t: Translator

    /// - Parameters:
    ///   - monthTypedBadly: a month was typed that is not one (this month is shown instead).
    ///   - summaries: the compared months, oldest first, ending with `month`.
    init(layout: Layout, slug: String, currency: String, month: Month, monthTypedBadly: Bool,
         summaries: [IncreaseSummary], t: Translator) {
        func money(_ minor: Int64?) -> String { minor.map { t.money(minor: $0, currency: currency) } ?? "—" }
        func percent(_ basisPoints: Int64?) -> String {
            basisPoints.map { Percent.format(basisPoints: $0, language: t.language) } ?? "—"
        }
        func href(_ month: Month) -> String { Paths.averageIncrease(slug) + "?month=" + month.iso }
        let chosen = summaries.last { $0.month == month }
        self.layout = layout
        self.t = t
        tabs = RateTabs.tabs(slug: slug, current: Paths.averageIncrease(slug), t: t)
        action = Paths.averageIncrease(slug)
        self.month = month.iso
        monthBadInput = monthTypedBadly
        headline = t("rates.average.headline", month.iso)
        mean = chosen?.meanIncreaseMinor.map { money($0) }
        self.percent = chosen?.increaseBasisPoints.map { percent($0) }
        covers = chosen.flatMap { $0.employees > 0 ? String($0.employees) : nil }
        empty = (chosen?.employees ?? 0) == 0 ? t("rates.average.empty", month.iso) : nil
        detailsURL = Paths.rateIncreases(slug) + "?month=" + month.iso
        csvURL = Paths.export(slug, .averageIncrease, format: .csv, filters: ExportFilters(month: month.iso))
        xlsxURL = Paths.export(slug, .averageIncrease, format: .xlsx, filters: ExportFilters(month: month.iso))
        chart = BarChart(summaries.map { summary in
            BarChart.Point(label: summary.month.iso, value: summary.increaseBasisPoints ?? 0,
                           title: summary.month.iso + ": " + percent(summary.increaseBasisPoints),
                           href: href(summary.month), selected: summary.month == month)
        })
        chartTitle = t("rates.average.chartTitle")
        rows = summaries.reversed().map { summary in
            Row(month: summary.month.iso, href: href(summary.month), employees: String(summary.employees),
                mean: money(summary.meanIncreaseMinor), percent: percent(summary.increaseBasisPoints),
                selected: summary.month == month)
        }
        definition = ["rates.average.definition1", "rates.average.definition2", "rates.average.definition3"].map { t($0) }
    }

    var body: HTML {
        var html: HTML = """
            <h1>\(t("nav.rates"))</h1>
            \(RateTabs.html(tabs, t: t))\
            <form method="get" action="\(action)" class="filters">
            \(RateTabs.monthField(month, badInput: monthBadInput, t: t))\
              <button type="submit">\(t("rates.show"))</button>
            </form>
            <h2>\(headline ?? "")</h2>

            """
        if let empty {
            html.append("<p class=\"empty\">\(empty)</p>\n")
        } else {
            html.append("""
                <dl class="facts summary">
                  <dt>\(t("rates.average.mean"))</dt><dd class="big">\(mean ?? "")</dd>
                  <dt>\(t("rates.average.percent"))</dt><dd class="big">\(percent ?? "")</dd>
                  <dt>\(t("rates.average.employees"))</dt><dd class="big">\(covers ?? "")</dd>
                </dl>
                <p><a href="\(detailsURL)">\(t("rates.average.details"))</a></p>

                """)
        }
        let employees = t("rates.average.employees"), mean = t("rates.average.mean"), percent = t("rates.average.percent")
        let lines = rows.map { row -> HTML in
            """
              <tr\(if: row.selected, " class=\"selected\"")>
                <th scope="row"><a href="\(row.href)"\(if: row.selected, " aria-current=\"true\"")>\(row.month)</a></th>
                <td data-label="\(employees)" class="num">\(row.employees)</td>
                <td data-label="\(mean)" class="num">\(row.mean)</td>
                <td data-label="\(percent)" class="num">\(row.percent)</td>
              </tr>

            """
        }
        let definitions = definition.map { line -> HTML in "<li>\(line)</li>" }
        html.append("""
            <h2>\(t("rates.average.compare"))</h2>
            \(chart.html(title: chartTitle))\
            <table class="list">
              <caption class="muted">\(chartTitle)</caption>
              <thead><tr><th scope="col">\(t("rates.month"))</th><th scope="col">\(employees)</th>\
            <th scope="col">\(mean)</th><th scope="col">\(percent)</th></tr></thead>
              <tbody>
            \(lines.joined())  </tbody>
            </table>
            <p class="downloads">\(t("export.download")) <a href="\(csvURL)" download>CSV</a> · \
            <a href="\(xlsxURL)" download>XLSX</a></p>
            <h2>\(t("rates.average.definitionHeading"))</h2>
            <ul class="definition">\(definitions.joined())</ul>

            """)
        return html
    }
}
