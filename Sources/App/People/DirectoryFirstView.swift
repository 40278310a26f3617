import Foundation
import PostgresNIO
import Vapor

/// The directory as first opened (active people, no other filter, the first page), read by the
/// request's first statement (`FirstViewQuery`): the page is one round trip. "Today" (whose
/// contract counts) is the tenant's day at the application clock's instant.
struct DirectoryFirstView: FirstViewAtInstant {
    static let statementName = "roster_first_view_directory"
    static let readsTeams = true
    static let statementSQL = EnterTenantSQL.text(firstView: """
        CROSS JOIN LATERAL (SELECT ($4::timestamptz AT TIME ZONE sh.time_zone)::date AS today OFFSET 0) d
        CROSS JOIN LATERAL (
            SELECT 0 AS page_part, 0::bigint AS page_n, NULL::uuid AS page_id, NULL::text AS page_first_name,
                   NULL::text AS page_last_name, NULL::text AS page_title, NULL::text AS page_position, NULL::text AS page_email,
                   NULL::text AS page_phone, NULL::text AS page_team, NULL::text AS page_kind, NULL::boolean AS page_active
            UNION ALL (
            SELECT 1, row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id), u.id, u.first_name, u.last_name, u.title,
                   u.position, u.email, u.phone, tt.name, c.kind, u.active
            FROM users u
            LEFT JOIN teams tt ON tt.tenant_id = u.tenant_id AND tt.id = u.team_id
            LEFT JOIN LATERAL (
                SELECT kind FROM contracts c
                WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id
                  AND c.valid_from <= d.today AND (c.valid_to IS NULL OR c.valid_to >= d.today)
                LIMIT 1) c ON true
            WHERE u.tenant_id = sh.id AND u.active AND \(EnterTenantSQL.afterLiveShell)
            ORDER BY u.sort_last, u.sort_first, u.id
            LIMIT \(PeopleQueries.pageSize + 1))) page
        """, teams: readsTeams)

    let now: Date

    /// The directory's first page from the page's rows.
    static func decode(_ rows: [FirstViewRow]) throws -> Page<PersonRow> {
        var fetched: [PersonRow] = []
        for row in rows where row.part == 1 {
            var c = row.cells(from: 2)
            let id: UUID = try c.next(), first: String = try c.next(), last: String = try c.next()
            let title: String = try c.next(), position: String = try c.next(), email: String = try c.next()
            let phone: String? = try c.optional(), team: String? = try c.optional(), kind: String? = try c.optional()
            let active: Bool = try c.next()
            fetched.append(PersonRow((id, first, last, title, position, email, phone, team, kind, active)))
        }
        return PageRequest(number: 1, size: PeopleQueries.pageSize).page(fetched: fetched)
    }
}

extension DirectoryFirstView {
    /// The first view `request` asks for: nil when it names a filter or a later page.
    init?(request: Request) {
        let query = PeopleRoutes.query(of: request)
        guard PeopleRoutes.filter(from: query, ledBy: nil) == PeopleFilter(),
              PageRequest(number: query.page, size: PeopleQueries.pageSize).number == 1 else { return nil }
        self.init(now: request.application.settings.clock.now)
    }
}
