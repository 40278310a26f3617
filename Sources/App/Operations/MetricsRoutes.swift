import Vapor

/// `/metrics`: the registry in Prometheus's text format, for the addresses the operator allows
/// (`ROSTER_METRICS_ALLOW`, loopback by default). Anyone else gets the same 404 as an unknown
/// path. The address checked is the one rate limits use (`clientAddress`): behind a trusted proxy
/// the one the proxy saw, so a request relayed from outside is not taken for the proxy's own.
struct MetricsRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("metrics", use: metrics)
    }

    func metrics(_ request: Request) async throws -> Response {
        let allowed = request.application.settings.metricsAllowed
        guard allowed.contains(where: { $0.contains(request.clientAddress) }) else { throw Abort(.notFound) }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4", "charset": "utf-8"])
        return Response(status: .ok, headers: headers, body: .init(data: Data(request.application.metrics.exposition())))
    }
}
