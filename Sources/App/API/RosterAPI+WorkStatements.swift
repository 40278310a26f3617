import Foundation
import OpenAPIRuntime

/// Work statements over the API: a month's list, its workbook, the decisions, a statement's file
/// (docs/ARCHITECTURE.md, Work statements).
extension RosterAPI {
    func listWorkStatements(_ input: Operations.ListWorkStatements.Input) async throws -> Operations.ListWorkStatements.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listWorkStatements)
            let month = try APIInput.month(input.query.month, field: "month", t: api.t) ?? Month(api.today)
            let statements = try await WorkStatementQueries.list(month: month, timeZone: api.tenant.timeZone, on: api.db)
            let waiting = try await WorkStatementQueries.waiting(month, on: api.db)
            return Components.Schemas.WorkStatementsPage(
                month: month.iso, items: statements.map(Components.Schemas.WorkStatement.init),
                waiting: waiting.map {
                    .init(personId: $0.id.lowercasedString, name: $0.name, timeState: .init(rawValue: $0.time?.rawValue ?? "open") ?? .open)
                })
        }
        return .ok(.init(body: .json(page)))
    }

    func downloadWorkStatementWorkbook(
        _ input: Operations.DownloadWorkStatementWorkbook.Input
    ) async throws -> Operations.DownloadWorkStatementWorkbook.Output {
        let (bytes, month) = try await APIContext.run(readOnly: true) { api in
            try api.require(.downloadWorkStatementWorkbook)
            let month = try APIInput.month(input.query.month, field: "month", t: api.t) ?? Month(api.today)
            return (try await WorkStatementIssuer.workbook(month, on: api.db, app: api.request.application), month)
        }
        return .ok(.init(headers: .init(contentDisposition: APIDownload.disposition("statements-\(month.iso).xlsx")),
                         body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(HTTPBody(bytes))))
    }

    func decideWorkStatements(_ input: Operations.DecideWorkStatements.Input) async throws -> Operations.DecideWorkStatements.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let result = try await APIContext.run(readOnly: false) { api in
            try api.require(.decideWorkStatements)
            try APIInput.lengths([("reason", body.reason, DecisionReason.maxLength)], t: api.t)
            guard (1...Self.maxBulkInvoices).contains(body.statements.count) else {
                throw APIProblem.invalid([.init(field: "statements", message: api.t("api.field.invoices", String(Self.maxBulkInvoices)))])
            }
            var picks: [WorkStatementPick] = []
            for (index, item) in body.statements.enumerated() {
                guard let id = UUID(uuidString: item.id) else {
                    throw APIProblem.invalid([.init(field: "statements[\(index)].id", message: api.t("api.field.id"))])
                }
                picks.append(WorkStatementPick(id: id, version: try APIInput.version(item.version, field: "statements[\(index)].version",
                                                                                     t: api.t)))
            }
            let decision: WorkStatementDecision = body.decision == .approve ? .approve : .return
            guard let reason = DecisionReason.parse(body.reason) else {
                throw APIProblem.invalid([.init(field: "reason", message: api.t("flash.statement.reasonTooLong"))])
            }
            if decision == .return, reason.isEmpty {
                throw APIProblem.invalid([.init(field: "reason", message: api.t("flash.statement.reason"))])
            }
            let outcomes = try await WorkStatementDecisions.decide(decision, on: picks, reason: reason, api.action)
            var seen: Set<UUID> = []
            return Components.Schemas.BulkActionResult(results: picks.filter { seen.insert($0.id).inserted }.map { pick in
                .init(id: pick.id.lowercasedString, outcome: .init(outcomes[pick.id] ?? .notFound))
            })
        }
        return .ok(.init(body: .json(result)))
    }

    func downloadWorkStatement(_ input: Operations.DownloadWorkStatement.Input) async throws -> Operations.DownloadWorkStatement.Output {
        let id = try APIInput.pathID(input.path.statementId)
        let file = try await APIContext.run(readOnly: true) { api in
            try api.require(.downloadWorkStatement)
            guard let file = try await WorkStatementQueries.file(id, on: api.db), Permissions.can(api.user, .viewInvoices, .invoice(file.subject))
            else { throw APIProblem.notFound }
            return file
        }
        return .ok(.init(headers: .init(contentDisposition: APIDownload.disposition(file.filename)),
                         body: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(HTTPBody(file.content))))
    }
}

extension Components.Schemas.WorkStatement {
    init(_ s: WorkStatementSummary) {
        self.init(id: s.id.lowercasedString, personId: s.userID.lowercasedString, name: s.name, month: s.month.iso,
                  state: .init(rawValue: s.state.rawValue) ?? .submitted, version: s.version, seconds: s.seconds,
                  total: s.amountMinor.flatMap { minor in s.currency.map { .init(amountMinor: minor, currency: $0) } },
                  basis: s.basis == .capacity ? .capacity : .hours, generatedOn: s.generatedOn.iso, returnReason: s.returnReason)
    }
}
