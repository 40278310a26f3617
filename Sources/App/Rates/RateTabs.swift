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
}
