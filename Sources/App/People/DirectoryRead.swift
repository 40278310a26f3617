import Foundation
import PostgresNIO
import Vapor

/// The people directory and a leader's "My team" (`PeopleRoutes`), the API's people and the
/// people export: one read (`PageRead`). A window of the filter's people by surname with their
/// team and the contract of the tenant's day at the clock's instant (part 1), and with
/// `counting` how many the filter holds in all (part 2, one row). The web page asks for one row
/// more than it shows, which tells whether there is a next page.
struct DirectoryRead: PageRead {
    /// Part 1: a person; part 2: the count.
    static let layout = PageLayout(parts: [
        [], ["uuid", "text", "text", "text", "text", "text", "text", "text", "text", "boolean"], ["bigint"],
    ])

    /// The optional filters: a statement for each set of them (`PageShape`).
    struct Filter: OptionSet {
        let rawValue: UInt
        static let name = Filter(rawValue: 1)
        static let team = Filter(rawValue: 2)
        static let kind = Filter(rawValue: 4)
        static let active = Filter(rawValue: 8)
        static let ledByViewer = Filter(rawValue: 16)
    }

    /// The people the filter holds (`u` the person, `t` their team, `c` today's contract). The
    /// name's pattern is folded once (`d.pattern`), not for each person.
    private static func matching(_ shape: PageShape) -> String {
        """
        FROM users u
        LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
        LEFT JOIN LATERAL (
            SELECT kind FROM contracts c
            WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id
              AND c.valid_from <= d.today AND (c.valid_to IS NULL OR c.valid_to >= d.today)
            LIMIT 1) c ON true
        WHERE u.tenant_id = sh.id AND \(EnterTenantSQL.afterLiveShell)
          \(shape.when(Filter.name, "AND u.search_name LIKE d.pattern"))
          \(shape.when(Filter.team, "AND u.team_id = $7::uuid"))
          \(shape.when(Filter.kind, "AND c.kind::text = $8::text"))
          \(shape.when(Filter.active, "AND u.active = $9::boolean"))
          \(shape.when(Filter.ledByViewer, "AND t.leader_id = sh.user_id"))
        """
    }

    static let sql = PageSQL(name: "roster_page_directory", teams: true, filters: 5, window: PeopleQueries.pageSize + 1) { shape in
        """
        CROSS JOIN LATERAL (
            SELECT ($4::timestamptz AT TIME ZONE sh.time_zone)::date AS today, fold_name($6::text) AS pattern,
                   -- Every parameter is named in every shape, so its type is known when it is
                   -- sent unnamed and NULL (behind a pooler: `PreparedStatementRuns`).
                   $7::uuid AS team, $8::text AS kind, $9::boolean AS active
            OFFSET 0) d
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", ""))
            UNION ALL (
            SELECT \(layout.columns(1, "row_number() OVER (ORDER BY u.sort_last, u.sort_first, u.id)", """
                u.id, u.first_name, u.last_name, u.title, u.position, u.email, u.phone, t.name, c.kind::text, u.active
                """))
            \(matching(shape))
            ORDER BY u.sort_last, u.sort_first, u.id
            \(shape.limit("$11::int", offset: "$12::int")))
            UNION ALL
            SELECT \(layout.columns(2, "0", "count(*)"))
            \(matching(shape)) AND $13::boolean
            HAVING $13::boolean) page
        """
    }
    static let pageBindingTypes: [PostgresDataType] = [.timestamptz, .text, .text, .uuid, .text, .bool, .bool, .int4, .int4, .bool]

    let filter: PeopleFilter
    let limit: Int
    let offset: Int
    let counting: Bool
    let now: Date

    var shape: PageShape {
        var filters: Filter = []
        if !filter.search.trimmingWhitespace().isEmpty { filters.insert(.name) }
        if filter.teamID != nil { filters.insert(.team) }
        if filter.kind != nil { filters.insert(.kind) }
        if filter.active != nil { filters.insert(.active) }
        if filter.ledByViewer { filters.insert(.ledByViewer) }
        return Self.sql.shape(filters: filters.rawValue, limit: limit, offset: offset)
    }

    func appendBindings(to bindings: inout PostgresBindings) throws {
        let search = filter.search.trimmingWhitespace()
        bindings.append(now)
        bindings.append(search)
        bindings.append(PeopleQueries.likePattern(search))
        bindings.append(filter.teamID)
        bindings.append(filter.kind?.rawValue)
        bindings.append(filter.active)
        bindings.append(filter.ledByViewer)
        bindings.append(Int32(clamping: limit))
        bindings.append(Int32(clamping: offset))
        bindings.append(counting)
    }

    typealias Output = CountedRows<PersonRow>

    static func decode(_ rows: [PageRow]) throws -> Output? {
        guard rows.first?.part == 0 else { return nil }
        var people: [PersonRow] = [], total: Int?
        for row in rows {
            switch row.part {
            case 1:
                var c = row.cells(at: layout.places(of: 1))
                let id: UUID = try c.next(), first: String = try c.next(), last: String = try c.next()
                let title: String = try c.next(), position: String = try c.next(), email: String = try c.next()
                let phone: String? = try c.next(), team: String? = try c.next(), kind: String? = try c.next()
                let active: Bool = try c.next()
                people.append(PersonRow((id, first, last, title, position, email, phone, team, kind, active)))
            case 2:
                var c = row.cells(at: layout.places(of: 2))
                total = Int(try c.next(Int64.self))
            default:
                break
            }
        }
        return Output(rows: people, total: total)
    }
}

extension DirectoryRead {
    /// The web page's read of `filter`'s `page` (one row more than it shows).
    init(_ filter: PeopleFilter, page: PageRequest, now: Date) {
        self.init(filter: filter, limit: page.limit, offset: page.offset, counting: false, now: now)
    }
}
