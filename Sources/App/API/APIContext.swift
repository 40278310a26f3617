import PostgresNIO
import Vapor

/// Who an API call is for and where it runs: the person the bearer token stands for, their
/// tenant, and the tenant's transaction (row level security set to the tenant, read-only for
/// reads). The one way into the data for every operation (`RosterAPI`).
struct APIContext: Sendable {
    let request: Request
    let tenant: Tenant
    let user: User
    let db: TenantConnection

    var t: Translator { request.translator }
    var today: LocalDate { request.application.settings.clock.today(in: tenant.timeZone) }
    /// What the mails this call queues point to (`Notifier`).
    var mailSite: MailSite {
        MailSite(publicURL: request.application.settings.publicURL, tenant: tenant, translations: request.application.translations)
    }

    /// The use cases' context of this call.
    var action: ActionContext {
        ActionContext(actor: user, tenant: tenant, db: db, today: today, app: request.application)
    }

    /// 403 unless the caller may call `operation` (`APIOperation.permission`); the reach granted.
    @discardableResult
    func require(_ operation: APIOperation) throws -> Reach {
        guard let reach = operation.reach(for: user) else { throw APIProblem.forbidden }
        return reach
    }

    /// A page's read (`PageRead`) in the call's transaction, as the caller sees it: the same
    /// read as the web page's.
    func read<Read: PageRead>(_ read: Read) async throws -> Read.Output {
        guard let output = try await db.read(read, viewer: user.id) else {
            throw APIProblem.unauthorized("invalid_token", "the access token is unknown")
        }
        return output
    }

    /// Runs `body` for the caller of the current API request in one transaction of their tenant
    /// (read-only unless `readOnly` is false); 401 with a Bearer challenge for a missing, malformed,
    /// unknown, expired or revoked token.
    static func run<T: Sendable>(readOnly: Bool, _ body: @Sendable (APIContext) async throws -> T) async throws -> T {
        let request = try APIRequest.request
        let token = try bearerToken(request)
        return try await request.application.database.transaction(readOnly: readOnly) { connection in
            let (tenant, user, db) = try await enter(token, request: request, on: connection)
            return try await body(APIContext(request: request, tenant: tenant, user: user, db: db))
        }
    }

    /// The caller's tenant and person, from a short read-only transaction of its own (for an
    /// operation that must hold no connection while a body arrives: the upload).
    static func caller() async throws -> (request: Request, tenant: Tenant, user: User) {
        let request = try APIRequest.request
        let token = try bearerToken(request)
        let (tenant, user) = try await request.application.database.transaction(readOnly: true) { connection in
            let (tenant, user, _) = try await enter(token, request: request, on: connection)
            return (tenant, user)
        }
        return (request, tenant, user)
    }

    /// The bearer token of the request, or a 401 (with a Bearer challenge) for none or a malformed one.
    static func bearerToken(_ request: Request) throws -> TenantToken {
        let headers = request.headers[.authorization]
        guard let header = headers.first else {
            throw APIProblem.unauthorized(nil, "send Authorization: Bearer <access token>")
        }
        guard headers.count == 1 else {
            throw APIProblem.unauthorized("invalid_request", "send one Authorization header")
        }
        guard header.utf8.count <= 512, header.lowercased().hasPrefix("bearer ") else {
            throw APIProblem.unauthorized(nil, "send Authorization: Bearer <access token>")
        }
        // A token of another shape cannot be one Roster issued: unknown, like any other.
        guard let token = TenantToken(parsing: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)) else {
            throw APIProblem.unauthorized("invalid_token", "the access token is unknown")
        }
        return token
    }

    private static func enter(
        _ token: TenantToken, request: Request, on connection: PostgresConnection
    ) async throws -> (Tenant, User, TenantConnection) {
        guard let (tenant, db) = try await connection.enterTenant(
            slug: token.slug, named: request.application.database.namedStatements, logger: request.logger) else {
            throw APIProblem.unauthorized("invalid_token", "the access token is unknown")
        }
        switch try await OAuthQueries.accessToken(token, on: db) {
        case .valid(let user):
            request.setTenant(tenant)
            request.language = Language.fromAcceptLanguage(request.headers.first(name: .acceptLanguage) ?? "")
                ?? user.preferredLanguage ?? tenant.defaultLanguage
            return (tenant, user, db)
        case .unknown: throw APIProblem.unauthorized("invalid_token", "the access token is unknown")
        case .expired: throw APIProblem.unauthorized("invalid_token", "the access token has expired")
        case .revoked: throw APIProblem.unauthorized("invalid_token", "the access token was revoked")
        }
    }
}
