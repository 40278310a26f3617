import Vapor

/// What every page has around its content: the header with the menu and the account, the flash
/// message, the footer with the language choice. Decided and printed here, as `HTML`: a page
/// (`HTMLPage`) is `top`, its body and `bottom`. Pages also read `title`, `brand` and `csrf`.
struct Layout {
    struct NavItem {
        /// The entry's name in the texts (`nav.<key>`, and its home card's `home.card.<key>`).
        let key: String
        let label: String
        let href: String
        let current: Bool
    }

    struct FlashView {
        let kind: String
        let text: String
    }

    struct LanguageChoice {
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
    /// The labels of the shell: "Skip to content", the menu's name, "Sign out".
    let labels: (skip: String, navigation: String, signOut: String)

    init(request: Request, title: String, navigation: Bool = true) {
        let tenant = try? request.tenant
        let user = request.currentUser
        // The translator once: each of the request's and the application's values is a lookup
        // in its storage, and the shell translates some twenty texts.
        let t = request.translator, path = request.url.path
        lang = t.language.rawValue
        self.title = title
        brand = tenant?.name ?? "Roster"
        homeURL = tenant.map { Paths.home($0.slug) } ?? "/"
        csrf = request.csrfToken
        if let tenant, let user, navigation {
            nav = Self.navigation(for: user, slug: tenant.slug, path: path, t: t)
            userName = user.displayName
            signOutURL = Paths.logout(tenant.slug)
        } else {
            nav = []
            userName = nil
            signOutURL = nil
        }
        languageURL = tenant.map { Paths.language($0.slug) }
        currentPath = path
        languages = Language.allCases.map {
            LanguageChoice(code: $0.rawValue, label: t.translations.text("language.\($0.rawValue)", $0), current: $0 == t.language)
        }
        flash = request.flash.map { FlashView(kind: $0.kind.rawValue, text: t($0.key)) }
        labels = (t("layout.skip"), t("layout.navigation"), t("layout.signOut"))
    }

    /// The shell with a title (and a menu, when given) and nothing else: for page models built in
    /// tests, without a request (pages use `init(request:title:navigation:)`).
    init(title: String, language: Language, nav: [NavItem] = []) {
        lang = language.rawValue
        self.title = title
        brand = "Roster"
        homeURL = "/"
        self.nav = nav
        userName = nil
        signOutURL = nil
        csrf = ""
        languageURL = nil
        currentPath = "/"
        languages = []
        flash = nil
        labels = ("", "", "")
    }

    /// From the document's start to the page's own content (inside `<main>`).
    var top: HTML {
        var html: HTML = """
            <!doctype html>
            <html lang="\(lang)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(title) · \(brand)</title>
            <link rel="stylesheet" href="/css/app.css">
            </head>
            <body>
            <a class="skip" href="#main">\(labels.skip)</a>
            <header class="top">
              <a class="brand" href="\(homeURL)">\(brand)</a>

            """
        if let userName {
            let items = nav.map { item -> HTML in
                "<li><a href=\"\(item.href)\"\(if: item.current, " aria-current=\"page\"")>\(item.label)</a></li>\n"
            }
            html.append("""
                  <nav class="nav" aria-label="\(labels.navigation)">
                    <ul>
                \(items.joined())    </ul>
                  </nav>
                  <div class="account">
                    <span class="who">\(userName)</span>
                    <form method="post" action="\(signOutURL ?? "")">
                      \(PagePieces.csrf(csrf))
                      <button type="submit" class="link">\(labels.signOut)</button>
                    </form>
                  </div>

                """)
        }
        html.append("""
            </header>
            <main id="main">

            """)
        if let flash {
            html.append("<p class=\"flash flash-\(flash.kind)\" role=\"status\">\(flash.text)</p>\n")
        }
        return html
    }

    /// From the end of the page's content to the document's end.
    var bottom: HTML {
        var html: HTML = """
            </main>
            <footer class="foot">

            """
        if let languageURL {
            let choices = languages.map { choice -> HTML in
                """
                <button type="submit" name="language" value="\(choice.code)" lang="\(choice.code)"\
                \(if: choice.current, " aria-pressed=\"true\" disabled")>\(choice.label)</button>

                """
            }
            html.append("""
                  <form method="post" action="\(languageURL)" class="languages">
                    \(PagePieces.csrf(csrf))
                    <input type="hidden" name="back" value="\(currentPath)">
                \(choices.joined())  </form>

                """)
        }
        html.append("""
              <span class="product">Roster</span>
            </footer>
            <script src="/js/confirm.js" defer></script>
            </body>
            </html>

            """)
        return html
    }

    /// The links a user's roles allow, in menu order. Each address is filled in once, and only
    /// for the links shown (this runs on every page).
    static func navigation(for user: User, slug: String, path: String, t: Translator) -> [NavItem] {
        let me = Subject.oneself
        // An entry's section: the address whose pages mark it current ("Rates" covers both rate
        // reports; "Company settings" every admin settings page), when it is not the link's own.
        let entries: [(Action, Subject, String, Address, section: Address?)] = [
            (.viewHome, .company, "home", Paths.home, nil),
            (.listPeople, .company, "people", Paths.people, nil),
            (.viewOwnTeam, me, "team", Paths.myTeam, nil),
            (.manageEmployees, .company, "teams", Paths.teams, nil),
            (.manageRates, .company, "rates", Paths.rateIncreases, Paths.ratesSection),
            (.manageProjects, .company, "projects", Paths.projects, nil),
            (.reviewInvoices, .company, "review", Paths.reviewOverview, Paths.reviewSection),
            (.trackTime, me, "time", Paths.timesheet, nil),
            (.requestAbsence, me, "absences", Paths.absences, nil),
            (.viewEarnings, me, "earnings", Paths.earnings, nil),
            (.submitInvoices, me, "invoices", Paths.invoices, nil),
            (.viewProfile, me, "profile", Paths.profile, nil),
            (.manageCompany, .company, "company", Paths.company, Paths.adminSection),
            (.editPreferences, me, "preferences", Paths.preferences, nil),
        ]
        // Your own profile lives under /people/{id}: it belongs to "My profile", not to "People".
        let ownProfile = path.hasPrefix(Paths.person(slug, user.id))
        return entries.compactMap { action, target, key, address, section in
            guard Permissions.can(user, action, target) else { return nil }
            let href = address(slug)
            let current = address == Paths.profile
                ? ownProfile
                : path == href || (address != Paths.home && path.hasPrefix((section?(slug) ?? href) + "/") && !ownProfile)
            return NavItem(key: key, label: t("nav." + key), href: href, current: current)
        }
    }
}
