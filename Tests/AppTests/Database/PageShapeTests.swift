import Foundation
import PostgresNIO
import Testing
@testable import App

/// A read with optional filters runs a statement of its own for each set of them and for the web
/// page's window (`PageShape`): every set, in either window, reads what the whole list filtered
/// by hand holds, in the same order.
@Suite struct PageShapeTests {
    /// `text` folded like `users.search_name`: without diacritics, in lower case.
    static func folded(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    }

    /// The leader's team: its id and name.
    static func leadersTeam(_ world: TestWorld, on db: TenantConnection) async throws -> (id: UUID, name: String) {
        let (id, name) = try await db.query("SELECT id, name FROM teams WHERE leader_id = \(world.leader.id) ORDER BY name LIMIT 1")
            .collect()[0].decode((UUID, String).self)
        return (id, name)
    }

    /// Each subset of `count` filters, as bits.
    static func subsets(of count: Int) -> [UInt] { Array(0..<(UInt(1) << count)) }

    @Test func everySetOfTheDirectorysFiltersReadsWhatTheFilterHolds() async throws {
        try await withWorld { world in
            _ = try await PageReadTests.seed(world, people: 30)
            let now = Date()
            try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                let team = try await Self.leadersTeam(world, on: db)
                var everyone = PeopleFilter()
                everyone.active = nil
                let all = try #require(try await db.read(
                    DirectoryRead(filter: everyone, limit: 10_000, offset: 0, counting: true, now: now), viewer: world.leader.id))
                #expect(all.rows.count == all.total && all.rows.count > 30)
                let ledTeams = Set([team.name])
                var statements = Set<String>()
                for bits in Self.subsets(of: 5) {
                    var filter = PeopleFilter()
                    filter.active = nil
                    let set = DirectoryRead.Filter(rawValue: bits)
                    if set.contains(.name) { filter.search = "  A " }
                    if set.contains(.team) { filter.teamID = team.id }
                    if set.contains(.kind) { filter.kind = .ico }
                    if set.contains(.active) { filter.active = true }
                    if set.contains(.ledByViewer) { filter.ledByViewer = true }
                    let expected = all.rows.filter { row in
                        (!set.contains(.name) || Self.folded(row.firstName + " " + row.lastName).contains("a"))
                            && (!set.contains(.team) || row.teamName == team.name)
                            && (!set.contains(.kind) || row.contractKind == .ico)
                            && (!set.contains(.active) || row.active)
                            && (!set.contains(.ledByViewer) || row.teamName.map(ledTeams.contains) == true)
                    }
                    for (limit, offset) in [(PeopleQueries.pageSize + 1, 0), (PeopleQueries.pageSize + 1, 2), (3, 1)] {
                        let read = DirectoryRead(filter: filter, limit: limit, offset: offset, counting: true, now: now)
                        #expect(read.shape.filters == bits
                                && (read.shape.window != nil) == (limit == PeopleQueries.pageSize + 1 && offset == 0))
                        statements.insert(DirectoryRead.sql.statements[DirectoryRead.sql.place(of: read.shape)].name)
                        let found = try #require(try await db.read(read, viewer: world.leader.id))
                        #expect(found.rows == Array(expected.dropFirst(offset).prefix(limit)), "filters \(bits), \(limit)/\(offset)")
                        #expect(found.total == expected.count, "filters \(bits)")
                    }
                }
                // Each set and window has a statement of its own.
                #expect(statements.count == 64 && Set(DirectoryRead.sql.statements.map(\.name)).count == 64)
            }
        }
    }

    @Test func everySetOfTheOverviewsFiltersReadsWhatTheFilterHolds() async throws {
        try await withWorld { world in
            _ = try await PageReadTests.seed(world, people: 30)
            let month = PreparedListTests.month, now = Date()
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                let team = try await Self.leadersTeam(world, on: db)
                // Some of the seeded people join the leader's team, and some invoices are approved.
                _ = try await db.query("""
                    UPDATE users SET team_id = \(team.id)
                    WHERE email LIKE 'listed%' AND substring(email FROM 'listed([0-9]+)@')::int % 3 = 0
                    """).collect()
                _ = try await db.query("""
                    UPDATE invoices SET state = 'approved' WHERE month = \(month.first.iso)::date
                      AND user_id IN (SELECT id FROM users WHERE email LIKE 'listed%' AND substring(email FROM 'listed([0-9]+)@')::int % 2 = 0)
                    """).collect()
                let all = try #require(try await db.read(
                    OverviewRead(month: month, state: nil, teamID: nil, search: "", limit: 10_000, offset: 0, now: now)))
                #expect(all.rows.count >= 30 && Set(all.rows.map(\.state)).count >= 2 && all.rows.contains { $0.team == team.name })
                for bits in Self.subsets(of: 3) {
                    let set = OverviewRead.Filter(rawValue: bits)
                    let state: InvoiceState? = set.contains(.state) ? .approved : nil
                    let search = set.contains(.name) ? "CAPEK" : ""
                    let teamAndName = all.rows.filter { row in
                        (!set.contains(.team) || row.team == team.name) && (!set.contains(.name) || Self.folded(row.name).contains("capek"))
                    }
                    let expected = teamAndName.filter { state == nil || $0.state == state }
                    var totals: [InvoiceState: Int] = [:]
                    for row in teamAndName { totals[row.state, default: 0] += 1 }
                    for (limit, offset) in [(OverviewQueries.pageSize + 1, 0), (OverviewQueries.pageSize + 1, 1), (2, 1)] {
                        let read = OverviewRead(month: month, state: state, teamID: set.contains(.team) ? team.id : nil,
                                                search: search, limit: limit, offset: offset, now: now)
                        #expect(read.shape.filters == bits)
                        let found = try #require(try await db.read(read))
                        #expect(found.rows == Array(expected.dropFirst(offset).prefix(limit)), "filters \(bits), \(limit)/\(offset)")
                        // The totals are the filter's, its state aside.
                        #expect(Dictionary(uniqueKeysWithValues: found.totals.filter { $0.count > 0 }.map { ($0.state, $0.count) }) == totals, "filters \(bits)")
                    }
                }
            }
        }
    }

    @Test func bothSetsOfRateIncreasesFiltersReadWhatTheFilterHolds() async throws {
        try await withWorld { world in
            _ = try await PageReadTests.seed(world, people: 30)
            let now = Date()
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                let team = try await Self.leadersTeam(world, on: db)
                _ = try await db.query("""
                    UPDATE users SET team_id = \(team.id)
                    WHERE email LIKE 'listed%' AND substring(email FROM 'listed([0-9]+)@')::int % 4 = 0
                    """).collect()
                // The seeded rates changed in March 2026.
                for month in [nil, Month(iso: "2026-03")!] {
                    var filter = RateIncreaseFilter()
                    filter.month = month
                    let all = try #require(try await db.read(
                        RateIncreasesRead(filter: filter, limit: 10_000, offset: 0, counting: true, now: now)))
                    #expect(all.rows.count >= 30 && all.rows.contains { $0.teamName == team.name })
                    for withTeam in [false, true] {
                        filter.teamID = withTeam ? team.id : nil
                        let expected = all.rows.filter { !withTeam || $0.teamName == team.name }
                        for (limit, offset) in [(RateReportQueries.pageSize + 1, 0), (RateReportQueries.pageSize + 1, 3), (4, 2)] {
                            let read = RateIncreasesRead(filter: filter, limit: limit, offset: offset, counting: true, now: now)
                            let found = try #require(try await db.read(read))
                            #expect(found.rows == Array(expected.dropFirst(offset).prefix(limit)), "\(String(describing: month)), \(withTeam)")
                            #expect(found.total == expected.count)
                        }
                    }
                }
            }
        }
    }

    /// Behind a pooler the statements go unnamed, their NULLs without a type: every shape names
    /// every parameter, so PostgreSQL can tell its type even where the shape's filters do not use it.
    @Test func everyShapeRunsUnnamedWithItsAbsentFiltersNull() async throws {
        try await withWorld { world in
            let token = try await PageReadTests.seed(world, people: 3)
            let now = Date()
            let reads: [any PageRead] = [
                OverviewRead(month: nil, state: nil, teamID: nil, search: "", limit: 26, offset: 0, now: now),
                OverviewRead(month: nil, state: nil, teamID: nil, search: "", limit: 5, offset: 5, now: now),
                DirectoryRead(filter: PeopleFilter(), limit: 26, offset: 0, counting: false, now: now),
                RateIncreasesRead(filter: RateIncreaseFilter(), limit: 26, offset: 0, counting: false, now: now),
                TimeMonthRead(month: nil, person: nil, now: now),
            ]
            for read in reads {
                let entered = try await world.database.asApp { connection in
                    try await connection.enterPage(slug: "acme", session: SessionLookup(token: token), read: read, named: false,
                                                   logger: PageReadTests.log)
                }
                #expect(entered?.rows.isEmpty == false, "\(type(of: read))")
            }
        }
    }

    /// A shape's text holds only its own filters: an absent filter leaves no condition on a
    /// parameter behind (which would make the planner guess), and the web page's window is a number.
    @Test func aShapesTextHoldsItsFiltersAndItsWindowOnly() {
        let sql = OverviewRead.sql
        let plain = sql.statements[sql.place(of: PageShape(filters: 0, window: nil))].withShell
        #expect(!plain.contains("= $7") && !plain.contains("search_name") && !plain.contains("= $6") && plain.contains("LIMIT $10::int OFFSET $11::int"))
        let web = sql.statements[sql.place(of: PageShape(filters: 0, window: OverviewQueries.pageSize + 1))].withShell
        #expect(web.contains("LIMIT \(OverviewQueries.pageSize + 1))") && !web.contains("$10") && !web.contains("$11"))
        let team = sql.statements[sql.place(of: PageShape(filters: OverviewRead.Filter.team.rawValue, window: nil))].withShell
        #expect(team.contains("u.team_id = $7::uuid"))
        // No condition that holds when its parameter is empty.
        let optional = /\$[0-9]+(::[a-z]+)? (IS NULL|= '') OR/
        for read in [OverviewRead.sql, DirectoryRead.sql, RateIncreasesRead.sql] {
            for statements in read.statements {
                #expect(statements.withShell.firstMatch(of: optional) == nil, "\(statements.name)")
                #expect(statements.inTransaction.firstMatch(of: optional) == nil, "\(statements.name)")
            }
        }
        #expect("AND ($7::uuid IS NULL OR u.team_id = $7::uuid)".firstMatch(of: optional) != nil)
    }
}
