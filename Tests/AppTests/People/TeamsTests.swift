import Foundation
import Testing
@testable import App

@Suite struct TeamsTests {
    @Test func adminsManageTeams() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/teams")
            #expect(page.status == .ok && page.body.contains("Vývoj") && page.body.contains("Members: 2"))
            #expect(!page.body.contains("Delete this empty team"))

            let created = try await admin.post("/t/acme/teams", form: ["name": "Design", "leader": world.employee.id.uuidString], csrfFrom: page)
            #expect(created.status == .seeOther)
            let after = try await admin.get("/t/acme/teams")
            #expect(after.body.contains("value=\"Design\"") && after.body.contains("Delete this empty team"))
            // Leading a team makes Eva a team leader.
            var eva = try await world.signedIn(world.employee)
            let evaTeam = try await eva.get("/t/acme/team")
            #expect(evaTeam.status == .ok)

            let duplicate = try await admin.post("/t/acme/teams", form: ["name": "design", "leader": ""], csrfFrom: after)
            #expect(duplicate.status == .unprocessableEntity)
            #expect(duplicate.body.contains("already a team of this name") && duplicate.body.contains("value=\"design\""))
            let empty = try await admin.post("/t/acme/teams", form: ["name": "  ", "leader": ""], csrfFrom: after)
            #expect(empty.status == .unprocessableEntity && empty.body.contains("Enter a team name"))

            let teams = try await world.db.transaction(tenant: world.admin.tenantID) {
                try await TeamQueries.list(on: $0)
            }
            let design = try #require(teams.first { $0.name == "Design" }), vyvoj = try #require(teams.first { $0.name == "Vývoj" })
            let busy = try await admin.post(Paths.deleteTeam("acme", vyvoj.id), form: ["confirmed": "1"], csrfFrom: after)
            #expect(busy.status == .seeOther)
            let refused = try await admin.get("/t/acme/teams")
            #expect(refused.body.contains("Only an empty team can be deleted") && refused.body.contains("Vývoj"))
            let renamed = try await admin.post(Paths.team("acme", design.id), form: ["name": "UX", "leader": ""], csrfFrom: refused)
            #expect(renamed.status == .seeOther)
            let deleted = try await admin.post(Paths.deleteTeam("acme", design.id), form: ["confirmed": "1"], csrfFrom: refused)
            #expect(deleted.status == .seeOther)
            let final = try await admin.get("/t/acme/teams")
            #expect(final.body.contains("The team was deleted.") && !final.body.contains("value=\"UX\""))
        }
    }

    @Test func anInactiveLeaderIsRefused() async throws {
        try await withWorld { world in
            try await world.db.transaction(tenant: world.employee.tenantID) { connection in
                try await UserQueries.setActive(false, user: world.employee.id, on: connection)
            }
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/teams")
            #expect(!page.body.contains(world.employee.id.uuidString.lowercased()))  // not offered
            let refused = try await admin.post("/t/acme/teams", form: ["name": "QA", "leader": world.employee.id.uuidString], csrfFrom: page)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("Choose an active person"))
            let foreign = try await admin.post("/t/acme/teams", form: ["name": "QA", "leader": world.otherAdmin.id.uuidString], csrfFrom: page)
            #expect(foreign.status == .unprocessableEntity)
        }
    }

    @Test func teamsAreForAdminsOfThisTenant() async throws {
        try await withWorld { world in
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let home = try await browser.get("/t/acme/")
                let page = try await browser.get("/t/acme/teams")
                #expect(page.status == .forbidden)
                let post = try await browser.post("/t/acme/teams", form: ["name": "Mine"], csrfFrom: home)
                #expect(post.status == .forbidden)
            }
            let globexTeams = try await world.db.transaction(tenant: world.otherAdmin.tenantID) {
                try await TeamQueries.list(on: $0)
            }
            var admin = try await world.signedIn(world.admin)
            let home = try await admin.get("/t/acme/")
            let foreign = try await admin.post(Paths.team("acme", globexTeams[0].id), form: ["name": "Taken"], csrfFrom: home)
            #expect(foreign.status == .notFound)
            let foreignDelete = try await admin.post(Paths.deleteTeam("acme", globexTeams[0].id), form: ["confirmed": "1"], csrfFrom: home)
            #expect(foreignDelete.status == .notFound)
        }
    }
}
