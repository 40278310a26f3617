/// The tab bar of every review page, for a month: "All", "Missing", "To review", "To pay", the
/// work statements and the bank statements (of no month), printed by `html(_:t:)`.
struct ReviewTabs {
    enum Current: String, CaseIterable, Sendable {
        case overview, missing, desk, pay, workStatements, statements
    }

    typealias Tab = TabLink

    /// The desk of `state` is "To review" (submitted) or "To pay" (approved).
    static func current(desk state: InvoiceState) -> Current { state == .approved ? .pay : .desk }

    static func html(_ tabs: [Tab], t: Translator) -> HTML {
        PagePieces.tabs(tabs, label: t("review.title"))
    }

    static func tabs(slug: String, month: Month, current: Current, t: Translator) -> [Tab] {
        Current.allCases.map { tab in
            let href = switch tab {
            case .overview: Paths.reviewOverview(slug) + "?month=" + month.iso
            case .missing: Paths.reviewMissing(slug, month: month)
            case .desk: Paths.reviewDesk(slug, month: month, state: .submitted)
            case .pay: Paths.reviewDesk(slug, month: month, state: .approved)
            case .workStatements: Paths.workStatements(slug, month: month)
            case .statements: Paths.reviewStatements(slug)
            }
            return Tab(label: t("review.tab.\(tab.rawValue)"), href: href, current: tab == current)
        }
    }
}
