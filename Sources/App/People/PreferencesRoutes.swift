import Vapor

/// A person's own settings, and the language switch every page offers.
struct PreferencesRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.preferences, use: page)
        routes.post(Paths.preferences, use: save)
    }

    struct Form: Content {
        let language: String
        /// The kinds of mail checked (`mail[]`); none checked sends none.
        let mail: [String]?
    }

    func page(_ request: Request) async throws -> PreferencesPage {
        let user = try request.user
        try request.require(.editPreferences, .oneself)
        let t = request.translator
        return PreferencesPage(
            layout: Layout(request: request, title: t("nav.preferences")), slug: try request.tenant.slug, user: user,
            language: user.preferredLanguage ?? request.language,
            wanted: try await MailPreferenceQueries.wanted(by: user.id, on: try request.db), t: t)
    }

    func save(_ request: Request) async throws -> Response {
        let user = try request.user
        try request.require(.editPreferences, .oneself)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(Form.self), let language = Language(rawValue: form.language) else {
            throw Abort(.badRequest)
        }
        let mail = try (form.mail ?? []).map { text in
            guard let kind = MailKind(rawValue: text) else { throw Abort(.badRequest) }
            return kind
        }
        try await UserQueries.setPreferredLanguage(
            language, user: user.id, on: try request.db)
        try await MailPreferenceQueries.set(Set(mail), for: user, on: try request.db)
        request.language = language
        return request.redirect(to: Paths.preferences(tenant.slug), flash: Flash(.success, "flash.saved"))
    }
}

/// `POST /t/{slug}/language`: the switch in every page's footer. Signed-in people keep the
/// choice on their profile; visitors in a cookie.
struct LanguageRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.language, use: switchLanguage)
    }

    struct Form: Content {
        let language: String
        let back: String?
    }

    func switchLanguage(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        guard let form = try? request.content.decode(Form.self), let language = Language(rawValue: form.language) else {
            throw Abort(.badRequest)
        }
        if let user = request.currentUser {
            try await UserQueries.setPreferredLanguage(
                language, user: user.id, on: try request.db)
        }
        let response = request.redirect(to: Self.safeReturn(form.back, slug: tenant.slug), redirectType: .normal)
        response.cookies[TenantMiddleware.languageCookie] = request.cookie(language.rawValue, maxAge: 365 * 24 * 3600)
        return response
    }

    /// Only a path inside this tenant; anything else goes home, so the form cannot redirect elsewhere.
    static func safeReturn(_ back: String?, slug: String) -> String {
        let prefix = Paths.tenant(slug) + "/"
        guard let back, back.hasPrefix(prefix), !back.contains("//"), !back.contains("\\"),
              back.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return Paths.home(slug) }
        return back
    }
}
