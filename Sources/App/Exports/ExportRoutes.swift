import Vapor

/// The download of a report with the filters of its page, as CSV or XLSX
/// (`/t/{slug}/export/{report}?format=csv|xlsx&…`; docs/ARCHITECTURE.md, Exports).
struct ExportRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.export, use: download).userInfo[RouteOption.replicaReads] = true
    }

    struct Query: Content {
        var format: String?
        var month: String?
        var state: String?
        var team: String?
        var q: String?
        var kind: String?
        var status: String?
    }

    func download(_ request: Request) async throws -> Response {
        guard let report = request.parameters.get("report").flatMap(ExportReport.init(rawValue:)) else { throw Abort(.notFound) }
        try request.require(report.permission)
        let query = (try? request.query.decode(Query.self)) ?? Query()
        guard let format = ExportFormat(rawValue: query.format ?? "csv") else { throw Abort(.badRequest) }
        let filters = ExportFilters(month: query.month, state: query.state, team: query.team, q: query.q, kind: query.kind,
                                    status: query.status)
        let today = try request.today
        let table = try await ExportReports.table(report, filters: filters, tenant: try request.tenant, viewer: try request.user.id,
                                                  now: request.application.settings.clock.now, t: request.translator,
                                                  on: try request.db)
        let file = try await ExportReports.file(table, report: report, filters: filters, format: format, today: today, on: request.application)
        return Self.response(file, format: format)
    }

    static func response(_ file: (bytes: Data, filename: String), format: ExportFormat) -> Response {
        response(file, contentType: format.contentType)
    }

    static func response(_ file: (bytes: Data, filename: String), contentType: String) -> Response {
        let response = Response(status: .ok, body: .init(data: file.bytes))
        response.headers.replaceOrAdd(name: .contentType, value: contentType)
        response.headers.replaceOrAdd(name: .contentDisposition, value: ContentDisposition.attachment(file.filename))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-store")
        response.headers.replaceOrAdd(name: .xContentTypeOptions, value: "nosniff")
        return response
    }
}

extension ExportReport: AddressValue {
    var pathValue: String { rawValue }
}
