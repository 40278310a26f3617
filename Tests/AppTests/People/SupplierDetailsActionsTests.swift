import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of supplier details, without HTTP: who may save, propose and decide, what a
/// stale version and one's own details answer, and what each leaves behind (`SupplierDetailsActions`).
@Suite struct SupplierDetailsActionsTests {
    static func details(account: String, address: String = "Vinohradská 1") throws -> SupplierDetails {
        try SupplierDetails.read(.init(ico: "25596641", billingAddress: address, account: account)).get()
    }

    static func stored(_ world: TestWorld, _ person: UUID) async throws -> (String?, Int) {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            let found = try await SupplierDetailsQueries.load(person, on: db)
            return (found?.details.accountText, found?.version ?? -1)
        }
    }

    /// The demo company's audit entries of `action`, and its mails to `recipient`.
    static func counts(_ world: TestWorld, audit action: String, mailsTo recipient: String) async throws -> (Int, Int) {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            (try await db.query("SELECT count(*)::int FROM audit_events WHERE tenant_id = \(db.tenant) AND action = \(action)")
                .collect()[0].decode(Int.self),
             try await db.query("SELECT count(*)::int FROM outbox WHERE tenant_id = \(db.tenant) AND recipient = \(recipient)")
                .collect()[0].decode(Int.self))
        }
    }

    @Test func onlyAnAdminSavesAndAStaleVersionIsToldApart() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee.id
            let first = try Self.details(account: "19-2000145399/0800")
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await SupplierDetailsActions.save(first, for: eva, version: 0, $0) }
                }
            }
            // Another company's admin finds no such person.
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await SupplierDetailsActions.save(first, for: eva, version: 0, $0) }
            }
            #expect(try await Self.stored(world, eva) == (nil, 0), "a refusal writes nothing")
            let before = try await Self.counts(world, audit: "supplierAccount", mailsTo: world.employee.email)
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.save(first, for: eva, version: 0, $0) }
                    == .saved(accountChanged: true))
            #expect(try await Self.stored(world, eva) == ("19-2000145399/0800", 1))
            // The change is audited, and Eva is told of her new account.
            #expect(try await Self.counts(world, audit: "supplierAccount", mailsTo: world.employee.email) == (before.0 + 1, before.1 + 1))
            // A form loaded before that save is stale; the same values again change nothing.
            let other = try Self.details(account: "2000145399/0800")
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.save(other, for: eva, version: 0, $0) }
                    == .stale)
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.save(first, for: eva, version: 1, $0) }
                    == .unchanged)
            let address = try Self.details(account: "19-2000145399/0800", address: "Jinde 2")
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.save(address, for: eva, version: 1, $0) }
                    == .saved(accountChanged: false))
            #expect(try await Self.stored(world, eva) == ("19-2000145399/0800", 2))
        }
    }

    @Test func anAdminsOwnDetailsAreAlwaysAnotherAdmins() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let jana = world.admin.id
            let details = try Self.details(account: "19-2000145399/0800")
            // Alone, the admin may not set their own details either (the world gave them a billing address).
            let version = try await Self.stored(world, jana).1
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.save(details, for: jana, version: version, $0) }
                    == .ownDetails)
            // She proposes them, as anyone does; with a second admin, he confirms them.
            #expect(try await world.act(as: world.admin) {
                try await SupplierDetailsActions.propose(details, for: jana, basedOn: version, $0)
            } == .proposed)
            let waiting = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await SupplierProposalQueries.waiting(of: jana, on: db)?.id
            }
            let id = try #require(waiting)
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.decide(id, of: jana, confirm: true, $0) }
                    == .ownDetails)
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                _ = try await db.query("UPDATE users SET roles = roles || 'admin'::text WHERE tenant_id = \(db.tenant) AND id = \(world.leader.id)")
            }
            var petr = world.leader
            petr.roles.insert(.admin)
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.save(details, for: jana, version: version, $0) }
                    == .ownDetails)
            #expect(try await world.act(as: petr) { try await SupplierDetailsActions.decide(id, of: jana, confirm: true, $0) }
                    == .confirmed)
            #expect(try await Self.stored(world, jana) == ("19-2000145399/0800", version + 1))
        }
    }

    @Test func aProposalIsForOneselfAndAnAdminDecidesIt() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee.id
            let proposed = try Self.details(account: "19-2000145399/0800")
            // Nobody proposes for someone else, whoever they are.
            for someone in [world.leader, world.admin, world.otherAdmin] {
                await #expect(throws: ActionRefusal.notFound) {
                    try await world.act(as: someone) { try await SupplierDetailsActions.propose(proposed, for: eva, basedOn: 0, $0) }
                }
            }
            #expect(try await world.act(as: world.employee) {
                try await SupplierDetailsActions.propose(proposed, for: eva, basedOn: 1, $0)
            } == .stale)
            #expect(try await world.act(as: world.employee) {
                try await SupplierDetailsActions.propose(proposed, for: eva, basedOn: 0, $0)
            } == .proposed)
            #expect(try await Self.stored(world, eva) == (nil, 0), "nothing counts before an admin confirms")
            let waiting = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await SupplierProposalQueries.waiting(of: eva, on: db)?.id
            }
            let id = try #require(waiting)
            // Only an admin decides; another company's finds nothing waiting.
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await SupplierDetailsActions.decide(id, of: eva, confirm: true, $0) }
                }
            }
            #expect(try await world.act(as: world.otherAdmin) { try await SupplierDetailsActions.decide(id, of: eva, confirm: true, $0) }
                    == .gone)
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.decide(id, of: eva, confirm: true, $0) }
                    == .confirmed)
            #expect(try await Self.stored(world, eva) == ("19-2000145399/0800", 1))
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.decide(id, of: eva, confirm: false, $0) }
                    == .gone)
        }
    }

    @Test func aProposalOvertakenByAnAdminsSaveIsStale() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee.id
            #expect(try await world.act(as: world.employee) {
                try await SupplierDetailsActions.propose(try Self.details(account: "19-2000145399/0800"), for: eva, basedOn: 0, $0)
            } == .proposed)
            #expect(try await world.act(as: world.admin) {
                try await SupplierDetailsActions.save(try Self.details(account: "2000145399/0800"), for: eva, version: 0, $0)
            } == .saved(accountChanged: true))
            let id = try #require(try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await SupplierProposalQueries.waiting(of: eva, on: db)?.id
            })
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.decide(id, of: eva, confirm: true, $0) }
                    == .stale)
            #expect(try await Self.stored(world, eva) == ("2000145399/0800", 1))
            // Declining needs no version: it changes nothing of the details.
            #expect(try await world.act(as: world.admin) { try await SupplierDetailsActions.decide(id, of: eva, confirm: false, $0) }
                    == .declined)
        }
    }
}
