import Vapor

/// Sign-in through the company's OpenID Connect provider: authorization code flow with PKCE,
/// state and nonce bound to this browser, the ID token checked against the provider's keys, and
/// its verified e-mail matched to an active person of this company. No sign-up.
struct OIDCRoutes: RouteCollection {
    static let browserCookie = "roster_oidc"

    /// Both routes call the provider, so they hold no connection while it answers: each reads
    /// and writes in short transactions of its own, before and after the call.
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.oidcStart, use: start).userInfo[RouteOption.ownTransactions] = true
        let callback = routes.get(Paths.oidcCallback, use: callback)
        callback.userInfo[RouteOption.writesOnGet] = true
        callback.userInfo[RouteOption.ownTransactions] = true
    }

    static func problem(_ problem: OIDCProblem, _ request: Request) async throws -> Response {
        let status: HTTPStatus = switch problem {
        case .providerDown: .badGateway
        case .busy: .serviceUnavailable
        case .notConfigured: .notFound
        case .deactivated, .unknownPerson: .forbidden
        default: .badRequest
        }
        request.logger.notice("sign-in through the provider refused: \(problem.rawValue)")
        request.application.metrics.signInFailed("oidc", reason: problem.rawValue)
        let page = SignInProblemPage(
            layout: Layout(request: request, title: request.translate("oidc.problem.title"), navigation: false),
            heading: request.translate("oidc.problem.title"),
            message: request.translate("oidc.problem.\(problem.rawValue)"),
            loginURL: Paths.login(try request.tenant.slug), t: request.translator)
        let response = try await page.encodeResponse(status: status, for: request)
        response.cookies[browserCookie] = request.cookie("", maxAge: 0)
        return response
    }

    func start(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        guard let provider = try await request.ownTransaction(readOnly: true, { try await IdentityProviderQueries.provider(on: $0) })
        else { return try await Self.problem(.notConfigured, request) }
        let discovery: OIDCDirectory.Discovery
        do {
            discovery = try await request.application.oidc.discovery(issuer: provider.issuer, for: tenant.id)
        } catch let problem as OIDCProblem {
            return try await Self.problem(problem, request)
        }
        let state = SecretToken(), browser = SecretToken(), nonce = SecretToken().value
        let verifier = SecretToken().value + SecretToken().value
        try await request.ownTransaction { db in
            try await IdentityProviderQueries.startAttempt(
                state: state, browser: browser, nonce: nonce, verifier: verifier, provider: provider, on: db)
        }
        var components = URLComponents(string: discovery.authorization_endpoint) ?? URLComponents()
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: provider.clientID),
            URLQueryItem(name: "redirect_uri", value: Self.redirectURI(request, slug: tenant.slug)),
            URLQueryItem(name: "scope", value: "openid email profile"),
            URLQueryItem(name: "state", value: state.value),
            URLQueryItem(name: "nonce", value: nonce),
            URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: components.string ?? discovery.authorization_endpoint)
        response.cookies[Self.browserCookie] = request.cookie(browser.value, maxAge: Int(IdentityProviderQueries.attemptLifetime))
        return response
    }

    static func redirectURI(_ request: Request, slug: String) -> String {
        request.application.settings.publicURL + Paths.oidcCallback(slug)
    }

    struct Callback: Content {
        var code: String?
        var state: String?
        var error: String?
    }

    func callback(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        let query = (try? request.query.decode(Callback.self)) ?? Callback()
        // The state names the attempt (taken, so it is used once); the cookie proves this browser
        // started it.
        guard let state = query.state.flatMap(SecretToken.init(parsing:)) else { return try await Self.problem(.attemptUnknown, request) }
        let (attempt, provider) = try await request.ownTransaction { db in
            (try await IdentityProviderQueries.takeAttempt(state: state, on: db), try await IdentityProviderQueries.provider(on: db))
        }
        guard let attempt,
              let cookieValue = request.cookies[Self.browserCookie]?.string, let cookie = SecretToken(parsing: cookieValue),
              constantTimeEquals(cookie.hash.base64EncodedString(), attempt.browserHash.base64EncodedString()),
              attempt.usedAt == nil, attempt.expiresAt > Date()
        else { return try await Self.problem(.attemptUnknown, request) }
        if query.error != nil { return try await Self.problem(.providerRefused, request) }
        guard let code = query.code, !code.isEmpty else { return try await Self.problem(.providerRefused, request) }
        guard let provider, provider.issuer == attempt.issuer, provider.clientID == attempt.clientID,
              let secret = try? request.application.settings.secretBox?.open(provider.secretSealed)
        else { return try await Self.problem(.notConfigured, request) }

        let directory = request.application.oidc
        let claims: IDTokenClaims
        do {
            let discovery = try await directory.discovery(issuer: provider.issuer, for: tenant.id)
            let token = try await directory.exchange(
                code: code, discovery: discovery, clientID: provider.clientID, secret: secret,
                redirectURI: Self.redirectURI(request, slug: tenant.slug), verifier: attempt.codeVerifier, for: tenant.id)
            claims = try await directory.verify(token, discovery: discovery, for: tenant.id)
            if let problem = IDTokenRules.check(claims, issuer: discovery.issuer, clientID: provider.clientID,
                                                nonce: attempt.nonce, now: await directory.now()) {
                return try await Self.problem(problem, request)
            }
        } catch let problem as OIDCProblem {
            return try await Self.problem(problem, request)
        }
        guard let email = claims.email.flatMap(EmailAddress.normalized) else { return try await Self.problem(.unknownPerson, request) }
        let previous = request.browserSession
        let signedIn: Result<SecretToken, OIDCProblem> = try await request.ownTransaction { db in
            guard let user = try await UserQueries.find(email: email, on: db) else { return .failure(.unknownPerson) }
            guard user.active else { return .failure(.deactivated) }
            if let previous { try await SessionQueries.delete(previous.id, on: db) }
            return .success(try await SessionQueries.create(for: user.id, on: db))
        }
        let session: SecretToken
        switch signedIn {
        case .success(let token): session = token
        case .failure(let problem): return try await Self.problem(problem, request)
        }
        let response = request.redirect(to: Paths.home(tenant.slug), flash: Flash(.success, "flash.signedIn"))
        response.cookies[TenantMiddleware.sessionCookie] = request.cookie(session.value, maxAge: Int(SessionQueries.lifetime))
        response.cookies[Self.browserCookie] = request.cookie("", maxAge: 0)
        return response
    }
}
