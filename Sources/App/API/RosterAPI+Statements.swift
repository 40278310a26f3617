import Foundation
import PDFInspection

extension RosterAPI {
    func listStatements(_ input: Operations.ListStatements.Input) async throws -> Operations.ListStatements.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listStatements)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            let (items, total) = try await StatementQueries.list(timeZone: api.tenant.timeZone, limit: window.limit,
                                                                 offset: window.offset, on: api.db)
            return Components.Schemas.StatementListPage(items: items.map(Components.Schemas.StatementSummary.init), total: total,
                                                        limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    /// Who asks is checked in a short transaction first; the file then arrives and is read with no
    /// connection held, and is stored in a transaction of its own (as the web's import).
    func importStatement(_ input: Operations.ImportStatement.Input) async throws -> Operations.ImportStatement.Output {
        let (request, tenant, user) = try await APIContext.caller()
        guard APIOperation.importStatement.reach(for: user) != nil else { throw APIProblem.forbidden }
        let received = try await request.withMultipartForm(lane: .statements, holder: .init(person: user.id, company: tenant.id)) {
            switch try await StatementImport.read(request.multipartForm, app: request.application) {
            case .success(let read): return read
            case .failure(let refusal): throw APIProblem(refusal)
            }
        }
        let (stored, reconciled) = try await StatementImport.store(received, by: user, tenant: tenant,
                                                                   database: request.application.database) { stored, db in
            (stored, try await StatementReconciliation.reconcile(stored.id, timeZone: tenant.timeZone, on: db))
        }
        guard let reconciled else { throw APIProblem.notFound }
        let body = Components.Schemas.Statement(reconciled)
        if case .added = stored { return .created(.init(body: .json(body))) }
        return .ok(.init(body: .json(body)))
    }

    func getStatement(_ input: Operations.GetStatement.Input) async throws -> Operations.GetStatement.Output {
        let id = try APIInput.pathID(input.path.statementId)
        let statement = try await APIContext.run(readOnly: true) { api in
            try api.require(.getStatement)
            guard let reconciled = try await StatementReconciliation.reconcile(id, timeZone: api.tenant.timeZone, on: api.db)
            else { throw APIProblem.notFound }
            return Components.Schemas.Statement(reconciled)
        }
        return .ok(.init(body: .json(statement)))
    }

    func payStatementMatches(_ input: Operations.PayStatementMatches.Input) async throws -> Operations.PayStatementMatches.Output {
        let id = try APIInput.pathID(input.path.statementId)
        let result = try await APIContext.run(readOnly: false) { api in
            try api.require(.payStatementMatches)
            var only: [UUID: Int]?
            if case .json(let body) = input.body, let invoices = body.invoices {
                var picks: [UUID: Int] = [:]
                for (index, invoice) in invoices.enumerated() {
                    guard let invoiceID = UUID(uuidString: invoice.id) else {
                        throw APIProblem.invalid([.init(field: "invoices[\(index)]", message: api.t("api.field.id"))])
                    }
                    picks[invoiceID] = invoice.version
                }
                only = picks
            }
            guard let reconciled = try await StatementReconciliation.reconcile(id, timeZone: api.tenant.timeZone, on: api.db)
            else { throw APIProblem.notFound }
            let paid = try await StatementReconciliation.pay(reconciled, only: only, by: api.user, site: api.mailSite, on: api.db)
            // Each invoice asked for has its answer: one no line matches (any more) is stale when
            // it is an invoice the statement's lines could pay, else not found.
            let picked = Set(paid.picks.map(\.id))
            let unpaid = (only ?? [:]).keys.filter { !picked.contains($0) }.sorted { $0.uuidString < $1.uuidString }
            return Components.Schemas.BulkActionResult(results: paid.picks.map { pick in
                .init(id: pick.id.lowercasedString, outcome: .init(paid.outcomes[pick.id] ?? .notFound))
            } + unpaid.map { id in
                .init(id: id.lowercasedString, outcome: reconciled.candidates[id] == nil ? .notFound : .stale)
            })
        }
        return .ok(.init(body: .json(result)))
    }
}

extension APIProblem {
    /// A statement file refused: 422 with the web's message.
    init(_ refusal: StatementRefusal) {
        let (key, arguments) = refusal.message
        self.init(.unprocessableEntity, refusal.kind, detailKey: key, arguments)
    }
}

extension Components.Schemas.StatementSummary {
    init(_ summary: StatementSummary) {
        self.init(id: summary.id.lowercasedString, format: summary.format == .abo ? .abo : .camt053, reference: summary.reference,
                  account: summary.account, from: summary.from?.iso, to: summary.to?.iso, filename: summary.filename,
                  lineCount: summary.lineCount, importedBy: summary.importedBy, importedAt: summary.importedAt)
    }
}

extension Components.Schemas.StatementInvoice {
    init(_ invoice: PaymentCandidate) {
        self.init(id: invoice.id.lowercasedString, version: invoice.version, personName: invoice.name, month: invoice.month.iso,
                  state: .init(invoice.state), total: invoice.amount.map(Components.Schemas.Money.init))
    }
}

extension Components.Schemas.Statement {
    init(_ reconciled: ReconciledStatement) {
        let candidates = reconciled.candidates
        self.init(statement: .init(reconciled.statement.summary), lines: zip(reconciled.statement.lines, reconciled.verdicts).map { line, verdict in
            let verdictName: Components.Schemas.StatementLine.VerdictPayload
            var near: [Components.Schemas.StatementNearMiss] = []
            switch verdict {
            case .matched: verdictName = .matched
            case .alreadyPaid: verdictName = .alreadyPaid
            case .unmatched: verdictName = .unmatched
            case .aside: verdictName = .aside
            case .ambiguous(let misses):
                verdictName = .ambiguous
                near = misses.compactMap { miss in
                    candidates[miss.invoice].map { invoice in
                        .init(invoice: .init(invoice),
                              differences: miss.differences.compactMap { .init(rawValue: $0.rawValue) },
                              amountDifferenceMinor: miss.amountDifference)
                    }
                }
            }
            return .init(number: line.number, bookedOn: line.bookedOn.iso, debit: line.isDebit, reversal: line.isReversal,
                         amount: .init(line.amount), variableSymbol: line.variableSymbol, account: line.counterpartyAccount,
                         iban: line.counterpartyIBAN?.value, name: line.counterpartyName, reference: line.reference,
                         message: line.message, verdict: verdictName,
                         invoice: verdict.invoice.flatMap { candidates[$0] }.map(Components.Schemas.StatementInvoice.init),
                         nearMisses: near)
        })
    }
}
