import Foundation
import OpenAPIRuntime

extension RosterAPI {
    /// Worked time as the web's downloads give it (`TimeExportRoutes`): the same filters, the same
    /// reach, the same file.
    func exportTime(_ input: Operations.ExportTime.Input) async throws -> Operations.ExportTime.Output {
        let q = input.query
        let format = q.format.flatMap { TimeExportFormat(rawValue: $0.rawValue) } ?? .csv
        let query = TimeExportQuery(month: q.month, from: q.from, to: q.to, person: q.person, team: q.team, project: q.project,
                                    client: q.client)
        // The rows are read in the transaction; the file is written after it, off the event loops.
        let (rows, filter, t, request) = try await APIContext.run(readOnly: true) { api in
            try api.require(.exportTime)
            let filter: TimeExportFilter
            switch TimeExportFilter.read(query, today: api.today) {
            case .success(let read): filter = read
            case .failure(let problem):
                throw APIProblem.invalid([.init(field: problem.field, message: api.t.text(problem.key, problem.arguments))])
            }
            guard let rows = try await TimeExportQueries.rows(filter, for: api.user, zone: api.tenant.timeZone, on: api.db)
            else { throw APIProblem.notFound }
            return (rows, filter, api.t, api.request)
        }
        let file = try await request.application.threadPool.runIfActive {
            try TimeExportFile.write(rows, filter: filter, format: format, t: t)
        }
        let headers = Operations.ExportTime.Output.Ok.Headers(contentDisposition: "attachment; filename=\"\(file.filename)\"")
        let body = HTTPBody(file.bytes)
        switch format {
        case .xlsx: return .ok(.init(headers: headers, body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body)))
        case .csv, .clockify, .toggl: return .ok(.init(headers: headers, body: .csv(body)))
        }
    }
}
