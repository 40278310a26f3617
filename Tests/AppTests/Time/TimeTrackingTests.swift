import Foundation
import PostgresNIO
import Testing
@testable import App

/// Clients and projects, the timesheet's entries and the month of time, over the web.
@Suite struct TimeTrackingTests {
    /// A client with one open project, made as an admin would; the project's id.
    static func project(_ world: TestWorld, client: String = "Globus", name: String = "Web", teams: [UUID] = [],
                        people: [UUID] = [], tenant: UUID? = nil) async throws -> UUID {
        try await world.db.transaction(tenant: tenant ?? world.admin.tenantID) { db in
            let client = try await ProjectQueries.saveClient(id: nil, name: client, on: db)!.get()
            return try await ProjectQueries.saveProject(ProjectDraft(client: client, name: name, billable: true, teams: teams, people: people),
                                                        id: nil, on: db)!.get()
        }
    }

    static func entries(_ world: TestWorld, of user: User, from: String = "2026-11-01", through: String = "2026-11-30") async throws -> [TimeEntryRow] {
        try await world.db.transaction(tenant: user.tenantID) { db in
            try await TimeEntryQueries.entries(of: user.id, from: LocalDate(iso: from)!, through: LocalDate(iso: through)!,
                                               zone: "Europe/Prague", on: db)
        }
    }

    @Test func adminsKeepClientsAndProjects() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let empty = try await admin.get("/t/acme/projects")
            #expect(empty.status == .ok && empty.body.contains("Seed client · Seed project"))
            let client = try await admin.post("/t/acme/projects/clients", form: ["name": "  Globus  "], csrfFrom: empty)
            #expect(client.status == .seeOther)
            let twice = try await admin.post("/t/acme/projects/clients", form: ["name": "globus"], csrfFrom: empty)
            #expect(twice.status == .unprocessableEntity && twice.body.contains("already a client of this name"))
            let blank = try await admin.post("/t/acme/projects/clients", form: ["name": " \n "], csrfFrom: empty)
            #expect(blank.status == .unprocessableEntity && blank.body.contains("Enter a name of 1 to 100 characters"))

            let clients = try await world.db.transaction(tenant: world.admin.tenantID) { try await ProjectQueries.clients(on: $0) }
            let globus = try #require(clients.first { $0.name == "Globus" })
            let page = try await admin.get("/t/acme/projects")
            let teamID = try await world.db.transaction(tenant: world.admin.tenantID) { try await TeamQueries.names(on: $0)[0].id }
            let created = try await admin.post("/t/acme/projects", form: [
                "client": globus.id.uuidString, "name": "E-shop <b>", "billable": "1", "teams[]": teamID.uuidString,
            ], csrfFrom: page)
            #expect(created.status == .seeOther)
            let listed = try await admin.get("/t/acme/projects")
            #expect(listed.body.contains("Globus · E-shop &lt;b&gt;") && listed.body.contains("limited to some teams or people"))
            let duplicate = try await admin.post("/t/acme/projects", form: ["client": globus.id.uuidString, "name": "e-shop <B>"],
                                                 csrfFrom: page)
            #expect(duplicate.status == .unprocessableEntity && duplicate.body.contains("already has a project of this name"))
            let badClient = try await admin.post("/t/acme/projects", form: ["client": UUID().uuidString, "name": "X"], csrfFrom: page)
            #expect(badClient.status == .unprocessableEntity && badClient.body.contains("Choose one of the clients"))
            let badTeam = try await admin.post("/t/acme/projects", form: ["client": globus.id.uuidString, "name": "Y", "teams[]": "x"],
                                               csrfFrom: page)
            #expect(badTeam.status == .unprocessableEntity)

            // Limited to Petr's team: Eva (in it) may book on it; Jana (not in it) may not.
            let projects = try await world.db.transaction(tenant: world.admin.tenantID) { try await ProjectQueries.projects(on: $0) }
            let shop = try #require(projects.first { $0.client == "Globus" })
            #expect(shop.teams == [teamID] && shop.billable)
            // A refused save shows the form as typed, not as stored: no team, Eva chosen, not billable.
            let typed = try await admin.post(Paths.project("acme", shop.id), form: [
                "client": globus.id.uuidString, "name": " ", "people[]": world.employee.id.uuidString,
            ], csrfFrom: page)
            #expect(typed.status == .unprocessableEntity && typed.body.contains("Enter a name of 1 to 100 characters"))
            #expect(!typed.body.contains("value=\"\(teamID.lowercasedString)\" checked"))
            #expect(typed.body.contains("value=\"\(world.employee.id.lowercasedString)\" selected"))
            #expect(!typed.body.contains("name=\"billable\" value=\"1\" checked"))
            #expect(typed.body.contains("value=\"\(globus.id.lowercasedString)\" selected"))
            // (The seed's project is limited to Petr's team and Eva.)
            let open = { (user: User) in
                try await world.db.transaction(tenant: user.tenantID) {
                    try await ProjectQueries.open(to: user.id, on: $0).filter { $0.client == "Globus" }
                }
            }
            #expect(try await open(world.employee).map(\.id) == [shop.id])
            #expect(try await open(world.admin).isEmpty)
            // Archiving the client closes its projects; restoring reopens them.
            let archived = try await admin.post(Paths.archiveClient("acme", globus.id), form: ["archived": "1"], csrfFrom: page)
            #expect(archived.status == .seeOther)
            #expect(try await open(world.employee).isEmpty)
            _ = try await admin.post(Paths.archiveClient("acme", globus.id), form: ["archived": "0"], csrfFrom: page)
            #expect(try await open(world.employee).count == 1)
            _ = try await admin.post(Paths.project("acme", shop.id), form: ["client": globus.id.uuidString, "name": "E-shop"], csrfFrom: page)
            #expect(try await open(world.admin).map(\.name) == ["E-shop"])  // open to everyone again
        }
    }

    @Test func projectsAreForAdminsOfThisTenant() async throws {
        try await withWorld { world in
            let foreign = try await Self.project(world, tenant: world.otherAdmin.tenantID)
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let home = try await browser.get("/t/acme/")
                #expect(try await browser.get("/t/acme/projects").status == .forbidden)
                #expect(try await browser.post("/t/acme/projects/clients", form: ["name": "Mine"], csrfFrom: home).status == .forbidden)
                #expect(!home.body.contains("/t/acme/projects"))
            }
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/projects")
            let rename = try await admin.post(Paths.project("acme", foreign), form: ["client": UUID().uuidString, "name": "Taken"], csrfFrom: page)
            #expect(rename.status == .notFound || rename.status == .unprocessableEntity)
            let archive = try await admin.post(Paths.archiveProject("acme", foreign), form: ["archived": "1"], csrfFrom: page)
            #expect(archive.status == .notFound)
            let names = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { try await ProjectQueries.projects(on: $0) }
            let web = try #require(names.first { $0.name == "Web" })
            #expect(web.client == "Globus" && !web.archived)
        }
    }

    @Test func aProjectsSettingsHaveAPageOfTheirOwn() async throws {
        try await withWorld { world in
            let web = try await Self.project(world, name: "Web <i>", people: [world.employee.id])
            let foreign = try await Self.project(world, tenant: world.otherAdmin.tenantID)
            var admin = try await world.signedIn(world.admin)
            // The list links to each project's page and holds no choice of people.
            let list = try await admin.get("/t/acme/projects")
            #expect(list.status == .ok && list.body.contains(Paths.project("acme", web)) && list.body.contains(Paths.newProject("acme")))
            #expect(!list.body.contains("name=\"people[]\""))
            let page = try await admin.get(Paths.project("acme", web))
            #expect(page.status == .ok && page.body.contains("Globus · Web &lt;i&gt;") && !page.body.contains("<i>"))
            #expect(page.body.contains("<option value=\"\(world.employee.id.lowercasedString)\" selected>"))
            #expect(page.body.contains("action=\"\(Paths.project("acme", web))\""))
            let new = try await admin.get(Paths.newProject("acme"))
            #expect(new.status == .ok && new.body.contains("action=\"\(Paths.projects("acme"))\"") && new.body.contains("name=\"people[]\""))
            // Another company's project, no project, not an id: not found.
            #expect(try await admin.get(Paths.project("acme", foreign)).status == .notFound)
            #expect(try await admin.get(Paths.project("acme", UUID())).status == .notFound)
            #expect(try await admin.get("/t/acme/projects/not-an-id").status == .notFound)
            // A refused save shows the project's page again, with the name as typed.
            let refused = try await admin.post(Paths.project("acme", web), form: ["client": UUID().uuidString, "name": "Shop <b>"],
                                               csrfFrom: page)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("Choose one of the clients"))
            #expect(refused.body.contains("value=\"Shop &lt;b&gt;\"") && refused.body.contains("action=\"\(Paths.project("acme", web))\""))
            let refusedNew = try await admin.post("/t/acme/projects", form: ["client": UUID().uuidString, "name": "X"], csrfFrom: page)
            #expect(refusedNew.status == .unprocessableEntity && refusedNew.body.contains("action=\"\(Paths.projects("acme"))\""))
            // Only admins.
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                #expect(try await browser.get(Paths.project("acme", web)).status == .forbidden)
                #expect(try await browser.get(Paths.newProject("acme")).status == .forbidden)
            }
        }
    }

    @Test func peopleBookTheirTimeOnTheTimesheet() async throws {
        try await withWorld { world in
            let project = try await Self.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time?week=2026-11-18")
            #expect(week.status == .ok && week.body.contains("No time recorded this week yet") && week.body.contains("Globus · Web"))
            #expect(week.body.contains("Public holiday"))  // 17 November
            let form = { (start: String, end: String, duration: String) in
                ["day": "2026-11-18", "project": project.uuidString, "start": start, "end": end, "duration": duration,
                 "description": "Checkout <script>"]
            }
            let added = try await eva.post("/t/acme/time/entries", form: form("9:00", "12:30", ""), csrfFrom: week)
            #expect(added.status == .seeOther && added.location == "/t/acme/time?week=2026-11-16")
            // A duration alone follows the day's last entry.
            #expect(try await eva.post("/t/acme/time/entries", form: form("", "", "1:30"), csrfFrom: week).status == .seeOther)
            let overlap = try await eva.post("/t/acme/time/entries", form: form("12:00", "13:00", ""), csrfFrom: week)
            #expect(overlap.status == .unprocessableEntity)
            #expect(overlap.body.contains("overlaps your entry of 2026-11-18 09:00–12:30 (Globus · Web)"))
            #expect(overlap.body.contains("value=\"12:00\""))  // what was typed stays
            let after = try await eva.get("/t/acme/time?week=2026-11-18")
            #expect(after.body.contains("09:00–12:30") && after.body.contains("12:30–14:00") && after.body.contains("Week: 5:00 h"))
            #expect(after.body.contains("Checkout &lt;script&gt;") && !after.body.contains("Checkout <script>"))
            #expect(after.body.contains("contract: 24:00 h"))  // 30 h a week, 17 November a holiday: 4 days of 6 h

            // Eva's contract starts on 1 September 2024: nothing before it.
            var early = form("9:00", "10:00", "")
            early["day"] = "2024-08-30"
            let refused = try await eva.post("/t/acme/time/entries", form: early, csrfFrom: week)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("no contract on that day"))
            let bad = try await eva.post("/t/acme/time/entries", form: form("25:00", "x", ""), csrfFrom: week)
            #expect(bad.status == .unprocessableEntity && bad.body.contains("Enter the start as a time"))

            let entries = try await Self.entries(world, of: world.employee)
            #expect(entries.map(\.seconds) == [12_600, 5_400] && entries.allSatisfy { $0.description == "Checkout <script>" })
            let first = try #require(entries.first)
            // Change and delete one's own entry.
            let entryPage = try await eva.get(Paths.timeEntry("acme", first.id))
            #expect(entryPage.status == .ok && entryPage.body.contains("value=\"09:00\""))
            var changed = form("8:00", "9:00", "")
            changed["description"] = "Planning"
            #expect(try await eva.post(Paths.timeEntry("acme", first.id), form: changed, csrfFrom: entryPage).status == .seeOther)
            let collides = try await eva.post(Paths.timeEntry("acme", first.id), form: form("13:00", "15:00", ""), csrfFrom: entryPage)
            #expect(collides.status == .unprocessableEntity && collides.body.contains("12:30–14:00"))
            let confirm = try await eva.post(Paths.deleteTimeEntry("acme", first.id), form: [:], csrfFrom: entryPage)
            #expect(confirm.status == .ok && confirm.body.contains("Delete this time entry?"))
            #expect(try await eva.confirm(confirm).status == .seeOther)
            #expect(try await Self.entries(world, of: world.employee).map(\.description) == ["Checkout <script>"])

            // Someone else's entry is not found, for reading, changing and deleting.
            var petr = try await world.signedIn(world.leader)
            let petrWeek = try await petr.get("/t/acme/time")
            let other = entries[1].id
            #expect(try await petr.get(Paths.timeEntry("acme", other)).status == .notFound)
            #expect(try await petr.post(Paths.timeEntry("acme", other), form: form("9", "10", ""), csrfFrom: petrWeek).status == .notFound)
            #expect(try await petr.post(Paths.deleteTimeEntry("acme", other), form: ["confirmed": "1"], csrfFrom: petrWeek).status == .notFound)
            #expect(try await Self.entries(world, of: world.employee).count == 1)
        }
    }

    @Test func anotherTenantsProjectTakesNoTime() async throws {
        try await withWorld { world in
            let foreign = try await Self.project(world, tenant: world.otherAdmin.tenantID)
            _ = try await Self.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time")
            #expect(!week.body.contains(foreign.lowercasedString))
            let refused = try await eva.post("/t/acme/time/entries", form: [
                "day": "2026-11-18", "project": foreign.uuidString, "start": "9", "end": "10",
            ], csrfFrom: week)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("archived or not open to you"))
            let timer = try await eva.post("/t/acme/time/timer/start", form: ["project": foreign.uuidString, "seen": ""], csrfFrom: week)
            #expect(timer.status == .seeOther)
            #expect(try await world.db.transaction(tenant: world.employee.tenantID) {
                try await TimerQueries.running(of: world.employee.id, on: $0)
            } == nil)
            // No request can reach another tenant's month of time either.
            #expect(try await eva.get("/t/acme/time/month?person=\(world.otherAdmin.id.uuidString)").status == .notFound)
            #expect(try await Self.entries(world, of: world.employee).isEmpty)
        }
    }

    @Test func leadersSeeTheirTeamsMonthAndNoOneElses() async throws {
        try await withWorld { world in
            let project = try await Self.project(world)
            try await world.db.transaction(tenant: world.employee.tenantID) { db in
                let draft = TimeEntryDraft(day: LocalDate(iso: "2026-11-18")!, project: project,
                                           span: .clock(start: ClockTime(minutes: 540)!, end: ClockTime(minutes: 1020)!), description: "")
                _ = try await TimeEntryQueries.save(draft, id: nil, for: world.employee.id, zone: "Europe/Prague", on: db)!.get()
            }
            var petr = try await world.signedIn(world.leader)
            let month = try await petr.get("/t/acme/time/month?month=2026-11&person=\(world.employee.id.uuidString)")
            #expect(month.status == .ok && month.body.contains("Eva Dvořáková: time in November 2026"))
            #expect(month.body.contains("Month: 8:00 h") && month.body.contains("Globus · Web"))
            let own = try await petr.get("/t/acme/time/month?month=2026-11")
            #expect(own.body.contains("Everyone&#39;s time this month") || own.body.contains("Everyone's time this month"))
            #expect(own.body.contains("Dvořáková Eva") && !own.body.contains("Nováková Jana"))
            #expect(try await petr.get("/t/acme/time/month?person=\(world.admin.id.uuidString)").status == .notFound)
            #expect(try await petr.get("/t/acme/time/month?person=nonsense").status == .notFound)

            var eva = try await world.signedIn(world.employee)
            #expect(try await eva.get("/t/acme/time/month?person=\(world.leader.id.uuidString)").status == .notFound)
            let evaMonth = try await eva.get("/t/acme/time/month?month=2026-11")
            #expect(evaMonth.status == .ok && !evaMonth.body.contains("Everyone"))
            var jana = try await world.signedIn(world.admin)
            let all = try await jana.get("/t/acme/time/month?month=2026-11")
            #expect(all.body.contains("Dvořáková Eva") && all.body.contains("Nováková Jana") && all.body.contains("Svoboda Petr"))
        }
    }
}
