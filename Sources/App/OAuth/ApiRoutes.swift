import PostgresNIO
import Vapor

/// The JSON API for mobile and script clients, authenticated with `Authorization: Bearer`.
struct ApiRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("api", "v1", "me", use: me)
    }

    struct Me: Content {
        struct Company: Content {
            let slug: String
            let name: String
        }

        let id: UUID
        let email: String
        let firstName: String
        let lastName: String
        let title: String
        let displayName: String
        let roles: [String]
        let company: Company
    }

    func me(_ request: Request) async throws -> Response {
        try await Self.authenticated(request) { tenant, user, _ in
            try OAuthTokenRoutes.json(Me(
                id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, title: user.title,
                displayName: user.displayName, roles: user.roles.sorted().map(\.rawValue),
                company: .init(slug: tenant.slug, name: tenant.name)), status: .ok)
        }
    }

    /// Runs `body` for the person the bearer token stands for, in a read-only transaction of their
    /// tenant; answers 401 with `WWW-Authenticate` (RFC 6750, section 3) otherwise.
    static func authenticated(
        _ request: Request, _ body: @Sendable (Tenant, User, TenantConnection) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers.first(name: .authorization) else {
            return try unauthorized(nil, "send Authorization: Bearer <access token>")
        }
        guard header.lowercased().hasPrefix("bearer "),
              let token = TenantToken(parsing: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        else { return try unauthorized("invalid_request", "the Authorization header is not a bearer token") }
        return try await request.application.database.transaction(readOnly: true) { connection in
            guard let (tenant, connection) = try await connection.enterTenant(slug: token.slug, logger: request.logger) else {
                return try unauthorized("invalid_token", "the access token is unknown")
            }
            switch try await OAuthQueries.accessToken(token, on: connection) {
            case .valid(let user): return try await body(tenant, user, connection)
            case .unknown: return try unauthorized("invalid_token", "the access token is unknown")
            case .expired: return try unauthorized("invalid_token", "the access token has expired")
            case .revoked: return try unauthorized("invalid_token", "the access token was revoked")
            }
        }
    }

    static func unauthorized(_ error: String?, _ description: String) throws -> Response {
        let response = try OAuthTokenRoutes.json(
            OAuthTokenRoutes.ErrorBody(error: error ?? "invalid_token", error_description: description),
            status: error == "invalid_request" ? .badRequest : .unauthorized)
        var challenge = "Bearer realm=\"roster\""
        if let error { challenge += ", error=\"\(error)\", error_description=\"\(description)\"" }
        response.headers.replaceOrAdd(name: .wwwAuthenticate, value: challenge)
        return response
    }
}
