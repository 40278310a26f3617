import Foundation
import Testing
@testable import App

/// The state machine of docs/DOMAIN.md (Invoice states), every state × every action × every role,
/// and the command that `ReviewMutations.apply` takes.
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

    /// The command is made for active admins only, whatever the action.
    @Test(arguments: Role.allCases)
    func onlyActiveAdminsGetACommand(role: Role) {
        for action in InvoiceAction.allCases {
            let picks = [ReviewPick(id: UUID(), version: 1, reason: "Wrong amount")]
            let made = try? action.command(by: Self.user([role]), picks: picks)
            #expect((made != nil) == (role == .admin), "\(role) \(action)")
            #expect(throws: InvoiceAction.Refusal.notPermitted) {
                try action.command(by: Self.user([role], active: false), picks: picks)
            }
        }
    }

    /// Each pick's reason, as a table: (action, reason) → refused, or the reason the command keeps.
    @Test func eachPicksReasonIsCheckedAndNormalised() throws {
        let admin = Self.user([.admin])
        let long = String(repeating: "é", count: InvoiceAction.maxReasonLength + 1)
        let atLimit = String(repeating: "x", count: InvoiceAction.maxReasonLength)
        let table: [(InvoiceAction, String?, Result<String?, InvoiceAction.Refusal>)] = [
            (.returnToEmployee, nil, .failure(.reasonMissing)),
            (.returnToEmployee, " \n\t ", .failure(.reasonMissing)),
            (.returnToEmployee, long, .failure(.reasonTooLong)),
            (.returnToEmployee, "  Wrong amount \n", .success("Wrong amount")),
            (.returnToEmployee, atLimit, .success(atLimit)),
            (.approve, nil, .success(nil)),
            (.approve, "   ", .success(nil)),
            (.approve, " Checked ", .success("Checked")),
            // An approval's note that is too long is refused, never dropped in silence.
            (.approve, long, .failure(.reasonTooLong)),
            (.markPaid, long, .failure(.reasonTooLong)),
            (.undoPayment, nil, .success(nil)),
        ]
        for (action, reason, expected) in table {
            let id = UUID()
            let checked = try action.command(by: admin, picks: [ReviewPick(id: id, version: 3, reason: reason)])
            switch expected {
            case .failure(let refusal):
                #expect(checked.refused == [id: refusal] && checked.command == nil, "\(action) \(String(describing: reason?.prefix(20)))")
            case .success(let kept):
                #expect(checked.refused.isEmpty, "\(action)")
                #expect(checked.command?.items == [InvoiceCommand.Item(id: id, version: 3, reason: kept)], "\(action)")
                #expect(checked.command?.actor == admin.id && checked.command?.action == action)
            }
        }
    }

    @Test func aSelectionSplitsIntoTheCommandAndTheRefusedPicks() throws {
        let admin = Self.user([.admin])
        let a = UUID(), b = UUID(), c = UUID()
        let checked = try InvoiceAction.returnToEmployee.command(by: admin, picks: [
            ReviewPick(id: a, version: 1, reason: "Wrong month"),
            ReviewPick(id: b, version: 2, reason: nil),
            ReviewPick(id: a, version: 9, reason: "A second pick of the same invoice is ignored"),
            ReviewPick(id: c, version: 4, reason: "Missing IČO"),
        ])
        #expect(checked.refused == [b: .reasonMissing])
        #expect(checked.command?.items == [InvoiceCommand.Item(id: a, version: 1, reason: "Wrong month"),
                                           InvoiceCommand.Item(id: c, version: 4, reason: "Missing IČO")])
    }

    /// The command's arrows are the diagram's, every one of them (a return leads out of two states).
    @Test func theCommandMovesAlongTheDiagramsArrows() throws {
        let admin = Self.user([.admin])
        for action in InvoiceAction.allCases {
            let command = try #require(try action.command(by: admin, picks: [ReviewPick(id: UUID(), version: 1, reason: "Why")]).command)
            let expected = Self.diagram.compactMap { from, arrows in arrows[action].map { "\(from.rawValue)→\($0.rawValue)" } }
            #expect(Set(command.arrows.map { "\($0.from.rawValue)→\($0.to.rawValue)" }) == Set(expected), "\(action)")
            for state in InvoiceState.allCases {
                #expect(command.target(from: state) == Self.diagram[state]?[action], "\(action) from \(state)")
            }
        }
    }
}
