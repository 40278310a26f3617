import Vapor

/// One admin action on one invoice, from its page: the same rule and the same statement as the
/// desk, so a stale page is refused the same way.
struct InvoiceActionRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.invoiceAction, use: act)
    }

    struct ActionForm: Content {
        var action: String?
        var version: Int?
        var reason: String?
    }

    func act(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db, user = try request.user
        let invoice = try await InvoiceRoutes.visibleInvoice(request)
        let form = try? request.content.decode(ActionForm.self)
        guard let action = form?.action.flatMap(InvoiceAction.init(rawValue:)), let version = form?.version else {
            throw Abort(.badRequest)
        }
        let here = Paths.invoice(tenant.slug, invoice.id)
        if !request.isConfirmed, let question = action.confirmation(
            count: 1, totals: try await ReviewQueries.selection([invoice.id], on: db).totals, cancelURL: here, t: request.translator) {
            return try await request.confirmationStep(question)
        }
        let reason = form?.reason?.trimmingWhitespace()
        let outcome = try await ReviewMutations.apply(
            action, to: [ReviewPick(id: invoice.id, version: version, reason: reason)], by: user, site: try request.mailSite,
            on: db)[invoice.id]
        switch outcome {
        case .changed:
            return request.redirect(to: here, flash: Flash(.success, "flash.invoice.\(action.rawValue)"))
        case .noReason:
            return request.redirect(to: here + "#actions", flash: Flash(.error, "flash.invoice.reasonNeeded"))
        case .reasonTooLong:
            return request.redirect(to: here + "#actions", flash: Flash(.error, "flash.invoice.reasonTooLong"))
        case .notAllowed:
            return request.redirect(to: here, flash: Flash(.error, "flash.invoice.notAllowed"))
        case .ownInvoice:
            return request.redirect(to: here, flash: Flash(.error, "flash.invoice.ownInvoice"))
        default:
            return request.redirect(to: here, flash: Flash(.error, "flash.invoice.stale"))
        }
    }
}

extension ReviewMutations {
    /// The rule, then the statement: what `action` did to each pick, for `user`. Picks the rule
    /// refuses for their reason are answered without a row being read; the rest are applied as
    /// one checked command. Anyone but an active admin is refused (403). The owners of the
    /// changed invoices are told in the same transaction (`Notifier`).
    static func apply(
        _ action: InvoiceAction, to picks: [ReviewPick], by user: User, site: MailSite, on db: TenantConnection
    ) async throws -> [UUID: ReviewOutcome] {
        let checked: InvoiceCommand.Checked
        do { checked = try action.command(by: user, picks: picks) } catch { throw Abort(.forbidden) }
        var outcomes = checked.refused.mapValues(ReviewOutcome.init)
        if let command = checked.command {
            let applied = try await apply(command, on: db)
            outcomes.merge(applied) { _, applied in applied }
            let changed = applied.filter { $0.value == .changed }.map(\.key)
            let reasons = Dictionary(command.items.compactMap { item in item.reason.map { (item.id, $0) } },
                                     uniquingKeysWith: { first, _ in first })
            try await Notifier.invoicesChanged(by: action, ids: changed, reasons: reasons, actor: user.id, site: site, on: db)
        }
        return outcomes
    }
}
