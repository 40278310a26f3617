import Foundation
import Testing
@testable import App

@Suite struct ContractRoutesTests {
    @Test func anAdminAddsAContractThatFollowsTheCurrentOne() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let evaPath = Paths.person("acme", world.employee.id)
            let page = try await admin.get(evaPath)
            #expect(page.body.contains("Add a contract"))
            let added = try await admin.post(Paths.addContract("acme", world.employee.id),
                form: ["kind": "hpp", "validFrom": "2030-01-01", "validTo": "", "capacity": "40", "endCurrent": "on"], csrfFrom: page)
            #expect(added.status == .seeOther)
            let after = try await admin.get(evaPath)
            #expect(after.body.contains("2024-09-01 – 2029-12-31") && after.body.contains("2030-01-01 – open-ended"))
            #expect(after.body.contains("ended a contract") && after.body.contains("The contract was added."))
            let contracts = try await world.db.transaction(tenant: world.employee.tenantID) {
                try await PeopleQueries.contracts(of: world.employee.id, on: $0)
            }
            #expect(ContractHistory.isContractor(contracts, in: Month(year: 2029, month: 12)!))
            #expect(!ContractHistory.isContractor(contracts, in: Month(year: 2030, month: 1)!))
        }
    }

    @Test func overlapsAndBadInputAreShownAgain() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.person("acme", world.employee.id))
            let path = Paths.addContract("acme", world.employee.id)
            let overlap = try await admin.post(path, form: ["kind": "dpp", "validFrom": "2025-01-01", "validTo": "2025-02-28", "capacity": "10"], csrfFrom: page)
            #expect(overlap.status == .unprocessableEntity)
            #expect(overlap.body.contains("overlaps another") && overlap.body.contains("value=\"2025-02-28\""))
            let backwards = try await admin.post(path, form: ["kind": "dpp", "validFrom": "2020-05-01", "validTo": "2020-04-01", "capacity": "10"], csrfFrom: page)
            #expect(backwards.status == .unprocessableEntity && backwards.body.contains("on or after the start"))
            let capacity = try await admin.post(path, form: ["kind": "dpp", "validFrom": "2020-05-01", "validTo": "", "capacity": "99"], csrfFrom: page)
            #expect(capacity.status == .unprocessableEntity && capacity.body.contains("between 0.1 and 80"))
            let kind = try await admin.post(path, form: ["kind": "xyz", "validFrom": "2020-05-01", "validTo": "", "capacity": "9"], csrfFrom: page)
            #expect(kind.status == .unprocessableEntity && kind.body.contains("Choose a contract type."))
            let before = try await admin.post(path, form: ["kind": "dpp", "validFrom": "2020-05-01", "validTo": "2020-12-31", "capacity": "9"], csrfFrom: page)
            #expect(before.status == .seeOther)
        }
    }

    @Test func onlyAdminsOfThisTenantAddContracts() async throws {
        try await withWorld { world in
            var leader = try await world.signedIn(world.leader)
            let memberPage = try await leader.get(Paths.person("acme", world.employee.id))
            #expect(!memberPage.body.contains("Add a contract"))
            let form = ["kind": "dpp", "validFrom": "2020-05-01", "validTo": "2020-12-31", "capacity": "9"]
            let refused = try await leader.post(Paths.addContract("acme", world.employee.id), form: form, csrfFrom: memberPage)
            #expect(refused.status == .forbidden)
            var admin = try await world.signedIn(world.admin)
            let home = try await admin.get("/t/acme/")
            let foreign = try await admin.post(Paths.addContract("acme", world.otherAdmin.id), form: form, csrfFrom: home)
            #expect(foreign.status == .notFound)
        }
    }
}
