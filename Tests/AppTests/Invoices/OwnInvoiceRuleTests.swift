import Testing
@testable import App

/// Separation of duties as a table: actor is the owner × another active admin exists × action.
@Suite struct OwnInvoiceRuleTests {
    static let table: [(owner: Bool, other: Bool, action: InvoiceAction, verdict: OwnInvoiceRule.Verdict)] = [
        (false, false, .approve, .allowed), (false, true, .approve, .allowed),
        (true, true, .approve, .refused), (true, false, .approve, .allowedAsOwn),
        (false, false, .markPaid, .allowed), (false, true, .markPaid, .allowed),
        (true, true, .markPaid, .refused), (true, false, .markPaid, .allowedAsOwn),
        // Sending one's own invoice back or undoing a step moves no money.
        (true, true, .returnToEmployee, .allowed), (true, false, .returnToEmployee, .allowed),
        (true, true, .undoApproval, .allowed), (true, false, .undoApproval, .allowed),
        (true, true, .undoPayment, .allowed), (true, false, .undoPayment, .allowed),
        (false, true, .returnToEmployee, .allowed), (false, true, .undoApproval, .allowed), (false, true, .undoPayment, .allowed),
        (false, false, .returnToEmployee, .allowed), (false, false, .undoApproval, .allowed), (false, false, .undoPayment, .allowed),
    ]

    @Test func theTableCoversEveryCase() {
        #expect(Self.table.count == 2 * 2 * InvoiceAction.allCases.count)
        #expect(Set(Self.table.map { "\($0.owner) \($0.other) \($0.action)" }).count == Self.table.count)
    }

    @Test func theRuleIsTheTable() {
        for row in Self.table {
            #expect(OwnInvoiceRule.verdict(row.action, actorIsOwner: row.owner, otherAdminExists: row.other) == row.verdict,
                    "owner \(row.owner), other admin \(row.other), \(row.action)")
        }
    }
}
