import Vapor

/// The download of worked time for a month or a range of days, narrowed to a person, a team, a
/// project or a client (`/t/{slug}/time/export?format=csv|xlsx|clockify|toggl&…`;
/// docs/ARCHITECTURE.md, Exports): one's own entries, a team leader's teams', everyone's for admins.
struct TimeExportRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.timeExport, use: download).userInfo[RouteOption.replicaReads] = true
    }

    struct Query: Content {
        var format: String?
        var month: String?
        var from: String?
        var to: String?
        var person: String?
        var team: String?
        var project: String?
        var client: String?
    }

    func download(_ request: Request) async throws -> Response {
        try request.require(.viewTime, .oneself)
        let query = (try? request.query.decode(Query.self)) ?? Query()
        guard let format = TimeExportFormat(rawValue: query.format ?? "csv") else { throw Abort(.badRequest) }
        let filters = TimeExportQuery(month: query.month, from: query.from, to: query.to, person: query.person, team: query.team,
                                      project: query.project, client: query.client)
        let filter: TimeExportFilter
        switch TimeExportFilter.read(filters, today: try request.today) {
        case .success(let read): filter = read
        case .failure(let problem): throw RequestProblem(.badRequest, problem.key, problem.arguments)
        }
        let limit = request.application.settings.timeExportMaxRows
        let rows = try await TimeExportQueries.rows(filter, for: try request.user, zone: try request.tenant.timeZone, limit: limit,
                                                    on: try request.db)
        guard let rows else { throw Abort(.notFound) }
        guard !TimeExportQueries.isCut(rows, limit: limit) else {
            throw RequestProblem(.badRequest, "export.time.error.tooMany", [String(min(limit, ExportTable.maxRows))])
        }
        let t = request.translator
        let file = try await request.application.threadPool.runIfActive {
            try TimeExportFile.write(rows, filter: filter, format: format, t: t)
        }
        return ExportRoutes.response(file, contentType: format.contentType)
    }
}
