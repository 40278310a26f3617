import NIOConcurrencyHelpers
import OpenAPIRuntime
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
/// problem document (`APIProblem`); nothing under `/api/` is ever an HTML page. An operation's
/// route without a bearer token of the right shape is a 401 before its input is decoded (the
/// token itself is looked up by the operation, in its transaction: `APIContext`).
struct APIRequestMiddleware: AsyncMiddleware {
    /// False for the pages anyone may read (the docs).
    var requiresToken = true
    /// The document's rule on nulls in JSON bodies, for the operations (`APINullCheck`).
    var nulls: APINullCheck?

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            if requiresToken { _ = try APIContext.bearerToken(request) }
            if let nulls, let body = request.body.data, let route = request.route {
                let pattern = request.method.rawValue + " /" + route.path.map(\.description).joined(separator: "/")
                let refused = nulls.refusedNulls(in: body, route: pattern)
                if !refused.isEmpty {
                    throw APIProblem.invalid(refused.map { .init(field: $0, message: request.translate("api.field.notNull")) })
                }
            }
            let response = try await APIRequest.$current.withValue(request) {
                try await next.respond(to: request)
            }
            APIDownload.finish(response, for: request)
            return response
        } catch {
            return APIErrors.response(for: error, request: request)
        }
    }
}

enum APIErrors {
    /// The problem document for `error`, logged as the web's error pages log theirs. A request to
    /// an address the API serves with other methods only (`GET /invoices/actions` is not an
    /// invoice of id "actions") is a 405 with `Allow`.
    static func response(for error: any Error, request: Request) -> Response {
        var problem = APIProblem.from(error)
        if problem.status == .notFound, let allowed = request.application.apiRoutes.methods(for: request.url.path),
           !allowed.contains(request.method) {
            problem = APIProblem(.methodNotAllowed, "method-not-allowed",
                                 headers: ["Allow": allowed.map(\.rawValue).sorted().joined(separator: ", ")])
        }
        // The runtime's error describes the whole request, its Authorization header too: only
        // the operation and the error under it are logged.
        let underlying = (error as? ServerError)?.underlyingError ?? error
        if let server = error as? ServerError, problem.status == .internalServerError {
            request.logger.error("API operation \(server.operationID) failed: \(server.causeDescription)")
        }
        if problem.status == .internalServerError {
            request.logger.report(error: underlying)
        } else if problem.kind == "database-unavailable" {
            request.logger.warning("\(DatabaseUnavailable.from(underlying).map(String.init(describing:)) ?? "database unavailable")")
        }
        return problem.response(for: request)
    }

    /// Whether a path is the API's (its errors are problem documents, not pages).
    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/")
    }
}

/// The API's addresses and the methods each takes, for 405 answers.
final class APIRouteTable: Sendable {
    private let routes = NIOLockedValueBox<[(path: [PathComponent], method: HTTPMethod)]>([])

    func add(_ path: [PathComponent], _ method: HTTPMethod) {
        routes.withLockedValue { $0.append((path, method)) }
        // GET answers HEAD too.
        if method == .GET { routes.withLockedValue { $0.append((path, .HEAD)) } }
    }

    /// The methods of the routes whose pattern `path` matches; nil when none does.
    func methods(for path: String) -> [HTTPMethod]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        // The routes the path matches, with how many of its segments each names as constants:
        // only the most specific count (`/invoices/actions` is not `/invoices/{invoiceId}`).
        let matches = routes.withLockedValue { routes in
            routes.compactMap { route -> (method: HTTPMethod, constants: Int)? in
                guard route.path.count == segments.count else { return nil }
                var constants = 0
                for (component, segment) in zip(route.path, segments) {
                    switch component {
                    case .constant(let text) where text == segment: constants += 1
                    case .parameter: continue
                    default: return nil
                    }
                }
                return (route.method, constants)
            }
        }
        guard let most = matches.map(\.constants).max() else { return nil }
        return matches.filter { $0.constants == most }.map(\.method)
    }
}

private struct APIRouteTableKey: StorageKey { typealias Value = APIRouteTable }

extension Application {
    var apiRoutes: APIRouteTable {
        if let table = storage[APIRouteTableKey.self] { return table }
        let table = APIRouteTable()
        storage[APIRouteTableKey.self] = table
        return table
    }
}

/// Registers the generated operations with what Roster's middlewares need to know of each
/// route: a JSON body (or, for the uploads of an invoice and of a bank statement, a multipart one
/// of at most its file's limit) instead of
/// a form (`RouteBody`); and notes each in the application's `APIRouteTable`.
struct APIRoutesBuilder: RoutesBuilder {
    /// The largest JSON body of an operation (the API document's description says it).
    static let maxJSONBodyBytes = 2 * 1024 * 1024

    let base: any RoutesBuilder
    let table: APIRouteTable
    let maxUploadBytes: Int

    func add(_ route: Route) {
        table.add(route.path, route.method)
        let path = route.path.map(\.description).joined(separator: "/")
        if route.method == .POST, path == "api/v1/me/invoices" {
            route.userInfo[RouteOption.body] = RouteBody.multipart
            // The file and the form's few other bytes.
            route.userInfo[RouteOption.maxBodyBytes] = maxUploadBytes + 64 * 1024
        } else if route.method == .POST, path == "api/v1/statements" {
            route.userInfo[RouteOption.body] = RouteBody.multipart
            route.userInfo[RouteOption.maxBodyBytes] = StatementImport.maxBodyBytes
        } else {
            route.userInfo[RouteOption.body] = RouteBody.json
            // Every list the document allows fits: 20,000 payments of a statement, 5,000 people
            // of a project, 1,000 picks with their reasons (the document states the bound).
            route.userInfo[RouteOption.maxBodyBytes] = Self.maxJSONBodyBytes
        }
        base.add(route)
    }
}
