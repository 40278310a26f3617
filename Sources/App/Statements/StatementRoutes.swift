import Foundation
import Vapor

/// Bank statements (admins): the list with the upload form, one statement matched against the
/// invoices, and marking its matches paid. The upload route takes no connection while the file
/// arrives or is read: it reads the file off the event loops and stores it in one transaction.
struct StatementRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.reviewStatements, use: list)
        // The body streams in: the tenant middleware collects it (`BodyCollector`) in the
        // statements' own lane of the upload gate.
        let upload = routes.on(.POST, Paths.reviewStatements, body: .stream, use: upload)
        upload.userInfo[RouteOption.uploadLane] = UploadGate.Lane.statements
        upload.userInfo[RouteOption.maxBodyBytes] = StatementImport.maxBodyBytes
        upload.userInfo[RouteOption.ownTransactions] = true
        // Only admins may send a statement: others are refused before their file arrives.
        upload.userInfo[RouteOption.requiresBeforeBody] = Action.reviewInvoices
        upload.userInfo[RouteOption.body] = RouteBody.multipart
        routes.get(Paths.reviewStatement, use: show)
        routes.post(Paths.reviewStatementPay, use: pay).userInfo[RouteOption.maxBodyBytes] = 1 << 20
    }

    func list(_ request: Request) async throws -> StatementListPage {
        try request.require(.reviewInvoices)
        return try await render(request, statements: try await StatementQueries.list(timeZone: try request.tenant.timeZone,
                                                                                      on: try request.db).items, refusal: nil)
    }

    private func render(_ request: Request, statements: [StatementSummary], refusal: StatementRefusal?) async throws -> StatementListPage {
        let t = request.translator, tenant = try request.tenant
        return StatementListPage(
            layout: Layout(request: request, title: t("statement.list.bankTitle")), slug: tenant.slug,
            month: Month(try request.today), statements: statements, refusal: refusal, t: t)
    }

    /// Reads the uploaded file; what is not a statement is answered 422 on the list page with why.
    func upload(_ request: Request) async throws -> Response {
        let user = try request.user, tenant = try request.tenant
        try request.require(.reviewInvoices)
        let database = request.application.database
        switch try await StatementImport.read(request.multipartForm, app: request.application) {
        case .failure(let refusal):
            let statements = try await database.transaction(tenant: tenant.id, readOnly: true) { db in
                try await StatementQueries.list(timeZone: tenant.timeZone, on: db).items
            }
            return try await render(request, statements: statements, refusal: refusal)
                .encodeResponse(status: .unprocessableEntity, for: request)
        case .success(let received):
            let stored = try await StatementImport.store(received, by: user, tenant: tenant, database: database) { stored, _ in stored }
            let flash = if case .added = stored { "flash.statement.imported" } else { "flash.statement.known" }
            return request.redirect(to: Paths.reviewStatement(tenant.slug, stored.id), flash: Flash(.success, flash))
        }
    }

    func show(_ request: Request) async throws -> StatementPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, id = try request.idParameter()
        guard let reconciled = try await StatementReconciliation.reconcile(id, timeZone: tenant.timeZone, on: try request.db)
        else { throw Abort(.notFound) }
        let t = request.translator
        return StatementPage(
            layout: Layout(request: request, title: t("statement.title", reconciled.statement.summary.reference)),
            slug: tenant.slug, month: Month(try request.today), reconciled: reconciled, t: t)
    }

    struct PayForm: Content {
        var pick: [String]?
    }

    /// Marks the matched invoices paid: those the page showed ("id:version"), still matched.
    func pay(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db, user = try request.user
        let id = try request.idParameter()
        guard let form = try? request.content.decode(PayForm.self) else { throw Abort(.badRequest) }
        guard let reconciled = try await StatementReconciliation.reconcile(id, timeZone: tenant.timeZone, on: db)
        else { throw Abort(.notFound) }
        let back = Paths.reviewStatement(tenant.slug, id)
        var seen: [UUID: Int] = [:]
        for value in form.pick ?? [] {
            let parts = value.split(separator: ":")
            guard parts.count == 2, let invoice = UUID(uuidString: String(parts[0])), let version = Int(parts[1]) else { continue }
            seen[invoice] = version
        }
        guard !seen.isEmpty else { return request.redirect(to: back, flash: Flash(.error, "flash.statement.nothingMatched")) }
        if !request.isConfirmed {
            let chosen = reconciled.matched.filter { seen[$0.invoice.id] != nil }.map(\.line.amount)
            if let question = InvoiceAction.markPaid.confirmation(
                count: chosen.count, totals: StatementPage.totals(chosen), cancelURL: back, t: request.translator) {
                return try await request.confirmationStep(question)
            }
        }
        let paid = try await StatementReconciliation.pay(reconciled, only: seen, by: user, site: try request.mailSite, on: db)
        // An invoice the page showed as matched that no line matches any more (paid or changed
        // meanwhile) is named as not changed, as the API answers it.
        let picked = Set(paid.picks.map(\.id))
        let gone = seen.keys.filter { !picked.contains($0) && reconciled.candidates[$0] != nil }
            .sorted { $0.uuidString < $1.uuidString }.map { ReviewPick(id: $0, version: seen[$0] ?? -1, reason: nil) }
        let picks = paid.picks + gone
        guard !picks.isEmpty else { return request.redirect(to: back, flash: Flash(.error, "flash.statement.nothingMatched")) }
        var outcomes = paid.outcomes
        for pick in gone { outcomes[pick.id] = .stale }
        let names = try await ReviewQueries.names(of: picks.map(\.id), on: db)
        let t = request.translator
        return try await ReviewResultPage(
            layout: Layout(request: request, title: t("review.result.title")), slug: tenant.slug, action: .markPaid,
            picks: picks, outcomes: outcomes, names: names, backURL: back, t: t).encodeResponse(for: request)
    }
}
