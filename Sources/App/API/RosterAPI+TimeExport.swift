import Foundation
import OpenAPIRuntime

extension RosterAPI {
    /// Worked time as the web's downloads give it: the same filters (`TimeExportFilter`), the same
    /// reach, the same file.
    func exportTime(_ input: Operations.ExportTime.Input) async throws -> Operations.ExportTime.Output {
        let q = input.query
        let format = q.format.flatMap { TimeExportFormat(rawValue: $0.rawValue) } ?? .csv
        let query = TimeExportQuery(month: q.month, from: q.from, to: q.to, person: q.person, team: q.team, project: q.project,
                                    client: q.client)
        // The rows are read in the transaction; the file is written after it, off the event loops.
        let (rows, filter, t, request) = try await APIContext.run(readOnly: true) { api in
            try api.require(.exportTime)
            // The web's forms send an empty field for a filter left out; the API's parameters are
            // a date, a month or an id when given at all.
            let given: [(String, String?, String)] = [
                ("month", q.month, "api.field.month"), ("from", q.from, "time.error.day"), ("to", q.to, "time.error.day"),
                ("person", q.person, "export.time.error.id"), ("team", q.team, "export.time.error.id"),
                ("project", q.project, "export.time.error.id"), ("client", q.client, "export.time.error.id"),
            ]
            let empty = given.filter { $0.1?.isEmpty == true }.map { Components.Schemas.FieldError(field: $0.0, message: api.t($0.2)) }
            guard empty.isEmpty else { throw APIProblem.invalid(empty) }
            let filter: TimeExportFilter
            switch TimeExportFilter.read(query, today: api.today) {
            case .success(let read): filter = read
            case .failure(let problem):
                throw APIProblem.invalid([.init(field: problem.field, message: api.t.text(problem.key, problem.arguments))])
            }
            let limit = api.request.application.settings.timeExportMaxRows
            guard let rows = try await TimeExportQueries.rows(filter, for: api.user, zone: api.tenant.timeZone, limit: limit, on: api.db)
            else { throw APIProblem.notFound }
            guard !TimeExportQueries.isCut(rows, limit: limit) else {
                throw APIProblem.invalid([.init(field: "to", message: api.t("export.time.error.tooMany",
                                                                            String(min(limit, ExportTable.maxRows))))])
            }
            return (rows, filter, api.t, api.request)
        }
        let file = try await request.application.threadPool.runIfActive {
            try TimeExportFile.write(rows, filter: filter, format: format, t: t)
        }
        let headers = Operations.ExportTime.Output.Ok.Headers(contentDisposition: APIDownload.disposition(file.filename))
        let body = HTTPBody(file.bytes)
        switch format {
        case .xlsx: return .ok(.init(headers: headers, body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body)))
        case .csv, .clockify, .toggl: return .ok(.init(headers: headers, body: .csv(body)))
        }
    }
}
