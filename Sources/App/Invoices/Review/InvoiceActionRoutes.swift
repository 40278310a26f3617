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
        let tenant = try request.tenant, db = try request.db
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
        let outcome = try await InvoiceReview.act(action, on: [ReviewPick(id: invoice.id, version: version, reason: reason)],
                                                  try request.actionContext)[invoice.id]
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
