import Vapor

/// The browser part of the code flow: a signed-in person lets one of Roster's apps act as them,
/// and is sent back to the app's registered redirect URI with a one-time code.
struct OAuthAuthorizeRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.oauthAuthorize, use: page)
        routes.post(Paths.oauthAuthorize, use: decide)
    }

    struct Parameters: Content {
        var response_type: String?
        var client_id: String?
        var redirect_uri: String?
        var code_challenge: String?
        var code_challenge_method: String?
        var state: String?
        /// On the POST: "allow" or "deny".
        var decision: String?
    }

    /// A request that may not be sent back to its redirect URI (unknown client or URI) ends on
    /// our own page; other problems go back to the app as `error=` (RFC 6749, 4.1.2.1).
    enum Checked {
        case valid(OAuthClient, redirect: String, challenge: String, state: String?)
        case problem(String)
        case redirectError(String, String, state: String?)
    }

    static func check(_ parameters: Parameters, client: OAuthClient?) -> Checked {
        guard let client else { return .problem("oauth.error.client") }
        guard let redirect = parameters.redirect_uri, client.allows(redirect: redirect) else {
            return .problem("oauth.error.redirect")
        }
        let state = parameters.state.map { String($0.prefix(500)) }
        guard parameters.response_type == "code" else {
            return .redirectError(redirect, "unsupported_response_type", state: state)
        }
        guard parameters.code_challenge_method == "S256", let challenge = parameters.code_challenge,
              PKCE.isValidChallenge(challenge) else {
            return .redirectError(redirect, "invalid_request", state: state)
        }
        return .valid(client, redirect: redirect, challenge: challenge, state: state)
    }

    static func redirect(to uri: String, _ items: [URLQueryItem]) -> Response {
        var components = URLComponents(string: uri) ?? URLComponents()
        components.queryItems = (components.queryItems ?? []) + items
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: components.string ?? uri)
        return response
    }

    private func checked(_ request: Request, _ parameters: Parameters) async throws -> Checked {
        let client = try await parameters.client_id.asyncMap {
            try await OAuthQueries.client($0, on: try request.db)
        } ?? nil
        return Self.check(parameters, client: client)
    }

    private func problem(_ request: Request, _ key: String) async throws -> Response {
        try await SignInProblemPage(
            layout: Layout(request: request, title: request.translate("oauth.error.title")),
            heading: request.translate("oauth.error.title"), message: request.translate(key),
            loginURL: Paths.home(try request.tenant.slug), t: request.translator).encodeResponse(status: .badRequest, for: request)
    }

    func page(_ request: Request) async throws -> Response {
        let parameters = (try? request.query.decode(Parameters.self)) ?? Parameters()
        switch try await checked(request, parameters) {
        case .problem(let key):
            return try await problem(request, key)
        case .redirectError(let uri, let error, let state):
            return Self.redirect(to: uri, [URLQueryItem(name: "error", value: error)] + (state.map { [URLQueryItem(name: "state", value: $0)] } ?? []))
        case .valid(let client, let redirect, let challenge, let state):
            let user = try request.user
            return try await OAuthConsentPage(
                layout: Layout(request: request, title: request.translate("oauth.title", client.name)),
                slug: try request.tenant.slug, client: client, user: user, redirectURI: redirect, codeChallenge: challenge,
                state: state, t: request.translator)
                .encodeResponse(for: request)
                .allowFormTargets([redirect])  // Allow and Deny are answered with a redirect to the app
        }
    }

    func decide(_ request: Request) async throws -> Response {
        var parameters = (try? request.content.decode(Parameters.self)) ?? Parameters()
        parameters.response_type = "code"
        parameters.code_challenge_method = "S256"
        switch try await checked(request, parameters) {
        case .problem(let key):
            return try await problem(request, key)
        case .redirectError(let uri, let error, let state):
            return Self.redirect(to: uri, [URLQueryItem(name: "error", value: error)] + (state.map { [URLQueryItem(name: "state", value: $0)] } ?? []))
        case .valid(let client, let redirect, let challenge, let state):
            let stateItems = state.flatMap { $0.isEmpty ? nil : [URLQueryItem(name: "state", value: $0)] } ?? []
            guard parameters.decision == "allow" else {
                return Self.redirect(to: redirect, [URLQueryItem(name: "error", value: "access_denied")] + stateItems)
            }
            let code = try await OAuthQueries.createCode(
                slug: try request.tenant.slug, user: try request.user.id, client: client.id, redirectURI: redirect,
                challenge: challenge, on: try request.db)
            return Self.redirect(to: redirect, [URLQueryItem(name: "code", value: code.value)] + stateItems)
        }
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        switch self {
        case .some(let value): try await transform(value)
        case .none: nil
        }
    }
}
