import Vapor

/// The page everyone lands on after signing in.
struct HomeRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.home, use: home)
    }

    struct Card: Encodable {
        let title: String
        let text: String
        let href: String
    }

    struct HomePage: Encodable {
        let layout: Layout
        let greeting: String
        let roles: String
        let cards: [Card]
    }

    func home(_ request: Request) async throws -> View {
        try request.require(.viewHome)
        let user = try request.user
        let tenant = try request.tenant
        let roles = user.roles.sorted().map { request.translate("role.\($0.rawValue)") }.joined(separator: ", ")
        // One card per place the menu offers, other than home itself.
        let cards = Layout.navigation(for: user, slug: tenant.slug, request: request)
            .filter { $0.href != Paths.home(tenant.slug) }
            .map { item in
                Card(title: item.label, text: request.translate("home.card.\(cardKey(item.href, slug: tenant.slug))"),
                     href: item.href)
            }
        return try await request.view.render("home", HomePage(
            layout: Layout(request: request, title: request.translate("nav.home")),
            greeting: request.translate("home.greeting", user.firstName),
            roles: roles,
            cards: cards))
    }

    private func cardKey(_ href: String, slug: String) -> String {
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
