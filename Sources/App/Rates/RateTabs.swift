/// The tab bar of the rate reports: "Rate increases" and "Average increase".
enum RateTabs {
    typealias Tab = TabLink

    static func tabs(slug: String, current: String, t: Translator) -> [Tab] {
        [("rates.increases", Paths.rateIncreases(slug)), ("rates.average", Paths.averageIncrease(slug))].map {
            Tab(label: t($0.0), href: $0.1, current: $0.1 == current)
        }
    }

    static func html(_ tabs: [Tab], t: Translator) -> HTML {
        PagePieces.tabs(tabs, label: t("nav.rates"))
    }

    /// The month field of both reports' filters, with why a typed month was not one.
    static func monthField(_ month: String, badInput: Bool, t: Translator) -> HTML {
        let problem = badInput ? t("rates.error.month") : nil
        return """
              <div class="field\(if: badInput, " invalid")">
                <label for="month">\(t("rates.month"))</label>
                <input id="month" name="month" type="month" value="\(month)" placeholder="YYYY-MM"\
            \(PagePieces.invalid(problem, describedBy: "month-error"))>
                \(PagePieces.error(problem, id: "month-error"))
              </div>

            """
    }
}
