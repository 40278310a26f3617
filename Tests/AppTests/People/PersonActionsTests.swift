import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of people, without HTTP: who may, what they refuse, and that a refusal changes
/// nothing (`PersonActions`).
@Suite struct PersonActionsTests {
    static func newPerson(email: String, team: UUID? = nil) -> PersonActions.NewPerson {
        let profile = PeopleMutations.Profile(firstName: "Karel", lastName: "Novák", title: "", position: "Tester", email: email,
                                              personalEmail: nil, phone: nil, team: team, roles: [.employee])
        return PersonActions.NewPerson(
            profile: profile,
            contract: Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2026-11-01")!, validTo: nil, capacityTenths: 400),
            rateMinor: 500_00, rateFrom: LocalDate(iso: "2026-11-01")!)
    }

    @Test func addingAPersonIsAnAdminsAndAnAddressIsTakenOnce() async throws {
        try await withWorld { (world: TestWorld) async throws in
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await PersonActions.create(Self.newPerson(email: "karel@acme.example"), $0) }
                }
            }
            let created = try await world.act(as: world.admin) {
                try await PersonActions.create(Self.newPerson(email: "karel@acme.example"), $0)
            }
            let id = try created.get()
            let again = try await world.act(as: world.admin) {
                try await PersonActions.create(Self.newPerson(email: "KAREL@acme.example".lowercased()), $0)
            }
            #expect(again.failure?.messages == ["email": "employee.error.duplicateEmail"])
            let unknownTeam = try await world.act(as: world.admin) {
                try await PersonActions.create(Self.newPerson(email: "other@acme.example", team: UUID()), $0)
            }
            #expect(unknownTeam.failure?.messages == ["team": "employee.error.team"])
            // The person, their contract and rate are there, in their company only.
            let contracts = try await world.db.transaction(tenant: world.admin.tenantID) { try await PeopleQueries.contracts(of: id, on: $0) }
            #expect(contracts.count == 1)
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await PersonActions.setActive(false, id, $0) }
            }
        }
    }

    @Test func theLastAdminKeepsTheRoleAndTheAccount() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let jana = world.admin
            #expect(try await world.act(as: jana) { try await PersonActions.setActive(false, jana.id, $0) } == false)
            let person = try #require(try await world.db.transaction(tenant: jana.tenantID) { try await PeopleQueries.person(jana.id, on: $0) })
            let demoted = PeopleMutations.Profile(
                firstName: person.user.firstName, lastName: person.user.lastName, title: person.user.title, position: person.position,
                email: person.user.email, personalEmail: person.personalEmail, phone: person.phone, team: person.teamID,
                roles: [.employee])
            let refused = try await world.act(as: jana) { try await PersonActions.update(jana.id, to: demoted, $0) }
            #expect(refused?.messages == ["admin": "employee.error.lastAdmin"])
            // Another company's admin edits no one here.
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await PersonActions.update(jana.id, to: demoted, $0) }
            }
            // With a second admin, Jana may step down.
            _ = try await world.db.transaction(tenant: jana.tenantID) { db in
                try await db.query("UPDATE users SET roles = '{employee,admin}' WHERE tenant_id = \(db.tenant) AND id = \(world.employee.id)")
            }
            #expect(try await world.act(as: jana) { try await PersonActions.update(jana.id, to: demoted, $0) } == nil)
        }
    }

    @Test func aContractThatOverlapsIsRefusedBeforeTheDatabase() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee
            // Eva's open contract began in September 2024: a second one from 2025 overlaps it.
            let overlapping = ContractForm(kind: "ico", validFrom: "2025-01-01", validTo: nil, capacity: "40", endCurrent: nil,
                                           vacationDays: nil)
            #expect(try await world.act(as: world.admin) { try await PersonActions.addContract(overlapping, to: eva.id, $0) } == .overlap)
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: world.leader) { try await PersonActions.addContract(overlapping, to: eva.id, $0) }
            }
            let ending = ContractForm(kind: "hpp", validFrom: "2027-01-01", validTo: nil, capacity: "40", endCurrent: "on",
                                      vacationDays: nil)
            #expect(try await world.act(as: world.admin) { try await PersonActions.addContract(ending, to: eva.id, $0) } == nil)
            let contracts = try await world.db.transaction(tenant: eva.tenantID) { try await PeopleQueries.contracts(of: eva.id, on: $0) }
            #expect(contracts.count == 2 && contracts.contains { $0.validTo == LocalDate(iso: "2026-12-31") })
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
