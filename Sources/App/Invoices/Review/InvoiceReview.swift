import Foundation

/// The use case of an admin's action on invoices (approve, return, mark paid, …), on one invoice
/// from its page, on many from the desk or the API, and on the matches of a bank statement. The
/// rule first (`InvoiceAction.command`: who may, which arrows, the reasons), then one set-based
/// statement (`ReviewMutations.apply`), then the mails to the owners of the changed invoices, in
/// the same transaction (`Notifier`).
enum InvoiceReview {
    /// What `action` did to each pick. Picks the rule refuses for their reason are answered
    /// without a row being read; the rest are applied as one checked command. Anyone but an active
    /// admin is refused (403).
    static func act(_ action: InvoiceAction, on picks: [ReviewPick], _ c: ActionContext) async throws -> [UUID: ReviewOutcome] {
        try await act(action, on: picks, by: c.actor, site: c.site, on: c.db)
    }

    /// The same for `user` on `db` (a statement's matches, paid within the reconciliation).
    static func act(
        _ action: InvoiceAction, on picks: [ReviewPick], by user: User, site: MailSite, on db: TenantConnection
    ) async throws -> [UUID: ReviewOutcome] {
        let checked: InvoiceCommand.Checked
        do { checked = try action.command(by: user, picks: picks) } catch { throw ActionRefusal.forbidden }
        var outcomes = checked.refused.mapValues(ReviewOutcome.init)
        if let command = checked.command {
            let applied = try await ReviewMutations.apply(command, on: db)
            outcomes.merge(applied) { _, applied in applied }
            let changed = applied.filter { $0.value == .changed }.map(\.key)
            let reasons = Dictionary(command.items.compactMap { item in item.reason.map { (item.id, $0) } },
                                     uniquingKeysWith: { first, _ in first })
            try await Notifier.invoicesChanged(by: action, ids: changed, reasons: reasons, actor: user.id, site: site, on: db)
        }
        return outcomes
    }
}
