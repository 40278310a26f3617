import Foundation

extension RosterAPI {
    func listInvoices(_ input: Operations.ListInvoices.Input) async throws -> Operations.ListInvoices.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listInvoices)
            let query = input.query, t = api.t
            let window = try APIInput.window(limit: query.limit, offset: query.offset, t: t)
            let filter = InvoiceFilter(
                month: try APIInput.month(query.month, field: "month", t: t) ?? Month(api.today),
                state: query.state?.domain, teamID: try APIInput.id(query.team, field: "team", t: t),
                search: try APIInput.search(query.q, field: "q", t: t))
            let found = try await api.read(OverviewRead(filter, limit: window.limit, offset: window.offset, now: api.now))
            let (rows, totals) = (found.rows, found.totals)
            let total = totals.filter { filter.state == nil || $0.state == filter.state }.reduce(0) { $0 + $1.count }
            return Components.Schemas.InvoiceListPage(
                items: rows.map {
                    .init(id: $0.id.lowercasedString, personName: $0.name, team: $0.team, state: .init($0.state),
                          version: $0.version, total: $0.amount.map(Components.Schemas.Money.init), uploadedOn: $0.uploadedOn.iso,
                          documentId: $0.documentID.lowercasedString)
                },
                total: total, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    func actOnInvoice(_ input: Operations.ActOnInvoice.Input) async throws -> Operations.ActOnInvoice.Output {
        let id = try APIInput.pathID(input.path.invoiceId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let invoice = try await APIContext.run(readOnly: false) { api in
            try api.require(.actOnInvoice)
            let before = try await Self.visibleInvoice(id, api)
            let version = try APIInput.version(body.version, field: "version", t: api.t)
            let outcome = try await InvoiceReview.act(
                body.action.domain, on: [ReviewPick(id: id, version: version, reason: body.reason)], api.action)[id] ?? .notFound
            guard outcome == .changed else {
                var problem = APIProblem(outcome, t: api.t)
                if outcome == .stale || outcome == .notAllowed {
                    problem.current = Components.Schemas.Invoice(before, viewer: api.user)
                }
                throw problem
            }
            return Components.Schemas.Invoice(try await Self.visibleInvoice(id, api), viewer: api.user)
        }
        return .ok(.init(body: .json(invoice)))
    }

    /// The most invoices one bulk action takes.
    static let maxBulkInvoices = 1_000

    func actOnInvoices(_ input: Operations.ActOnInvoices.Input) async throws -> Operations.ActOnInvoices.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let result = try await APIContext.run(readOnly: false) { api in
            try api.require(.actOnInvoices)
            guard (1...Self.maxBulkInvoices).contains(body.invoices.count) else {
                throw APIProblem.invalid([.init(field: "invoices", message: api.t("api.field.invoices", String(Self.maxBulkInvoices)))])
            }
            var picks: [ReviewPick] = []
            for (index, item) in body.invoices.enumerated() {
                guard let id = UUID(uuidString: item.id) else {
                    throw APIProblem.invalid([.init(field: "invoices[\(index)].id", message: api.t("api.field.id"))])
                }
                let version = try APIInput.version(item.version, field: "invoices[\(index)].version", t: api.t)
                picks.append(ReviewPick(id: id, version: version, reason: item.reason))
            }
            let outcomes = try await InvoiceReview.act(body.action.domain, on: picks, api.action)
            var seen: Set<UUID> = []
            return Components.Schemas.BulkActionResult(results: picks.filter { seen.insert($0.id).inserted }.map { pick in
                .init(id: pick.id.lowercasedString, outcome: .init(outcomes[pick.id] ?? .notFound))
            })
        }
        return .ok(.init(body: .json(result)))
    }
}

extension Components.Schemas.ActionOutcome {
    init(_ outcome: ReviewOutcome) {
        switch outcome {
        case .changed: self = .changed
        case .stale: self = .stale
        case .notAllowed: self = .notAllowed
        case .noReason: self = .noReason
        case .reasonTooLong: self = .reasonTooLong
        case .notFound: self = .notFound
        case .ownInvoice: self = .ownInvoice
        }
    }
}

extension APIProblem {
    /// A single invoice's action refused: 409 for a stale version or a state the action does not
    /// start from, 422 for the reason, 403 for one's own invoice, 404 for one that is gone.
    init(_ outcome: ReviewOutcome, t: Translator) {
        switch outcome {
        case .stale: self.init(.conflict, "stale")
        case .notAllowed: self.init(.conflict, "not-allowed")
        case .ownInvoice: self.init(.forbidden, "own-invoice")
        case .noReason:
            self = .invalid([.init(field: "reason", message: t("flash.invoice.reasonNeeded"))])
        case .reasonTooLong:
            self = .invalid([.init(field: "reason", message: t("flash.invoice.reasonTooLong"))])
        case .notFound, .changed: self.init(.notFound, "not-found")
        }
    }
}
