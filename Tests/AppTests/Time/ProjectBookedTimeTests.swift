import Foundation
import PostgresNIO
import Testing
@testable import App

/// The time booked on each project, kept on the project by the time entries' triggers
/// (`0029_project_booked_time.sql`), against the sum of the project's entries.
@Suite struct ProjectBookedTimeTests {
    /// Per project of the tenant: the kept total and the sum of its entries.
    static func totals(_ world: TestWorld, tenant: UUID) async throws -> [UUID: (kept: Int64, summed: Int64)] {
        try await world.db.transaction(tenant: tenant) { db in
            var result: [UUID: (kept: Int64, summed: Int64)] = [:]
            for try await (id, kept, summed) in try await db.query("""
                SELECT p.id, p.booked_seconds,
                       coalesce((SELECT sum(e.seconds) FROM time_entries e WHERE e.tenant_id = p.tenant_id AND e.project_id = p.id), 0)::bigint
                FROM projects p WHERE p.tenant_id = \(db.tenant)
                """).decode((UUID, Int64, Int64).self) {
                result[id] = (kept, summed)
            }
            return result
        }
    }

    static func run(_ world: TestWorld, tenant: UUID, _ sql: PostgresQuery) async throws {
        try await world.db.transaction(tenant: tenant) { db in _ = try await db.query(sql).collect() }
    }

    @Test func everyWriteOfEntriesKeepsTheProjectsTotals() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            let web = try await TimeTrackingTests.project(world)
            let app = try await TimeTrackingTests.project(world, client: "Kofola", name: "App")
            let eva = world.employee.id, petr = world.leader.id
            // One statement, two people, two projects: 90 + 60 minutes on Web, 30 on App.
            try await Self.run(world, tenant: tenant, """
                INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at)
                VALUES (\(tenant), \(eva), \(web), '2026-11-18', '2026-11-18 08:00+01', '2026-11-18 09:30+01'),
                       (\(tenant), \(petr), \(web), '2026-11-18', '2026-11-18 08:00+01', '2026-11-18 09:00+01'),
                       (\(tenant), \(eva), \(app), '2026-11-18', '2026-11-18 10:00+01', '2026-11-18 10:30+01')
                """)
            var totals = try await Self.totals(world, tenant: tenant)
            #expect(totals[web]?.kept == 9_000 && totals[app]?.kept == 1_800)
            // An entry moved to the other project and made longer; another only described.
            try await Self.run(world, tenant: tenant, """
                UPDATE time_entries SET project_id = \(app), ended_at = ended_at + interval '15 minutes'
                WHERE tenant_id = \(tenant) AND user_id = \(petr) AND project_id = \(web)
                """)
            try await Self.run(world, tenant: tenant, """
                UPDATE time_entries SET description = 'Checkout'
                WHERE tenant_id = \(tenant) AND user_id = \(eva) AND project_id IN (\(web), \(app))
                """)
            totals = try await Self.totals(world, tenant: tenant)
            #expect(totals[web]?.kept == 5_400 && totals[app]?.kept == 6_300)
            // A statement that changes nothing; then Eva's entries deleted.
            try await Self.run(world, tenant: tenant, "DELETE FROM time_entries WHERE tenant_id = \(tenant) AND false")
            try await Self.run(world, tenant: tenant, """
                DELETE FROM time_entries WHERE tenant_id = \(tenant) AND user_id = \(eva) AND project_id IN (\(web), \(app))
                """)
            totals = try await Self.totals(world, tenant: tenant)
            #expect(totals[web]?.kept == 0 && totals[app]?.kept == 4_500)
            for (project, total) in totals {
                #expect(total.kept == total.summed, "project \(project)")
            }
        }
    }

    @Test func aRolledBackEntryAndAnotherCompanysEntriesLeaveTheTotalsAlone() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, other = world.otherAdmin.tenantID
            let web = try await TimeTrackingTests.project(world)
            let foreign = try await TimeTrackingTests.project(world, tenant: other)
            let foreigner = world.otherAdmin.id
            struct Undo: Error {}
            await #expect(throws: Undo.self) {
                try await world.db.transaction(tenant: tenant) { db in
                    _ = try await db.query("""
                        INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at)
                        VALUES (\(tenant), \(world.employee.id), \(web), '2026-11-18', '2026-11-18 08:00+01', '2026-11-18 09:00+01')
                        """).collect()
                    throw Undo()
                }
            }
            try await Self.run(world, tenant: other, """
                INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at)
                VALUES (\(other), \(foreigner), \(foreign), '2026-11-18', '2026-11-18 08:00+01', '2026-11-18 12:00+01')
                """)
            #expect(try await Self.totals(world, tenant: tenant)[web]?.kept == 0)
            #expect(try await Self.totals(world, tenant: other)[foreign]?.kept == 14_400)
        }
    }

    @Test func theProjectsPageShowsTheKeptTotal() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            let web = try await TimeTrackingTests.project(world)
            try await Self.run(world, tenant: tenant, """
                INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at)
                VALUES (\(tenant), \(world.employee.id), \(web), '2026-11-18', '2026-11-18 08:00+01', '2026-11-18 10:30+01')
                """)
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/projects")
            let projects = try await world.db.transaction(tenant: tenant) { try await ProjectQueries.projects(on: $0) }
            let row = try #require(projects.first { $0.id == web })
            #expect(row.hoursSeconds == 9_000)
            #expect(page.status == .ok && page.body.contains(WorkDuration.text(seconds: 9_000)))
        }
    }
}
