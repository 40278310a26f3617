/// The page everyone lands on after signing in: a greeting, one's roles, and a card for each
/// place the menu offers (other than home itself).
struct HomePage: Encodable {
    struct Card: Encodable, Equatable {
        let title: String
        let text: String
        let href: String
    }

    let layout: Layout
    let greeting: String
    let roles: String
    let cards: [Card]

    /// The cards follow `layout.nav`, the menu the viewer's roles allow.
    init(layout: Layout, slug: String, user: User, t: Translator) {
        self.layout = layout
        greeting = t("home.greeting", user.firstName)
        roles = user.roles.sorted().map { t("role.\($0.rawValue)") }.joined(separator: ", ")
        cards = layout.nav.filter { $0.href != Paths.home(slug) }.map { item in
            Card(title: item.label, text: t("home.card.\(Self.cardKey(item.href, slug: slug))"), href: item.href)
        }
    }

    static func cardKey(_ href: String, slug: String) -> String {
        switch href {
        case Paths.company(slug): "company"
        case Paths.preferences(slug): "preferences"
        case Paths.people(slug): "people"
        case Paths.myTeam(slug): "team"
        case Paths.profile(slug): "profile"
        case Paths.teams(slug): "teams"
        case Paths.rateIncreases(slug): "rates"
        case Paths.earnings(slug): "earnings"
        case Paths.invoices(slug): "invoices"
        case Paths.reviewOverview(slug): "review"
        default: "other"
        }
    }
}
