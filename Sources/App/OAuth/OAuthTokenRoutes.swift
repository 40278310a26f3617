import Vapor

/// The token and revocation endpoints for API clients (RFC 6749 section 3.2, RFC 7009).
/// Outside `/t/{slug}`: codes and tokens name their tenant.
struct OAuthTokenRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("oauth", "token", use: token)
        routes.post("oauth", "revoke", use: revoke)
    }

    struct TokenForm: Content {
        var grant_type: String?
        var code: String?
        var redirect_uri: String?
        var client_id: String?
        var code_verifier: String?
        var refresh_token: String?
    }

    struct TokenResponse: Content {
        let access_token: String
        let token_type: String
        let expires_in: Int
        let refresh_token: String
    }

    struct ErrorBody: Content {
        let error: String
        let error_description: String
    }

    static func json<T: Encodable>(_ body: T, status: HTTPStatus) throws -> Response {
        let response = Response(status: status)
        try response.content.encode(body, as: .json)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        response.headers.replaceOrAdd(name: .pragma, value: "no-cache")
        return response
    }

    static func failure(_ error: OAuthError) throws -> Response {
        let response = try json(ErrorBody(error: error.code, error_description: error.description),
                                status: error.code == "invalid_client" ? .unauthorized : .badRequest)
        if error.code == "invalid_client" { response.headers.replaceOrAdd(name: .wwwAuthenticate, value: "Basic realm=\"roster\"") }
        return response
    }

    func token(_ request: Request) async throws -> Response {
        guard let form = try? request.content.decode(TokenForm.self) else {
            return try Self.failure(.invalidRequest("send application/x-www-form-urlencoded parameters"))
        }
        guard let clientID = form.client_id, !clientID.isEmpty else { return try Self.failure(.invalidRequest("client_id is missing")) }
        let database = request.application.database
        let result: Result<IssuedTokens, OAuthError> = try await database.transaction { connection in
            guard try await OAuthQueries.client(clientID, on: connection, logger: request.logger) != nil else {
                return .failure(.invalidClient("unknown client_id"))
            }
            switch form.grant_type {
            case "authorization_code":
                guard let text = form.code, let redirect = form.redirect_uri, let verifier = form.code_verifier else {
                    return .failure(.invalidRequest("code, redirect_uri and code_verifier are required"))
                }
                guard let code = TenantToken(parsing: text),
                      let (_, connection) = try await connection.enterTenant(slug: code.slug, logger: request.logger)
                else { return .failure(.invalidGrant("the code is unknown")) }
                return try await OAuthQueries.exchange(code: code, clientID: clientID, redirectURI: redirect, verifier: verifier,
                                                       on: connection)
            case "refresh_token":
                guard let text = form.refresh_token else { return .failure(.invalidRequest("refresh_token is required")) }
                guard let token = TenantToken(parsing: text),
                      let (_, connection) = try await connection.enterTenant(slug: token.slug, logger: request.logger)
                else { return .failure(.invalidGrant("the refresh token is unknown")) }
                return try await OAuthQueries.refresh(token, clientID: clientID, on: connection)
            case nil:
                return .failure(.invalidRequest("grant_type is missing"))
            default:
                return .failure(.unsupportedGrantType)
            }
        }
        switch result {
        case .failure(let error):
            request.application.metrics.signInFailed("oauth", reason: error.code)
            return try Self.failure(error)
        case .success(let tokens):
            return try Self.json(TokenResponse(access_token: tokens.access.value, token_type: "Bearer",
                                               expires_in: tokens.expiresIn, refresh_token: tokens.refresh.value),
                                 status: .ok)
        }
    }

    struct RevokeForm: Content {
        var token: String?
    }

    /// Always 200 for a well-formed request, whether or not the token existed (RFC 7009, 2.2).
    func revoke(_ request: Request) async throws -> Response {
        guard let text = (try? request.content.decode(RevokeForm.self))?.token else {
            return try Self.failure(.invalidRequest("token is missing"))
        }
        if let token = TenantToken(parsing: text) {
            try await request.application.database.transaction { connection in
                guard let (_, connection) = try await connection.enterTenant(slug: token.slug, logger: request.logger) else { return }
                try await OAuthQueries.revoke(token, on: connection)
            }
        }
        let response = Response(status: .ok)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
