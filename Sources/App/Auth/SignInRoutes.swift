import Vapor

/// The sign-in page, one-time sign-in links and sign-out.
struct SignInRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.login, use: loginPage)
        routes.get(Paths.signInLinkPage, use: linkPage)
        routes.post(Paths.signInLinkPage, use: redeemLink)
        routes.post(Paths.logout, use: logout)
        routes.post(Paths.logoutEverywhere, use: logoutEverywhere)
    }

    func loginPage(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        if request.currentUser != nil { return request.redirect(to: Paths.home(tenant.slug)) }
        return try await Self.renderLogin(request, email: "", error: nil, status: .ok)
    }

    /// The sign-in page: the e-mail form, with what was typed and what is wrong with it.
    static func renderLogin(_ request: Request, email: String, error: String?, status: HTTPStatus) async throws -> Response {
        let tenant = try request.tenant
        let provider = try await IdentityProviderQueries.provider(on: try request.db)
        let t = request.translator
        let page = LoginPage(
            layout: Layout(request: request, title: t("login.title")), slug: tenant.slug, email: email, problem: error,
            devMailbox: request.application.settings.devMailbox, provider: provider?.displayName, t: t)
        let response = try await page.encodeResponse(status: status, for: request)
        guard let provider else { return response }
        // "Sign in with …" is answered with a redirect to the provider, which may pass the browser
        // on to the company's own sign-in (federation): any https address, and the issuer itself
        // (http is allowed for a provider on this machine).
        return response.allowFormTargets([provider.issuer], anyHTTPS: true)
    }

    /// Shows who the link signs in; signing in is the POST, so opening a link (or a mail
    /// scanner fetching it) changes nothing.
    func linkPage(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        let token = request.parameters.get("token").flatMap(SecretToken.init(parsing:))
        guard let token else { return try await problem(.unknown, request) }
        let (_, state) = try await SignInLinkQueries.state(
            of: token, lock: false, on: try request.db)
        guard case .valid(let user) = state else { return try await problem(state, request) }
        let page = SignInLinkPage(
            layout: Layout(request: request, title: request.translate("link.title"), navigation: false), slug: tenant.slug,
            user: user, token: token, t: request.translator)
        return try await page.encodeResponse(for: request)
    }

    func redeemLink(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        let db = try request.db
        guard let token = request.parameters.get("token").flatMap(SecretToken.init(parsing:)) else {
            return try await problem(.unknown, request)
        }
        let (linkID, state) = try await SignInLinkQueries.state(
            of: token, lock: true, on: db)
        guard case .valid(let user) = state, let linkID else { return try await problem(state, request) }
        try await SignInLinkQueries.markUsed(linkID, on: db)
        if let previous = request.browserSession {
            try await SessionQueries.delete(previous.id, on: db)
        }
        let session = try await SessionQueries.create(for: user.id, on: db)
        let response = request.redirect(to: Paths.home(tenant.slug), flash: Flash(.success, "flash.signedIn"))
        response.cookies[TenantMiddleware.sessionCookie] = request.cookie(
            session.value, maxAge: Int(SessionQueries.lifetime))
        return response
    }

    func logout(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        if let session = request.browserSession {
            try await SessionQueries.delete(session.id, on: try request.db)
        }
        let response = request.redirect(to: Paths.login(tenant.slug), flash: Flash(.success, "flash.signedOut"))
        response.cookies[TenantMiddleware.sessionCookie] = request.cookie("", maxAge: 0)
        return response
    }

    /// Ends every browser session of the person and revokes their apps' tokens.
    func logoutEverywhere(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        let user = try request.user
        let db = try request.db
        if !request.isConfirmed {
            return try await request.confirmationStep(ConfirmQuestion(
                question: request.translate("confirm.everywhere"), confirm: request.translate("preferences.everywhereButton"),
                cancelURL: Paths.preferences(tenant.slug)))
        }
        try await SessionQueries.deleteAll(of: user.id, on: db)
        try await OAuthQueries.revokeAll(of: user.id, on: db)
        let response = request.redirect(to: Paths.login(tenant.slug), flash: Flash(.success, "flash.signedOutEverywhere"))
        response.cookies[TenantMiddleware.sessionCookie] = request.cookie("", maxAge: 0)
        return response
    }

    private func problem(_ state: SignInLinkState, _ request: Request) async throws -> Response {
        let (key, status): (String, HTTPStatus) = switch state {
        case .used: ("link.used", .gone)
        case .expired: ("link.expired", .gone)
        case .deactivated: ("link.deactivated", .forbidden)
        case .unknown, .valid: ("link.unknown", .notFound)
        }
        request.application.metrics.signInFailed("link", reason: String(key.dropFirst("link.".count)))
        let page = SignInProblemPage(
            layout: Layout(request: request, title: request.translate("\(key).title"), navigation: false),
            slug: try request.tenant.slug, key: key, t: request.translator)
        return try await page.encodeResponse(status: status, for: request)
    }
}
