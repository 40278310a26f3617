import Foundation
import Vapor

/// Work statements on the web: a month's list for admins with approve and return, the month's
/// workbook, and a statement's file for its owner and admins (docs/ARCHITECTURE.md, Work statements).
struct WorkStatementRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.workStatements, use: list)
        routes.post(Paths.decideWorkStatements, use: decide)
        routes.get(Paths.workStatementWorkbook, use: workbook)
        routes.get(Paths.workStatementFile, use: file)
    }

    func list(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db, t = request.translator
        let month = try request.queryMonth
        let statements = try await WorkStatementQueries.list(month: month, timeZone: tenant.timeZone, on: db)
        let waiting = try await WorkStatementQueries.waiting(month, on: db)
        return try await WorkStatementsPage(
            layout: Layout(request: request, title: t("statement.list.title", t.month(month))), slug: tenant.slug, month: month,
            statements: statements, waiting: waiting, currency: tenant.currency, csrf: request.csrfToken, t: t
        ).encodeResponse(for: request)
    }

    struct DecisionForm: Content {
        var month: String?
        var decision: String?
        var reason: String?
        var pick: [String]?
    }

    /// "id:version" → a pick; anything else is dropped.
    static func picks(_ values: [String]) -> [WorkStatementPick] {
        values.prefix(10_000).compactMap { value in
            ReviewDeskRoutes.idAndVersion(value).map { WorkStatementPick(id: $0.id, version: $0.version) }
        }
    }

    func decide(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        guard let form = try? request.content.decode(DecisionForm.self) else { throw Abort(.badRequest) }
        let month = try request.month(form.month)
        let back = Paths.workStatements(try request.tenant.slug, month: month)
        guard let decision = form.decision.flatMap(WorkStatementDecision.init(rawValue:)) else { throw Abort(.badRequest) }
        let picks = Self.picks(form.pick ?? [])
        guard !picks.isEmpty else { return request.redirect(to: back, flash: Flash(.error, "flash.statement.nothingSelected")) }
        guard let reason = DecisionReason.parse(form.reason) else {
            return request.redirect(to: back, flash: Flash(.error, "flash.statement.reasonTooLong"))
        }
        if decision == .return, reason.isEmpty {
            return request.redirect(to: back, flash: Flash(.error, "flash.statement.reason"))
        }
        let outcomes = try await WorkStatementDecisions.decide(decision, on: picks, reason: reason, try request.actionContext)
        let all = outcomes.values.allSatisfy { $0 == .changed }
        let key = all ? (decision == .approve ? "flash.statement.approved" : "flash.statement.returned") : "flash.statement.partly"
        return request.redirect(to: back, flash: Flash(all ? .success : .error, key))
    }

    func workbook(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let month = try request.queryMonth
        let bytes = try await WorkStatementIssuer.workbook(month, on: try request.db, app: request.application)
        return ExportRoutes.response((bytes, "statements-\(month.iso).xlsx"), format: .xlsx)
    }

    /// The current file, to its owner and admins; 404 to anyone else and for another company's.
    func file(_ request: Request) async throws -> Response {
        let id = try request.idParameter()
        guard let found = try await WorkStatementQueries.file(id, on: try request.db),
              Permissions.can(try request.user, .viewInvoices, .invoice(found.subject))
        else { throw Abort(.notFound) }
        return ExportRoutes.response((found.content, found.filename), format: .xlsx)
    }
}
