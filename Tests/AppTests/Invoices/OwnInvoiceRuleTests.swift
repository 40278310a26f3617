import Testing
@testable import App

/// Separation of duties as a table: actor is the owner × action. Whether the company has another
/// admin plays no part: an admin alone may not approve or pay their own invoice either.
@Suite struct OwnInvoiceRuleTests {
    static let table: [(owner: Bool, action: InvoiceAction, verdict: OwnInvoiceRule.Verdict)] = [
        (false, .approve, .allowed), (true, .approve, .refused),
        (false, .markPaid, .allowed), (true, .markPaid, .refused),
        // Sending one's own invoice back or undoing a step moves no money.
        (true, .returnToEmployee, .allowed), (true, .undoApproval, .allowed), (true, .undoPayment, .allowed),
        (false, .returnToEmployee, .allowed), (false, .undoApproval, .allowed), (false, .undoPayment, .allowed),
    ]

    @Test func theTableCoversEveryCase() {
        #expect(Self.table.count == 2 * InvoiceAction.allCases.count)
        #expect(Set(Self.table.map { "\($0.owner) \($0.action)" }).count == Self.table.count)
    }

    @Test func theRuleIsTheTable() {
        for row in Self.table {
            #expect(OwnInvoiceRule.verdict(row.action, actorIsOwner: row.owner) == row.verdict, "owner \(row.owner), \(row.action)")
        }
    }
}
