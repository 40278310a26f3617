import Foundation
import Testing
@testable import App

/// An employment's days of vacation a year: set on a new contract or changed on one, by admins
/// only; what the absences page counts.
@Suite struct ContractVacationTests {
    @Test func vacationDaysAreWholeOrHalfDaysUpToSixty() {
        #expect(ContractHistory.parseVacationDays("25") == 250 && ContractHistory.parseVacationDays(" 25,5 ") == 255)
        #expect(ContractHistory.parseVacationDays("0") == 0 && ContractHistory.parseVacationDays("60") == 600)
        for bad in ["61", "25.3", "-1", "", "1e2", "2 5", "٢٥", String(repeating: "9", count: 10_000)] {
            #expect(ContractHistory.parseVacationDays(bad) == nil, "\(bad.prefix(10))")
        }
    }

    @Test func anAdminSetsAnEmploymentsVacationAndTheBalanceCountsIt() async throws {
        try await withWorld { world in
            // Eva becomes an employee with 25.5 days a year from 2026.
            var jana = try await world.signedIn(world.admin)
            let path = Paths.person("acme", world.employee.id)
            var page = try await jana.get(path)
            let added = try await jana.post(Paths.addContract("acme", world.employee.id), form: [
                "kind": "hpp", "validFrom": "2026-01-01", "validTo": "", "capacity": "40", "endCurrent": "on", "vacationDays": "25,5",
            ], csrfFrom: page)
            #expect(added.status == .seeOther)
            page = try await jana.get(path)
            #expect(page.body.contains("25.5 days of vacation a year"))
            let contracts = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) {
                try await PeopleQueries.contracts(of: world.employee.id, on: $0)
            }
            let hpp = try #require(contracts.first { $0.kind == .hpp })
            #expect(hpp.vacationTenths == 255)
            let refused = try await jana.post(Paths.addContract("acme", world.employee.id), form: [
                "kind": "hpp", "validFrom": "2031-01-01", "validTo": "", "capacity": "40", "vacationDays": "99",
            ], csrfFrom: page)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("whole or half days from 0 to 60"))

            // Changed to 30: the absences page counts 30.
            let changed = try await jana.post(Paths.contractVacation("acme", world.employee.id, hpp.id), form: ["vacationDays": "30"],
                                              csrfFrom: page)
            #expect(changed.status == .seeOther)
            var eva = try await world.signedIn(world.employee)
            let absences = try await eva.get("/t/acme/absences")
            #expect(absences.body.contains("Vacation in 2026"))
            #expect(absences.body.contains("<dt>Entitlement (days)</dt><dd>30</dd>"), "the entitlement of 30 days")
            #expect(try await jana.get(path).body.contains("changed the vacation days"))
            // Eva asks for three days; Petr, deciding, sees what she has left.
            let asked = try await eva.post("/t/acme/absences", form: ["kind": "vacation", "first": "2026-12-21", "last": "2026-12-23"],
                                           csrfFrom: absences)
            #expect(asked.status == .seeOther)
            var petr = try await world.signedIn(world.leader)
            let calendar = try await petr.get("/t/acme/absences/team")
            #expect(calendar.body.contains("Vacation in 2026: 30 of 30 days left; 3 waiting for approval (this request included)."))

            // Bad input changes nothing; Eva and another company's admin cannot; no such contract is a 404.
            _ = try await jana.post(Paths.contractVacation("acme", world.employee.id, hpp.id), form: ["vacationDays": "30.3"], csrfFrom: page)
            #expect(try await jana.get(path).body.contains("whole or half days"))
            #expect(try await eva.post(Paths.contractVacation("acme", world.employee.id, hpp.id), form: ["vacationDays": "60"],
                                       csrfFrom: absences).status == .forbidden)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let globexPage = try await globex.get("/t/globex/people")
            #expect(try await globex.post(Paths.contractVacation("globex", world.employee.id, hpp.id), form: ["vacationDays": "60"],
                                          csrfFrom: globexPage).status == .notFound)
            #expect(try await jana.post(Paths.contractVacation("acme", world.leader.id, hpp.id), form: ["vacationDays": "60"],
                                        csrfFrom: page).status == .notFound)
            let kept = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) {
                try await PeopleQueries.contracts(of: world.employee.id, on: $0)
            }
            #expect(kept.first { $0.kind == .hpp }?.vacationTenths == 300)
            // A contractor's contract has no vacation to set.
            let ico = try #require(kept.first { $0.kind == .ico })
            #expect(try await jana.post(Paths.contractVacation("acme", world.employee.id, ico.id), form: ["vacationDays": "25"],
                                        csrfFrom: page).status == .notFound)

            // The API: the same rule, the same 404s.
            let api = try await APIClient.signIn(world, world.admin)
            let put = "/people/\(world.employee.id.lowercasedString)/contracts/\(hpp.id.lowercasedString)/vacation-days"
            let set = try await api.send(.PUT, put, json: #"{"vacationDays":"22.5"}"#)
            let person = try set.decode(Components.Schemas.Person.self)
            #expect(set.status == .ok && person.contracts.contains { $0.vacationDays == "22.5" })
            let bad = try await api.send(.PUT, put, json: #"{"vacationDays":"61"}"#)
            #expect(bad.status == .unprocessableEntity && bad.problem?.errors?.first?.field == "vacationDays")
        }
    }
}
