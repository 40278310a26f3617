import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of the month closed, without HTTP: what each refuses and what follows an
/// approval or a reopening (`MonthClosing`).
@Suite struct MonthClosingTests {
    static let november = Month(iso: "2026-11")!

    static func decision(_ person: User, approve: Bool, reason: String = "") -> MonthClosing.Decision {
        MonthClosing.Decision(month: november, person: person.id, approve: approve, reason: reason)
    }

    /// The person's work statements of November.
    static func statements(_ world: TestWorld, of person: User) async throws -> [String] {
        try await world.db.transaction(tenant: person.tenantID) { db in
            try await db.query("""
                SELECT state::text FROM work_statements
                WHERE tenant_id = \(db.tenant) AND user_id = \(person.id) AND month = \(november.first.iso)::date
                """)
                .collect().map { try $0.decode(String.self) }
        }
    }

    @Test func submittingNeedsABegunMonthUnderAContract() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee
            // Eva's contract began in September 2024.
            #expect(try await world.act(as: eva) { try await MonthClosing.submit(Month(iso: "2024-08")!, $0) } == .noContract)
            #expect(try await world.act(as: eva) { try await MonthClosing.submit(Month(iso: "2026-12")!, $0) } == .future)
            #expect(try await world.act(as: eva) { try await MonthClosing.submit(Self.november, $0) } == .done)
            #expect(try await world.act(as: eva) { try await MonthClosing.submit(Self.november, $0) } == .unchanged)
            // The page offers what the rule allows, and only that.
            let contracts = try await world.db.transaction(tenant: eva.tenantID) { try await PeopleQueries.contracts(of: eva.id, on: $0) }
            #expect(MonthCloseRules.submitRefusal(Month(iso: "2024-08")!, thisMonth: Self.november, status: nil, contracts: contracts)
                    == .noContract)
            #expect(MonthCloseRules.submitRefusal(Self.november, thisMonth: Self.november, status: .returned, contracts: contracts) == nil)
            #expect(MonthCloseRules.submitRefusal(Self.november, thisMonth: Self.november, status: .approved, contracts: contracts)
                    == .unchanged)
        }
    }

    @Test func onlyTheLeaderOrAnAdminDecidesAndNeverTheirOwn() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, petr = world.leader
            #expect(try await world.act(as: eva) { try await MonthClosing.submit(Self.november, $0) } == .done)
            // Eva decides no one's months; another company's admin finds no Eva.
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: eva) { try await MonthClosing.decide(Self.decision(eva, approve: true), $0) }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await MonthClosing.decide(Self.decision(eva, approve: true), $0) }
            }
            // A return needs its reason; Petr returns, Eva submits again, Petr approves.
            #expect(try await world.act(as: petr) { try await MonthClosing.decide(Self.decision(eva, approve: false), $0) }
                    == .reasonMissing)
            #expect(try await world.act(as: petr) {
                try await MonthClosing.decide(Self.decision(eva, approve: false, reason: "The 18th is missing"), $0)
            } == .done)
            #expect(try await world.act(as: eva) { try await MonthClosing.submit(Self.november, $0) } == .done)
            #expect(try await world.act(as: petr) { try await MonthClosing.decide(Self.decision(eva, approve: true), $0) } == .done)
            #expect(try await world.act(as: petr) { try await MonthClosing.decide(Self.decision(eva, approve: true), $0) } == .unchanged)
            // A contractor's approved month writes no work statement.
            #expect(try await Self.statements(world, of: eva).isEmpty)
            // Petr's own month is not his to decide.
            #expect(try await world.act(as: petr) { try await MonthClosing.submit(Self.november, $0) } == .done)
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: petr) { try await MonthClosing.decide(Self.decision(petr, approve: true), $0) }
            }
            // Reopening is an admin's, of someone else's month.
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: petr) { try await MonthClosing.reopen(Self.november, of: eva.id, reason: "x", $0) }
            }
            #expect(try await world.act(as: world.admin) { try await MonthClosing.reopen(Self.november, of: eva.id, reason: "", $0) }
                    == .reasonMissing)
            #expect(try await world.act(as: world.admin) {
                try await MonthClosing.reopen(Self.november, of: eva.id, reason: "Client asked for a correction", $0)
            } == .done)
            #expect(try await MonthCloseTests.state(world, eva)?.status == .returned)
        }
    }

    /// An employee's approved month writes their work statement in the same use case; reopening
    /// the month returns the statement with it.
    @Test func anApprovalWritesTheWorkStatementAndAReopeningReturnsIt() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let jana = world.admin
            // Jana works under an employment contract; a second admin decides her month.
            let second = User(id: world.leader.id, tenantID: jana.tenantID, email: world.leader.email, firstName: world.leader.firstName,
                              lastName: world.leader.lastName, title: "", roles: [.employee, .teamLeader, .admin], active: true,
                              preferredLanguage: nil)
            _ = try await world.db.transaction(tenant: jana.tenantID) { db in
                try await db.query("UPDATE users SET roles = '{employee,team_leader,admin}' WHERE tenant_id = \(db.tenant) AND id = \(second.id)")
            }
            #expect(try await world.act(as: jana) { try await MonthClosing.submit(Self.november, $0) } == .done)
            #expect(try await world.act(as: second) { try await MonthClosing.decide(Self.decision(jana, approve: true), $0) } == .done)
            #expect(try await Self.statements(world, of: jana) == ["submitted"])
            #expect(try await world.act(as: second) {
                try await MonthClosing.reopen(Self.november, of: jana.id, reason: "Overtime is missing", $0)
            } == .done)
            #expect(try await Self.statements(world, of: jana) == ["returned"])
        }
    }
}
