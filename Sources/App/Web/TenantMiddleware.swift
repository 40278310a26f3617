import PostgresNIO
import Vapor

/// For every `/t/{slug}/…` request: one transaction on one connection for the whole request,
/// with the tenant set for row level security, the browser session loaded and the language chosen.
/// GET and HEAD run read-only, so no page view can change data; a page with its one read
/// (`RouteOption.pageRead`) is one statement without a transaction (`PageRead`). A route marked
/// `ownTransactions` gets the tenant and session loaded in a short transaction of their own and
/// its handler opens the transactions it needs, so the request holds no connection while it waits
/// (on a provider it calls, or on its body): a file route is refused to visitors, and only then
/// collects its body (a multipart form, parsed once, within the upload gate). Form bodies were
/// collected before this middleware (`RequestBodyMiddleware`), so no connection waits for a slow
/// client.
struct TenantMiddleware: AsyncMiddleware {
    static let sessionCookie = "roster_session"
    static let languageCookie = "roster_lang"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let slug = request.parameters.get("slug"), TenantRules.isValidSlug(slug) else { throw Abort(.notFound) }
        // A route marked `writesOnGet` (the identity provider's return, which must sign in on a GET)
        // is the one exception.
        let readOnly = (request.method == .GET || request.method == .HEAD) && request.route?.userInfo[RouteOption.writesOnGet] == nil
        let database = request.application.database
        if request.route?.userInfo[RouteOption.ownTransactions] != nil {
            // Tenant and session first (the cookie is enough), so only signed-in people may send
            // a large body; the body then arrives with no connection held: a slow upload holds none.
            try await database.client.withConnection { connection in
                try await connection.transaction(readOnly: readOnly, named: request.application.database.namedStatements,
                                                  logger: request.logger) { connection in
                    _ = try await enter(slug: slug, request: request, on: connection)
                }
                await SessionQueries.touchIfStale(request.browserSession, tenant: try? request.tenant.id, on: connection,
                                                  logger: request.logger)
            }
            let response: Response
            if request.routeBody == .multipart, request.method != .GET, request.method != .HEAD {
                guard let user = request.currentUser else { throw Abort(.unauthorized) }
                if let action = request.route?.userInfo[RouteOption.requiresBeforeBody] as? Action { try request.require(action) }
                let lane = (request.route?.userInfo[RouteOption.uploadLane] as? UploadGate.Lane) ?? .invoices
                response = try await request.withMultipartForm(
                    lane: lane, holder: UploadGate.Holder(person: user.id, company: try request.tenant.id)
                ) { try await next.respond(to: request) }
            } else {
                response = try await next.respond(to: request)
            }
            if request.application.replica != nil {
                try? await database.client.withConnection { await Self.markWritten(response, request: request, on: $0) }
            }
            return response
        }
        if readOnly, request.route?.userInfo[RouteOption.replicaReads] != nil, let replica = request.application.replica,
           !replica.isResting, let response = try await respondFromReplica(replica, slug: slug, request: request, next: next) {
            if let session = request.browserSession, SessionQueries.needsTouch(lastSeen: session.lastSeenAt, now: Date()) {
                try? await database.client.withConnection { connection in
                    await SessionQueries.touchIfStale(session, tenant: try? request.tenant.id, on: connection, logger: request.logger)
                }
            }
            return response
        }
        return try await database.client.withConnection { connection in
            let response = try await respond(slug: slug, request: request, next: next, readOnly: readOnly, on: connection)
            if !readOnly, request.application.replica != nil {
                await Self.markWritten(response, request: request, on: connection)
            }
            // The session's last use, written outside the (read-only) transaction of the page.
            await SessionQueries.touchIfStale(request.browserSession, tenant: try? request.tenant.id, on: connection,
                                              logger: request.logger)
            return response
        }
    }

    /// A report page from the standby (`ReplicaReads`): nil, for the primary to answer, when the
    /// standby has not yet replayed this browser's last write, or cannot be reached.
    private func respondFromReplica(
        _ replica: Replica, slug: String, request: Request, next: any AsyncResponder
    ) async throws -> Response? {
        let written = request.sentCookies[ReplicaReads.cookie].map(\.string).flatMap { ReplicaReads.isPosition($0) ? $0 : nil }
        var answering = false
        do {
            return try await replica.database.client.withConnection { connection -> Response? in
                if let written, try await !ReplicaReads.hasReplayed(written, on: connection, logger: request.logger) { return nil }
                answering = true
                return try await respond(slug: slug, request: request, next: next, readOnly: true, on: connection)
            }
        } catch where !answering {
            replica.failed()
            request.logger.warning("the standby did not answer, the primary reads instead: \(String(describing: error).prefix(300))")
            return nil
        }
    }

    /// The request in one transaction on `connection`; a light page (`RouteOption.onConnectionLoop`)
    /// on the connection's event loop.
    private func respond(
        slug: String, request: Request, next: any AsyncResponder, readOnly: Bool, on connection: PostgresConnection
    ) async throws -> Response {
        guard request.route?.userInfo[RouteOption.onConnectionLoop] != nil else {
            return try await respondInTransaction(slug: slug, request: request, next: next, readOnly: readOnly, on: connection)
        }
        return try await withTaskExecutorPreference(EventLoopTaskExecutor(connection.eventLoop)) {
            try await respondInTransaction(slug: slug, request: request, next: next, readOnly: readOnly, on: connection)
        }
    }

    /// The tenant, session and language set first, then the handler with the transaction as the
    /// request's connection; or, for a page with its one read, one statement and no transaction
    /// (`PageRead`).
    private func respondInTransaction(
        slug: String, request: Request, next: any AsyncResponder, readOnly: Bool, on connection: PostgresConnection
    ) async throws -> Response {
        if readOnly, let option = request.route?.userInfo[RouteOption.pageRead] as? PageReadOption {
            let cookies = request.sentCookies, read = option.read(request)
            guard let entered = try await connection.enterPage(
                slug: slug, session: sessionLookup(cookies, request: request), read: read,
                named: request.application.database.namedStatements, logger: request.logger)
            else { throw Abort(.notFound) }
            enter(entered.tenant, session: entered.session, teams: entered.teams, cookies: cookies, request: request)
            request.pageRead = (read, entered.rows)
            return try await next.respond(to: request)
        }
        return try await connection.transaction(readOnly: readOnly, named: request.application.database.namedStatements,
                                                  logger: request.logger) { connection in
            let db = try await enter(slug: slug, request: request, on: connection)
            request.setConnection(db)
            defer { request.setConnection(nil) }
            return try await next.respond(to: request)
        }
    }

    /// After a request that wrote: the primary's WAL position, for the report pages to know how far
    /// the standby must be (`ReplicaReads`).
    static func markWritten(_ response: Response, request: Request, on connection: PostgresConnection) async {
        guard let position = try? await ReplicaReads.primaryPosition(on: connection, logger: request.logger) else { return }
        response.cookies[ReplicaReads.cookie] = request.cookie(position, maxAge: ReplicaReads.cookieSeconds)
    }

    /// Sets the tenant, the browser session and the language of the request (one statement); the
    /// connection of the tenant's transaction.
    private func enter(slug: String, request: Request, on connection: PostgresConnection) async throws -> TenantConnection {
        let cookies = request.sentCookies
        let teams = request.route?.userInfo[RouteOption.teamNames] != nil
        guard let entered = try await connection.enterTenant(
            slug: slug, session: sessionLookup(cookies, request: request), teams: teams,
            named: request.application.database.namedStatements, logger: request.logger)
        else { throw Abort(.notFound) }
        enter(entered.tenant, session: entered.session, teams: entered.teams, cookies: cookies, request: request)
        return entered.connection
    }

    /// The session the browser's cookie names, if it sent a well-formed one.
    private func sessionLookup(_ cookies: HTTPCookies, request: Request) -> SessionLookup? {
        guard let cookie = cookies[Self.sessionCookie]?.string, let token = SecretToken(parsing: cookie) else { return nil }
        return SessionLookup(token: token, idleTimeout: TimeInterval(request.application.settings.sessionIdleMinutes * 60))
    }

    /// The request's tenant, session, teams and language, from its first statement.
    private func enter(
        _ tenant: Tenant, session: BrowserSession?, teams: [(id: UUID, name: String)]?, cookies: HTTPCookies, request: Request
    ) {
        request.setTenant(tenant)
        request.browserSession = session
        request.shellTeams = teams
        request.language = Language.negotiate(
            preferred: request.currentUser?.preferredLanguage,
            cookie: cookies[Self.languageCookie]?.string,
            acceptLanguage: request.headers.first(name: .acceptLanguage),
            fallback: tenant.defaultLanguage)
    }
}

extension Request {
    /// The cookie path of this request's tenant, so each company has its own cookies.
    var tenantPath: String { (try? tenant).map { Paths.tenant($0.slug) } ?? "/" }

    func cookie(_ value: String, maxAge: Int?) -> HTTPCookies.Value {
        HTTPCookies.Value(
            string: value,
            expires: maxAge.map { Date().addingTimeInterval(TimeInterval($0)) },
            maxAge: maxAge,
            path: tenantPath,
            isSecure: application.settings.secureCookies,
            isHTTPOnly: true,
            sameSite: .lax)
    }
}
