import Foundation
import OpenAPIRuntime

extension RosterAPI {
    func exportReport(_ input: Operations.ExportReport.Input) async throws -> Operations.ExportReport.Output {
        guard let report = ExportReport(rawValue: input.path.report.rawValue) else { throw APIProblem.notFound }
        let format: ExportFormat = input.query.format == .xlsx ? .xlsx : .csv
        let q = input.query
        let filters = ExportFilters(month: q.month, state: q.state, team: q.team, q: q.q, kind: q.kind, status: q.status)
        // The table is read in the transaction; the file is written after it, off the event loops.
        let (table, today, request) = try await APIContext.run(readOnly: true) { api in
            try api.require(.exportReport)
            guard Permissions.can(api.user, report.permission, .company) else { throw APIProblem.forbidden }
            let table = try await ExportReports.table(report, filters: filters, tenant: api.tenant, viewer: api.user.id,
                                                      now: api.now, t: api.t, on: api.db)
            return (table, api.today, api.request)
        }
        let file = try await ExportReports.file(table, report: report, filters: filters, format: format, today: today,
                                               on: request.application)
        let headers = Operations.ExportReport.Output.Ok.Headers(contentDisposition: APIDownload.disposition(file.filename))
        let body = HTTPBody(file.bytes)
        switch format {
        case .csv: return .ok(.init(headers: headers, body: .csv(body)))
        case .xlsx: return .ok(.init(headers: headers, body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(body)))
        }
    }
}
