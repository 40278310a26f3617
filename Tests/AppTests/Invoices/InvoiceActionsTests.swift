import Foundation
import Testing
@testable import App

/// The state machine of DESIGN.md, every state × every action × every role.
@Suite struct InvoiceActionsTests {
    /// The diagram, written out once more by hand: (from, action) → to.
    static let diagram: [InvoiceState: [InvoiceAction: InvoiceState]] = [
        .submitted: [.approve: .approved, .returnToEmployee: .returned],
        .returned: [:],
        .approved: [.markPaid: .paid, .undoApproval: .submitted, .returnToEmployee: .returned],
        .paid: [.undoPayment: .approved],
    ]

    static func user(_ roles: Set<Role>, active: Bool = true) -> User {
        User(id: UUID(), tenantID: UUID(), email: "x@example.com", firstName: "X", lastName: "Y", title: "", roles: roles,
             active: active, preferredLanguage: nil)
    }

    @Test(arguments: Role.allCases)
    func everyStateEveryActionForEveryRole(role: Role) {
        let user = Self.user([role])
        for state in InvoiceState.allCases {
            for action in InvoiceAction.allCases {
                let result = action.check(by: user, state: state, reason: "Wrong amount")
                if role != .admin {
                    #expect(result == .failure(.notPermitted), "\(role) \(action) from \(state)")
                } else if let target = Self.diagram[state]?[action] {
                    #expect(result == .success(target), "\(action) from \(state)")
                } else {
                    #expect(result == .failure(.notFrom(state)), "\(action) from \(state)")
                }
            }
        }
    }

    @Test func aDeactivatedAdminMayDoNothing() {
        let user = Self.user([.admin], active: false)
        #expect(InvoiceAction.approve.check(by: user, state: .submitted, reason: nil) == .failure(.notPermitted))
    }

    @Test func theOfferedActionsAreExactlyTheArrowsOutOfAState() {
        for state in InvoiceState.allCases {
            #expect(Set(InvoiceAction.allowed(from: state)) == Set(Self.diagram[state]!.keys), "\(state)")
        }
        // The employee's arrows are not admin actions: nothing leads out of "returned" but a new file.
        #expect(InvoiceAction.allowed(from: .returned).isEmpty)
        #expect(InvoiceRules.stateAfterUpload(current: .returned) == .success(.submitted))
    }

    @Test func aReturnNeedsAReasonOfSensibleLength() {
        let admin = Self.user([.admin])
        #expect(InvoiceAction.returnToEmployee.check(by: admin, state: .submitted, reason: nil) == .failure(.reasonMissing))
        #expect(InvoiceAction.returnToEmployee.check(by: admin, state: .submitted, reason: "  \n ") == .failure(.reasonMissing))
        let long = String(repeating: "x", count: InvoiceAction.maxReasonLength + 1)
        #expect(InvoiceAction.returnToEmployee.check(by: admin, state: .approved, reason: long) == .failure(.reasonTooLong))
        #expect(InvoiceAction.approve.check(by: admin, state: .submitted, reason: nil) == .success(.approved))
    }
}
