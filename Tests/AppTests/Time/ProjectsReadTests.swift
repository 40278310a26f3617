import Foundation
import PostgresNIO
import Testing
@testable import App

/// The projects page as read by the request's first statement (`ProjectsRead`) against its
/// statements (`ProjectQueries.clients`, `ProjectQueries.projects`).
@Suite struct ProjectsReadTests {
    /// Two clients, a project open to everyone with time booked on it, one limited to a team and
    /// a person, and Globex's own client and project.
    static func seed(_ world: TestWorld) async throws {
        let web = try await TimeTrackingTests.project(world, client: "Globus <b>", name: "Web")
        let team = try await world.db.transaction(tenant: world.admin.tenantID) { try await TeamQueries.names(on: $0)[0].id }
        _ = try await TimeTrackingTests.project(world, client: "alza", name: "Limited", teams: [team], people: [world.employee.id])
        _ = try await TimeTrackingTests.project(world, client: "Globex client", name: "Theirs", tenant: world.otherAdmin.tenantID)
        let tenant = world.admin.tenantID, eva = world.employee.id
        try await world.db.transaction(tenant: tenant) { db in
            _ = try await db.query("""
                INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
                VALUES (\(tenant), \(eva), \(web), '2026-11-16', '2026-11-16 08:00+01', '2026-11-16 12:30+01', 'Morning')
                """).collect()
        }
    }

    @Test func theProjectsReadReadsWhatItsStatementsRead() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            let token = try await WeekReadTests.token(world, for: world.admin)
            let entered = try #require(try await PageReadTests.enter(world, slug: "acme", token: token, read: ProjectsRead()).view)
            let view = try #require(try ProjectsRead.decode(entered.rows))
            let (clients, projects) = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                (try await ProjectQueries.clients(on: db), try await ProjectQueries.projects(on: db))
            }
            #expect(view.clients == clients && view.projects == projects)
            #expect(clients.map(\.name).contains("alza") && clients.map(\.name).contains("Globus <b>"))
            #expect(!clients.map(\.name).contains("Globex client") && !projects.map(\.name).contains("Theirs"))
            let limited = try #require(projects.first { $0.name == "Limited" })
            #expect(limited.teams.count == 1 && limited.people == [world.employee.id])
            #expect(projects.first { $0.name == "Web" }?.hoursSeconds == 270 * 60)
            // Globex's admin reads Globex's; Acme's token at Globex, no cookie, a token nobody holds: no rows.
            let globexToken = try await WeekReadTests.token(world, for: world.otherAdmin)
            let globex = try #require(try await PageReadTests.enter(world, slug: "globex", token: globexToken,
                                                                     read: ProjectsRead()).view)
            let theirs = try #require(try ProjectsRead.decode(globex.rows)).projects.map(\.name)
            #expect(theirs.contains("Theirs") && !theirs.contains("Web") && !theirs.contains("Limited"))
            for (slug, token) in [("globex", Optional(token)), ("acme", nil), ("acme", SecretToken())] {
                let other = try #require(try await PageReadTests.enter(world, slug: slug, token: token, read: ProjectsRead()).view)
                #expect(other.session == nil && other.rows.isEmpty)
            }
        }
    }

    /// The page from the first view: escaped, for admins only.
    @Test func theProjectsPageIsForAdminsAndEscapesNames() async throws {
        try await withWorld { world in
            try await Self.seed(world)
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/projects")
            #expect(page.status == .ok && page.body.contains("Globus &lt;b&gt;") && !page.body.contains("Globus <b>"))
            #expect(page.body.contains("Limited") && !page.body.contains("Theirs"))
            for user in [world.employee, world.leader] {
                var browser = try await world.signedIn(user)
                let refused = try await browser.get("/t/acme/projects")
                #expect(refused.status == .forbidden && !refused.body.contains("Limited"))
            }
        }
    }
}
