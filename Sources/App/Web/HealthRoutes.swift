import Vapor

/// `/healthz`: the process answers. `/readyz`: the database answers and its migrations are current.
struct HealthRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("healthz") { _ in Status(status: "ok", reason: nil) }
        routes.get("readyz", use: ready)
    }

    struct Status: Content {
        let status: String
        let reason: String?
    }

    /// How long /readyz waits for a pooled connection: a probe must answer quickly either way.
    static let readinessWait: Duration = .seconds(2)

    func ready(_ request: Request) async throws -> Response {
        let app = request.application
        let reason: String?
        do {
            let status = try await app.database.client.withConnection(timeout: Self.readinessWait) { connection in
                try await app.migrator.status(on: connection, logger: request.logger)
            }
            if let problem = status.problems.first {
                reason = problem.description
            } else if !status.pending.isEmpty {
                reason = "migrations not applied: " + status.pending.joined(separator: ", ")
            } else {
                reason = nil
            }
        } catch {
            request.logger.warning("readiness check failed: \(String(reflecting: error))")
            reason = "database unreachable"
        }
        let body = Status(status: reason == nil ? "ready" : "not ready", reason: reason)
        let response = try await body.encodeResponse(status: reason == nil ? .ok : .serviceUnavailable, for: request)
        if reason != nil {
            response.headers.replaceOrAdd(name: .retryAfter, value: "\(DatabaseUnavailable.retryAfterSeconds)")
        }
        return response
    }
}

/// `/`: Roster itself has no company; it tells people where their company lives.
struct LandingRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(use: landing)
    }

    func landing(_ request: Request) async throws -> LandingPage {
        LandingPage(
            layout: Layout(request: request, title: "Roster", navigation: false),
            example: request.application.settings.publicURL + Paths.home("your-company"), t: request.translator)
    }
}
