import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of absences, without HTTP: who may ask, withdraw and decide, and what each
/// refuses (`AbsenceActions`).
@Suite struct AbsenceActionsTests {
    static func draft(_ first: String, _ last: String? = nil) throws -> AbsenceDraft {
        try AbsenceRules.read(AbsenceInput(kind: "vacation", first: first, last: last ?? first)).get()
    }

    static func request(_ world: TestWorld, as user: User, _ first: String) async throws -> UUID {
        let draft = try Self.draft(first)
        return try await world.act(as: user) { try await AbsenceActions.request(draft, $0) }.get()
    }

    @Test func onlyTheLeaderOrAnAdminDecidesAndNeverTheirOwn() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, petr = world.leader
            let id = try await Self.request(world, as: eva, "2026-12-07")
            // Eva decides nothing; another company's admin finds nothing; nobody decides their own.
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: eva) { try await AbsenceActions.decide(id, approve: true, reason: "", $0) }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await AbsenceActions.decide(id, approve: true, reason: "", $0) }
            }
            let own = try await Self.request(world, as: petr, "2026-12-08")
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: petr) { try await AbsenceActions.decide(own, approve: true, reason: "", $0) }
            }
            // A decline needs its reason; an approval once, then it is no longer waiting.
            #expect(try await world.act(as: petr) { try await AbsenceActions.decide(id, approve: false, reason: "", $0) }
                    == .failure(.reasonMissing))
            #expect(try await world.act(as: petr) { try await AbsenceActions.decide(id, approve: true, reason: "", $0) } == .success(()))
            #expect(try await world.act(as: world.admin) { try await AbsenceActions.decide(id, approve: true, reason: "", $0) }
                    == .failure(.notPending))
        }
    }

    @Test func onlyTheOwnerWithdrawsAndOnlyWhileItWaits() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee
            let waiting = try await Self.request(world, as: eva, "2026-12-09")
            let decided = try await Self.request(world, as: eva, "2026-12-10")
            #expect(try await world.act(as: world.leader) { try await AbsenceActions.decide(decided, approve: true, reason: "", $0) }
                    == .success(()))
            // Someone else's request is not there for them, whoever they are.
            for someone in [world.leader, world.admin, world.otherAdmin] {
                await #expect(throws: ActionRefusal.notFound) {
                    try await world.act(as: someone) { try await AbsenceActions.withdraw(waiting, $0) }
                }
            }
            #expect(try await world.act(as: eva) { try await AbsenceActions.withdraw(decided, $0) } == .failure(.notPending))
            #expect(try await world.act(as: eva) { try await AbsenceActions.withdraw(waiting, $0) } == .success(()))
            #expect(try await world.act(as: eva) { try await AbsenceActions.withdraw(waiting, $0) } == .failure(.notPending))
            // A day without a contract cannot be asked for.
            let before = try Self.draft("2024-08-05")
            #expect(try await world.act(as: eva) { try await AbsenceActions.request(before, $0) } == .failure(.noContract))
        }
    }
}

extension Result where Success == Void, Failure == AbsenceRefusal {
    static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.success, .success): true
        case (.failure(let a), .failure(let b)): a == b
        default: false
        }
    }
}
