import Vapor

/// What the base template prints around every page; decided here, printed there.
struct Layout: Encodable {
    struct NavItem: Encodable {
        let label: String
        let href: String
        let current: Bool
    }

    struct FlashView: Encodable {
        let kind: String
        let text: String
    }

    struct LanguageChoice: Encodable {
        let code: String
        let label: String
        let current: Bool
    }

    let lang: String
    let title: String
    let brand: String
    let homeURL: String
    let nav: [NavItem]
    let userName: String?
    let signOutURL: String?
    let csrf: String
    let languageURL: String?
    let currentPath: String
    let languages: [LanguageChoice]
    let flash: FlashView?

    init(request: Request, title: String, navigation: Bool = true) {
        let tenant = try? request.tenant
        let user = request.currentUser
        lang = request.language.rawValue
        self.title = title
        brand = tenant?.name ?? "Roster"
        homeURL = tenant.map { Paths.home($0.slug) } ?? "/"
        csrf = request.csrfToken
        if let tenant, let user, navigation {
            nav = Self.navigation(for: user, slug: tenant.slug, request: request)
            userName = user.displayName
            signOutURL = Paths.logout(tenant.slug)
        } else {
            nav = []
            userName = nil
            signOutURL = nil
        }
        languageURL = tenant.map { Paths.language($0.slug) }
        currentPath = request.url.path
        languages = Language.allCases.map {
            LanguageChoice(code: $0.rawValue, label: request.application.translations.text("language.\($0.rawValue)", $0),
                           current: $0 == request.language)
        }
        flash = request.flash.map { FlashView(kind: $0.kind.rawValue, text: request.translate($0.key)) }
    }

    /// The shell with a title and nothing else: for page models built in tests, without a
    /// request (pages use `init(request:title:navigation:)`).
    init(title: String, language: Language) {
        lang = language.rawValue
        self.title = title
        brand = "Roster"
        homeURL = "/"
        nav = []
        userName = nil
        signOutURL = nil
        csrf = ""
        languageURL = nil
        currentPath = "/"
        languages = []
        flash = nil
    }

    /// The links a user's roles allow, in menu order.
    static func navigation(for user: User, slug: String, request: Request) -> [NavItem] {
        let me = Subject.oneself
        let entries: [(Action, Subject, String, String)] = [
            (.viewHome, .company, "nav.home", Paths.home(slug)),
            (.listPeople, .company, "nav.people", Paths.people(slug)),
            (.viewOwnTeam, me, "nav.team", Paths.myTeam(slug)),
            (.manageEmployees, .company, "nav.teams", Paths.teams(slug)),
            (.manageRates, .company, "nav.rates", Paths.rateIncreases(slug)),
            (.reviewInvoices, .company, "nav.review", Paths.reviewOverview(slug)),
            (.viewEarnings, me, "nav.earnings", Paths.earnings(slug)),
            (.submitInvoices, me, "nav.invoices", Paths.invoices(slug)),
            (.viewProfile, me, "nav.profile", Paths.profile(slug)),
            (.manageCompany, .company, "nav.company", Paths.company(slug)),
            (.editPreferences, me, "nav.preferences", Paths.preferences(slug)),
        ]
        let path = request.url.path
        return entries.compactMap { action, target, key, href in
            guard Permissions.can(user, action, target) else { return nil }
            // Your own profile lives under /people/{id}: it belongs to "My profile", not to "People".
            let ownProfile = path.hasPrefix(Paths.person(slug, user.id))
            // "Rates" covers both rate reports; "Company settings" every admin settings page.
            let section = href == Paths.rateIncreases(slug) ? Paths.ratesSection(slug)
                : href == Paths.reviewOverview(slug) ? Paths.reviewSection(slug)
                : href == Paths.company(slug) ? Paths.adminSection(slug) : href
            let current = href == Paths.profile(slug)
                ? ownProfile
                : path == href || (href != Paths.home(slug) && path.hasPrefix(section + "/") && !ownProfile)
            return NavItem(label: request.translate(key), href: href, current: current)
        }
    }
}
