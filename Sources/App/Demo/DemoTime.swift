import Foundation
import PostgresNIO

/// The demo company's time: three clients with their projects (one of them limited to a team),
/// and everyone's working days from the first of last month (or three weeks back, whichever is
/// earlier) booked as their contracts say (the morning on a client's project, the rest of the day
/// in meetings). Last month is closed: submitted by everyone and approved by the admin for all
/// but about one in ten, who still wait (the `demo` command then writes the employees' work
/// statements). Added once: a load that finds the first client adds nothing.
enum DemoTime {
    static func populate(today: LocalDate, timeZone: String, admin: UUID, on db: TenantConnection) async throws {
        let existing = try await db.query("""
            SELECT count(*)::int FROM clients WHERE tenant_id = \(db.tenant) AND name = 'Kofola a.s.'
            """).collect()[0].decode(Int.self)
        guard existing == 0 else { return }
        func client(_ name: String) async throws -> UUID {
            try await ProjectQueries.saveClient(id: nil, name: name, on: db)!.get()
        }
        func project(_ client: UUID, _ name: String, billable: Bool = true, teams: [UUID] = []) async throws -> UUID {
            try await ProjectQueries.saveProject(ProjectDraft(client: client, name: name, billable: billable, teams: teams, people: []),
                                                 id: nil, on: db)!.get()
        }
        let kofola = try await client("Kofola a.s."), globus = try await client("Globus ČR"), acme = try await client("Acme (internal)")
        let app = try await project(kofola, "Mobile app"), shop = try await project(globus, "E-shop")
        let meetings = try await project(acme, "Meetings and planning", billable: false)
        // A project only one team books on.
        let firstTeam = try await TeamQueries.names(on: db).first?.id
        _ = try await project(globus, "Loyalty programme", teams: firstTeam.map { [$0] } ?? [])

        let lastMonth = Month(today).adding(months: -1)
        let first = min(Week(containing: today).monday.adding(days: -21), lastMonth.first), last = today.adding(days: -1)
        guard first <= last else { return }
        let holidays = Set(CzechHolidays.dates(in: first.year) + CzechHolidays.dates(in: last.year))
            .filter { first <= $0 && $0 <= last }.map(\.iso)
        // A fifth of the weekly hours a day: the morning (up to 3 h from 09:00) on a client's
        // project chosen per person and day, the rest from 12:30 in meetings.
        try await db.query("""
            WITH days AS (
                SELECT d::date AS day FROM generate_series(\(first.iso)::date, \(last.iso)::date, interval '1 day') AS d
                WHERE extract(isodow FROM d) < 6 AND NOT (d::date::text = ANY (\(holidays)::text[]))
            ), work AS (
                SELECT c.user_id, days.day, (c.capacity_hours * 12)::int AS minutes
                FROM days JOIN contracts c ON c.tenant_id = \(db.tenant) AND c.valid_from <= days.day
                     AND (c.valid_to IS NULL OR c.valid_to >= days.day)
                JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.user_id AND u.active
            )
            INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
            SELECT \(db.tenant), w.user_id,
                   CASE WHEN abs(hashtext(w.user_id::text || w.day::text)) % 2 = 0 THEN \(app) ELSE \(shop) END,
                   w.day, (w.day + time '09:00') AT TIME ZONE \(timeZone),
                   (w.day + time '09:00' + make_interval(mins => least(w.minutes, 180))) AT TIME ZONE \(timeZone),
                   'Development'
            FROM work w
            UNION ALL
            SELECT \(db.tenant), w.user_id, \(meetings), w.day, (w.day + time '12:30') AT TIME ZONE \(timeZone),
                   (w.day + time '12:30' + make_interval(mins => w.minutes - 180)) AT TIME ZONE \(timeZone), 'Stand-up, planning, reviews'
            FROM work w WHERE w.minutes > 180
            """)
        // Last month, submitted by everyone who worked in it; approved (with its days' seconds, as
        // an approval keeps them) for all but about one in ten.
        try await db.query("""
            INSERT INTO time_months (tenant_id, user_id, month, status, decided_by, decided_at, day_seconds)
            SELECT \(db.tenant), p.user_id, \(lastMonth.first.iso)::date,
                   CASE WHEN p.waits THEN 'submitted' ELSE 'approved' END,
                   CASE WHEN p.waits THEN NULL ELSE \(admin) END, CASE WHEN p.waits THEN NULL ELSE now() END,
                   CASE WHEN p.waits THEN NULL ELSE ARRAY(
                       SELECT coalesce(sum(e.seconds), 0)::int
                       FROM generate_series(\(lastMonth.first.iso)::date, \(lastMonth.last.iso)::date, interval '1 day') AS g(day)
                       LEFT JOIN time_entries e ON e.tenant_id = \(db.tenant) AND e.user_id = p.user_id AND e.work_date = g.day::date
                       GROUP BY g.day ORDER BY g.day) END
            FROM (SELECT DISTINCT user_id, abs(hashtext(user_id::text)) % 10 = 0 AS waits FROM time_entries
                  WHERE tenant_id = \(db.tenant) AND work_date BETWEEN \(lastMonth.first.iso)::date AND \(lastMonth.last.iso)::date) p
            WHERE p.user_id <> \(admin)
            ON CONFLICT DO NOTHING
            """)
    }
}
