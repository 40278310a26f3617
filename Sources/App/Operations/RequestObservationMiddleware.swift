import Foundation
import Vapor

/// The outermost middleware: gives the request its id (the logger's `request-id` and the
/// `X-Request-Id` answer header), and when the answer is ready counts and times it by route
/// pattern (`RosterMetrics`) and writes its JSON log line (`RequestLogLine`) to standard output.
struct RequestObservationMiddleware: AsyncMiddleware {
    let metrics: RosterMetrics
    /// Whether each request gets a log line (`ROSTER_REQUEST_LOG`).
    let writesLog: Bool
    /// Whether an id sent by the proxy in front is taken (`TRUST_FORWARDED_FOR`).
    let trustsProxy: Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let id = (trustsProxy ? RequestID.accepted(request.headers.first(name: RequestID.header)) : nil) ?? RequestID.make()
        request.requestID = id
        request.logger[metadataKey: "request-id"] = .string(id)
        let start = ContinuousClock.now
        do {
            let response = try await next.respond(to: request)
            response.headers.replaceOrAdd(name: RequestID.header, value: id)
            finish(request, status: response.status.code, start: start)
            return response
        } catch {
            // Only what no inner layer could answer reaches here; Vapor answers it as a 500 or the error's status.
            finish(request, status: (error as? any AbortError)?.status.code ?? 500, start: start)
            throw error
        }
    }

    private func finish(_ request: Request, status: UInt, start: ContinuousClock.Instant) {
        let duration = start.duration(to: .now)
        let route = Self.pattern(request, status: status)
        let method = request.method.rawValue.count <= 10 ? request.method.rawValue : "OTHER"
        metrics.requestFinished(method: method, route: route, status: status, duration: duration)
        // A load balancer asks for the health checks every second: only their failures are news.
        guard writesLog, status >= 400 || (route != "/readyz" && route != "/healthz") else { return }
        let line = RequestLogLine(time: Date(), requestID: request.requestID ?? "", method: method, route: route,
                                  tenant: (try? request.tenant)?.slug, status: status, duration: duration)
        try? FileHandle.standardOutput.write(contentsOf: line.json())
    }

    /// The route's pattern (`/t/:slug/invoices/:id`); `static` for a file of Public/, `unmatched`
    /// for anything else without a route, so no path a client makes up becomes a label.
    static func pattern(_ request: Request, status: UInt) -> String {
        if let route = request.route {
            return "/" + route.path.map(\.description).joined(separator: "/")
        }
        return status < 400 && (request.method == .GET || request.method == .HEAD) ? "static" : "unmatched"
    }
}
