import Foundation
import PostgresNIO
import Testing
@testable import App

@Suite struct PeopleDirectoryTests {
    @Test func searchIgnoresDiacriticsAndCase() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            for query in ["Novak", "novakova", "NOVÁK", "jana nov"] {
                let page = try await admin.get("/t/acme/people?q=" + query.urlFormEncoded)
                #expect(page.body.contains("Nováková"), "\(query)")
                #expect(!page.body.contains("Svoboda"), "\(query)")
            }
            let dvorak = try await admin.get("/t/acme/people?q=dvorak")
            #expect(dvorak.body.contains("Dvořáková"))
            let none = try await admin.get("/t/acme/people?q=%25")
            #expect(none.body.contains("Nobody matches"))
        }
    }

    @Test func pagesAreSortedBySurnameAndBounded() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            try await world.db.transaction(tenant: tenant) { connection in
                for i in 0..<30 {
                    _ = try await UserQueries.upsert(
                        email: "p\(i)@acme.example", firstName: "Person", lastName: String(format: "Zeta %02d", i),
                        title: "", roles: [.employee], on: connection)
                }
            }
            var admin = try await world.signedIn(world.admin)
            let first = try await admin.get("/t/acme/people")
            #expect(first.body.components(separatedBy: "<tr").count - 2 == 25)  // header row + 25
            #expect(first.body.contains("rel=\"next\"") && !first.body.contains("rel=\"prev\""))
            let table = String(first.body[first.body.range(of: "<tbody>")!.upperBound...])
            #expect(table.range(of: "Dvořáková")!.lowerBound < table.range(of: "Nováková")!.lowerBound)
            #expect(table.range(of: "Svoboda")!.lowerBound < table.range(of: "Zeta 00")!.lowerBound)
            let second = try await admin.get("/t/acme/people?page=2")
            #expect(second.body.components(separatedBy: "<tr").count - 2 == 8)
            #expect(second.body.contains("rel=\"prev\"") && !second.body.contains("rel=\"next\""))
            #expect(second.body.contains("Zeta 29"))
            let beyond = try await admin.get("/t/acme/people?page=3")
            #expect(beyond.status == .ok)
            #expect(beyond.body.contains("Nobody"))
            let junk = try await admin.get("/t/acme/people?page=-4&team=nope&kind=xyz")
            #expect(junk.status == .ok)
        }
    }

    @Test func filtersByContractTeamAndStatus() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let contractors = try await admin.get("/t/acme/people?kind=ico")
            #expect(contractors.body.contains("Svoboda") && contractors.body.contains("Dvořáková"))
            #expect(!contractors.body.contains(">Nováková"))
            try await world.db.transaction(tenant: world.employee.tenantID) { connection in
                try await UserQueries.setActive(false, user: world.employee.id, on: connection)
            }
            let active = try await admin.get("/t/acme/people")
            #expect(!active.body.contains("Dvořáková"))
            let inactive = try await admin.get("/t/acme/people?status=inactive")
            #expect(inactive.body.contains("Dvořáková") && !inactive.body.contains("Svoboda"))
        }
    }

    @Test func theDirectoryIsForAdminsMyTeamForLeaders() async throws {
        try await withWorld { world in
            var employee = try await world.signedIn(world.employee)
            let page1 = try await employee.get("/t/acme/people")
            #expect(page1.status == .forbidden)
            let page2 = try await employee.get("/t/acme/team")
            #expect(page2.status == .forbidden)
            var leader = try await world.signedIn(world.leader)
            let page3 = try await leader.get("/t/acme/people")
            #expect(page3.status == .forbidden)
            let team = try await leader.get("/t/acme/team")
            #expect(team.status == .ok)
            #expect(team.body.contains("Dvořáková") && team.body.contains("Svoboda"))
            #expect(!team.body.contains("Nováková"))
            // A member's phone is on the list, ready to call.
            #expect(team.body.contains(#"<a href="tel:+420603555666">+420 603 555 666</a>"#))
            var admin = try await world.signedIn(world.admin)
            let all = try await admin.get("/t/acme/people")
            #expect(!all.body.contains("Malá"))  // the other tenant's admin
        }
    }
}

@Suite struct ProfileTests {
    @Test func visibilityFollowsTheRules() async throws {
        try await withWorld { world in
            let eva = Paths.person("acme", world.employee.id), petr = Paths.person("acme", world.leader.id)
            let jana = Paths.person("acme", world.admin.id)

            var employee = try await world.signedIn(world.employee)
            let own = try await employee.get("/t/acme/profile")
            #expect(own.location == eva)
            let ownPage = try await employee.get(eva)
            #expect(ownPage.status == .ok)
            #expect(ownPage.body.contains("+420 603 555 666") && ownPage.body.contains("Contractor (IČO)"))
            // Their own rate, but no history and no form.
            #expect(ownPage.body.contains("Current hourly rate") && ownPage.body.contains("CZK\u{00A0}680.00"))
            #expect(!ownPage.body.contains("Set new rate") && !ownPage.body.contains("Rate history"))
            #expect(!ownPage.body.contains("Deactivate") && !ownPage.body.contains("Changes"))
            let page4 = try await employee.get(petr)
            #expect(page4.status == .notFound)

            var leader = try await world.signedIn(world.leader)
            let member = try await leader.get(eva)
            #expect(member.status == .ok)
            #expect(member.body.contains("Current hourly rate") && member.body.contains("CZK\u{00A0}680.00"))
            #expect(!member.body.contains("Deactivate"))
            #expect(!member.body.contains("Set new rate") && !member.body.contains("Rate history") && !member.body.contains("720.00"))
            let page5 = try await leader.get(jana)
            #expect(page5.status == .notFound)

            var admin = try await world.signedIn(world.admin)
            let full = try await admin.get(eva)
            #expect(full.body.contains("Deactivate") && full.body.contains("Changes") && full.body.contains("added a contract"))
            #expect(full.body.contains("Set new rate") && full.body.contains("Rate history") && full.body.contains("CZK\u{00A0}720.00"))
            let page6 = try await admin.get(Paths.person("acme", world.otherAdmin.id))
            #expect(page6.status == .notFound)
            let page7 = try await admin.get("/t/acme/people/not-a-uuid")
            #expect(page7.status == .notFound)
        }
    }

    @Test func deactivationEndsSessionsAndTheLastAdminStays() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.person("acme", world.employee.id))
            let done = try await admin.post(Paths.deactivate("acme", world.employee.id), form: ["confirmed": "1"], csrfFrom: page)
            #expect(done.status == .seeOther)
            let after = try await admin.get(Paths.person("acme", world.employee.id))
            #expect(after.body.contains("Deactivated. They can no longer sign in.") && after.body.contains("Reactivate"))
            #expect(after.body.contains("deactivated the account"))
            let page8 = try await eva.get("/t/acme/")
            #expect(page8.location == "/t/acme/login")

            let again = try await admin.post(Paths.reactivate("acme", world.employee.id), form: [:], csrfFrom: after)
            #expect(again.status == .seeOther)

            // Jana is the only admin: she cannot deactivate herself, even by a crafted request.
            let own = try await admin.post(Paths.deactivate("acme", world.admin.id), form: ["confirmed": "1"], csrfFrom: after)
            #expect(own.status == .seeOther)
            let refused = try await admin.get(Paths.person("acme", world.admin.id))
            #expect(refused.body.contains("The last administrator cannot be deactivated"))
            let page9 = try await admin.get("/t/acme/")
            #expect(page9.status == .ok)

            let foreign = try await admin.post(Paths.deactivate("acme", world.otherAdmin.id), form: ["confirmed": "1"], csrfFrom: after)
            #expect(foreign.status == .notFound)
            var leader = try await world.signedIn(world.leader)
            let home = try await leader.get("/t/acme/")
            let page10 = try await leader.post(Paths.deactivate("acme", world.employee.id), form: ["confirmed": "1"], csrfFrom: home)
            #expect(page10.status == .forbidden)
        }
    }
}
