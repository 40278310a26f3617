import Vapor

/// The Vapor request an API operation serves. The generated interface hands a handler only the
/// operation's typed input; the request (its application, headers, body and logger) is bound
/// here for the duration of the call (a task-local value, so concurrent requests never see each
/// other's).
enum APIRequest {
    @TaskLocal static var current: Request?

    static var request: Request {
        get throws {
            guard let request = current else { throw APIProblem(.internalServerError, "internal") }
            return request
        }
    }
}

/// Binds `APIRequest.current` around the API's routes and answers every error under them as a
/// problem document (`APIProblem`); nothing under `/api/` is ever an HTML page.
struct APIRequestMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await APIRequest.$current.withValue(request) {
                try await next.respond(to: request)
            }
        } catch {
            return APIErrors.response(for: error, request: request)
        }
    }
}

enum APIErrors {
    /// The problem document for `error`, logged as the web's error pages log theirs.
    static func response(for error: any Error, request: Request) -> Response {
        let problem = APIProblem.from(error)
        if problem.status == .internalServerError {
            request.logger.report(error: error)
        } else if problem.kind == "database-unavailable" {
            request.logger.warning("\(error)")
        }
        return problem.response(for: request)
    }

    /// Whether a path is the API's (its errors are problem documents, not pages).
    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/")
    }
}

/// Registers the generated operations with what Roster's middlewares need to know of each
/// route: a JSON body (or, for the upload, a multipart one of at most the PDF limit) instead of
/// a form (`RouteBody`).
struct APIRoutesBuilder: RoutesBuilder {
    let base: any RoutesBuilder
    let maxUploadBytes: Int

    func add(_ route: Route) {
        let path = route.path.map(\.description).joined(separator: "/")
        if route.method == .POST, path == "api/v1/me/invoices" {
            route.userInfo[RouteOption.body] = RouteBody.multipart
            // The file and the form's few other bytes.
            route.userInfo[RouteOption.maxBodyBytes] = maxUploadBytes + 64 * 1024
        } else {
            route.userInfo[RouteOption.body] = RouteBody.json
        }
        base.add(route)
    }
}
