/// Separation of duties: nobody moves money towards themselves. An admin never approves, pays or
/// corrects their own invoice, approves their own work statement or sets their own supplier
/// details (the account they are paid to), whether or not the company has another admin: the rule
/// does not depend on who else holds the role, so taking another admin's role away and giving it
/// back opens nothing. A company with a single admin: the admin's own invoice, statement or
/// details wait until another person may decide them (a second admin), and the home page says so
/// (docs/ARCHITECTURE.md, "Invoice review"). Months of time follow the same rule
/// (`MonthCloseRules.decides`). Pure; `ReviewMutations.apply` and `WorkStatementDecisions.apply`
/// apply its answer per row.
public enum OwnInvoiceRule {
    public enum Verdict: Sendable, Equatable {
        /// Someone else's invoice, or an action that moves no money forward.
        case allowed
        /// The actor's own invoice, and an action that moves money towards them.
        case refused
    }

    /// The actions that need a second person: those that move an invoice towards being paid.
    public static func needsSecondPerson(_ action: InvoiceAction) -> Bool {
        switch action {
        case .approve, .markPaid: true
        case .returnToEmployee, .undoApproval, .undoPayment: false
        }
    }

    public static func verdict(_ action: InvoiceAction, actorIsOwner: Bool) -> Verdict {
        actorIsOwner && needsSecondPerson(action) ? .refused : .allowed
    }
}
