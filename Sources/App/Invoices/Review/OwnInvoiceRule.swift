/// Separation of duties: an admin does not approve or pay their own invoice when another active
/// admin of the company can. A company with a single admin still works: the change is allowed,
/// and its history row records that it was the actor's own invoice (docs/ARCHITECTURE.md,
/// Invoice review). Pure; `ReviewMutations.apply` asks it for both answers and the statement
/// applies them per row.
public enum OwnInvoiceRule {
    public enum Verdict: Sendable, Equatable {
        /// Someone else's invoice, or an action that moves no money forward.
        case allowed
        /// The actor's own invoice, and no one else could do it: allowed, and recorded as own.
        case allowedAsOwn
        /// The actor's own invoice, and another admin can do it.
        case refused
    }

    /// The actions that need a second person: those that move an invoice towards being paid.
    public static func needsSecondPerson(_ action: InvoiceAction) -> Bool {
        switch action {
        case .approve, .markPaid: true
        case .returnToEmployee, .undoApproval, .undoPayment: false
        }
    }

    public static func verdict(_ action: InvoiceAction, actorIsOwner: Bool, otherAdminExists: Bool) -> Verdict {
        guard actorIsOwner, needsSecondPerson(action) else { return .allowed }
        return otherAdminExists ? .refused : .allowedAsOwn
    }
}
