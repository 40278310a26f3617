import Foundation
import PostgresNIO
import Testing
@testable import App

/// A page's one read (`PageRead`), with the shell outside any transaction and inside one: both
/// statements made from its one definition read the same, its own tenant's rows only, nothing for
/// a visitor, and the one with the shell leaves no tenant set on the connection.
@Suite struct PageReadTests {
    static let log = TestPostgres.logger

    /// The read with the shell's statement, on a connection of the application's role, and the
    /// tenant set on that connection after it.
    static func enter(
        _ world: TestWorld, slug: String, token: SecretToken?, read: some PageRead
    ) async throws -> (view: EnteredPage?, tenantAfter: String?) {
        try await world.database.asApp { connection in
            let view = try await connection.enterPage(
                slug: slug, session: token.map { SessionLookup(token: $0) }, read: read, named: true, logger: Self.log)
            let after = try await connection.query("SELECT current_setting('roster.tenant_id', true)", logger: Self.log)
                .collect()[0].decode(String?.self)
            return (view, after)
        }
    }

    /// `people` more people with their invoices of `PreparedListTests.month`, and a session of Acme's admin.
    static func seed(_ world: TestWorld, people: Int) async throws -> SecretToken {
        try await world.db.transaction(tenant: world.admin.tenantID) { db in
            try await PreparedListTests.addPeople(people, on: db)
            return try await SessionQueries.create(for: world.admin.id, on: db)
        }
    }

    @Test func theOverviewReadsTheSameWithTheShellAndInATransaction() async throws {
        try await withWorld { world in
            let month = PreparedListTests.month
            let token = try await Self.seed(world, people: 30)
            let first = OverviewRead(month: month, state: nil, teamID: nil, search: "", limit: 26, offset: 0, now: Date())
            let (entered, after) = try await Self.enter(world, slug: "acme", token: token, read: first)
            let enteredRows = try #require(entered).rows
            let view = try #require(try OverviewRead.decode(enteredRows))
            #expect(entered?.session?.user.id == world.admin.id && entered?.tenant.id == world.admin.tenantID)
            #expect(view.month == month && view.rows.count == 26)
            #expect(view.totals.first { $0.state == .submitted }?.count == 30)
            // 1,000 + 2,000 + … + 30,000 Kč, as the database keeps them.
            #expect(view.totals.first { $0.state == .submitted }?.sums == [InvoiceAmount(minor: 46_500_000, currency: "CZK")])
            // The tenant was set for the statement's own transaction only.
            #expect((after ?? "").isEmpty)
            try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                let same = try #require(try await db.read(first, viewer: world.admin.id))
                #expect(same.month == view.month && same.rows == view.rows && same.totals == view.totals)
                // A name every seeded person has: the totals summed from the invoices, the same.
                let named = OverviewRead(month: month, state: nil, teamID: nil, search: "a", limit: 26, offset: 0, now: Date())
                let byName = try #require(try await db.read(named, viewer: world.admin.id))
                #expect(byName.totals == view.totals)
                // A state and a later page: the state's invoices only, the totals of all states.
                let submitted = OverviewRead(month: month, state: .submitted, teamID: nil, search: "", limit: 26, offset: 25,
                                             now: Date())
                let later = try #require(try await db.read(submitted, viewer: world.admin.id))
                #expect(later.rows.count == 5 && later.rows.allSatisfy { $0.state == .submitted } && later.totals == view.totals)
                #expect(later.rows.first?.id == view.rows.last?.id)
                let approved = OverviewRead(month: month, state: .approved, teamID: nil, search: "", limit: 26, offset: 0, now: Date())
                #expect(try await db.read(approved, viewer: world.admin.id)?.rows.isEmpty == true)
            }
        }
    }

    @Test func theDirectoryAndRateIncreasesReadsFilterAndCount() async throws {
        try await withWorld { world in
            let token = try await Self.seed(world, people: 30)
            let now = Date()
            let directory = try #require(try await Self.enter(
                world, slug: "acme", token: token,
                read: DirectoryRead(PeopleFilter(), page: PageRequest(number: 1, size: PeopleQueries.pageSize), now: now)).view)
            let people = try #require(try DirectoryRead.decode(directory.rows))
            #expect(people.rows.count == 26 && people.total == nil)
            #expect(people.rows.contains { $0.contractKind == .ico })
            let report = try #require(try await Self.enter(
                world, slug: "acme", token: token,
                read: RateIncreasesRead(RateIncreaseFilter(), page: PageRequest(number: 1, size: RateReportQueries.pageSize), now: now)).view)
            let increases = try #require(try RateIncreasesRead.decode(report.rows))
            #expect(increases.rows.count == 26 && increases.rows.contains { $0.increaseMinor != nil })
            try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                let active = try await db.query("SELECT count(*)::int FROM users WHERE tenant_id = \(world.admin.tenantID) AND active")
                    .collect()[0].decode(Int.self)
                // The same read in a transaction, counting: the same rows and how many in all.
                let counted = try #require(try await db.read(
                    DirectoryRead(filter: PeopleFilter(), limit: 26, offset: 0, counting: true, now: now), viewer: world.admin.id))
                #expect(counted.rows == people.rows && counted.total == active && active > 30)
                // Past the end: no row, and still the total.
                let past = try #require(try await db.read(
                    DirectoryRead(filter: PeopleFilter(), limit: 10, offset: 100, counting: true, now: now), viewer: world.admin.id))
                #expect(past.rows.isEmpty && past.total == active)
                // By name, folded: "Čapek" found by "capek", and the count follows the filter.
                var filter = PeopleFilter()
                filter.search = "capek"
                let found = try #require(try await db.read(
                    DirectoryRead(filter: filter, limit: 26, offset: 0, counting: true, now: now), viewer: world.admin.id))
                #expect(!found.rows.isEmpty && found.rows.allSatisfy { $0.lastName.hasPrefix("Čapek") } && found.total == found.rows.count)
                // A leader's team: only the people of the teams the viewer leads.
                filter = PeopleFilter()
                filter.ledByViewer = true
                let team = try #require(try await db.read(
                    DirectoryRead(filter: filter, limit: 26, offset: 0, counting: true, now: now), viewer: world.leader.id))
                #expect(team.rows.contains { $0.id == world.employee.id } && !team.rows.contains { $0.id == world.admin.id }
                        && team.total == team.rows.count)
                let rates = try #require(try await db.read(
                    RateIncreasesRead(filter: RateIncreaseFilter(), limit: 26, offset: 0, counting: true, now: now), viewer: world.admin.id))
                #expect(rates.rows == increases.rows && (rates.total ?? 0) >= 30)
                // A viewer of another company reads nothing.
                #expect(try await db.read(DirectoryRead(PeopleFilter(), page: PageRequest(number: 1, size: 25), now: now),
                                          viewer: world.otherAdmin.id)?.rows.isEmpty == true)
            }
            // Another tenant's admin: none of these people.
            let globexToken = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await SessionQueries.create(for: world.otherAdmin.id, on: db)
            }
            let globex = try #require(try await Self.enter(
                world, slug: "globex", token: globexToken,
                read: DirectoryRead(PeopleFilter(), page: PageRequest(number: 1, size: 25), now: now)).view)
            let theirs = try #require(try DirectoryRead.decode(globex.rows))
            #expect(!theirs.rows.isEmpty && theirs.rows.allSatisfy { !$0.email.hasSuffix("@acme.example") })
        }
    }

    /// "My invoices" reads the signed-in person's own months, a page at a time: every page (and
    /// one past the end, which is the last) as the months of all their invoices give it.
    @Test func myInvoicesReadsThePersonsOwnMonthsAPageAtATime() async throws {
        try await withWorld { world in
            let now = world.app.settings.clock.now, today = world.today
            // A person under contract since January 2025 with September 2026's invoice: two pages,
            // missing months on both.
            let (token, expected) = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await PreparedListTests.addPeople(1, on: db)
                let person = try #require(try await db.query("SELECT id FROM users WHERE email = 'listed0@acme.example'")
                    .collect().first?.decode(UUID.self))
                return (try await SessionQueries.create(for: person, on: db),
                        (try await PeopleQueries.contracts(of: person, on: db),
                         try await InvoiceQueries.summaries(of: person, timeZone: "Europe/Prague", on: db),
                         try await WorkStatementQueries.list(of: person, timeZone: "Europe/Prague", on: db)))
            }
            let all = InvoiceMonths.rows(contracts: expected.0, invoices: expected.1, statements: expected.2, today: today)
            #expect(all.count > MyInvoicesPage.pageSize && all.count <= 2 * MyInvoicesPage.pageSize)
            let canUpload = !InvoiceMonths.uploadable(contracts: expected.0, invoices: expected.1, today: today).isEmpty
            for number in [1, 2, 3, PageRequest.maxNumber] {
                let entered = try #require(try await Self.enter(
                    world, slug: "acme", token: token, read: MyInvoicesRead(page: number, now: now)).view)
                let view = try #require(try MyInvoicesRead.decode(entered.rows))
                let (shown, uploads) = view.page(today: today)
                let page = PageRequest(number: number, size: MyInvoicesPage.pageSize).page(of: all)
                #expect(shown.rows == page.rows && shown.number == page.number && shown.hasNext == page.hasNext, "page \(number)")
                #expect(uploads == canUpload)
                // Only the page's invoices are read whole; all the contracts are.
                #expect(view.contracts == expected.0)
                #expect(Set(view.invoices.map(\.month)).isSubset(of: Set(page.rows.map(\.month))))
                #expect(view.invoiceMonths == Set(expected.1.map(\.month)))
            }
            // September 2026 is on the first page: the second reads no invoice.
            let second = try #require(try await Self.enter(
                world, slug: "acme", token: token, read: MyInvoicesRead(page: 2, now: now)).view)
            #expect(try MyInvoicesRead.decode(second.rows)?.invoices.isEmpty == true)
            // Eva's page: her own months only.
            let evaToken = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await SessionQueries.create(for: world.employee.id, on: db)
            }
            let eva = try #require(try await Self.enter(
                world, slug: "acme", token: evaToken, read: MyInvoicesRead(page: 1, now: now)).view)
            let evaView = try #require(try MyInvoicesRead.decode(eva.rows))
            #expect(!evaView.invoiceMonths.isEmpty && !evaView.contracts.isEmpty)
            #expect(evaView.contracts.allSatisfy { !expected.0.map(\.id).contains($0.id) })
            // Globex's admin at Globex: none of Acme's months.
            let globexToken = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await SessionQueries.create(for: world.otherAdmin.id, on: db)
            }
            let globex = try #require(try await Self.enter(
                world, slug: "globex", token: globexToken, read: MyInvoicesRead(page: 1, now: now)).view)
            let globexView = try #require(try MyInvoicesRead.decode(globex.rows))
            let evasInvoices = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await InvoiceQueries.summaries(of: world.employee.id, timeZone: "Europe/Prague", on: db).map(\.id)
            }
            #expect(!evasInvoices.isEmpty && globexView.invoices.allSatisfy { !evasInvoices.contains($0.id) })
            #expect(globexView.contracts.allSatisfy { !evaView.contracts.map(\.id).contains($0.id) })
        }
    }

    @Test func aPageReadReadsNothingForAnotherTenantOrAVisitor() async throws {
        try await withWorld { world in
            let month = PreparedListTests.month
            let token = try await Self.seed(world, people: 3)
            let query = OverviewRead(month: month, state: nil, teamID: nil, search: "", limit: 26, offset: 0, now: Date())
            // Acme's token at Globex: Globex, nobody signed in, no rows.
            let globex = try #require(try await Self.enter(world, slug: "globex", token: token, read: query).view)
            #expect(globex.tenant.id == world.otherAdmin.tenantID && globex.session == nil && globex.rows.isEmpty)
            // Globex's own admin sees Globex's month: none of Acme's invoices.
            let globexToken = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await SessionQueries.create(for: world.otherAdmin.id, on: db)
            }
            let own = try #require(try await Self.enter(world, slug: "globex", token: globexToken, read: query).view)
            let globexView = try #require(try OverviewRead.decode(own.rows))
            #expect(own.session?.user.id == world.otherAdmin.id && globexView.rows.isEmpty)
            #expect(globexView.totals.allSatisfy { $0.count == 0 })
            // No cookie, or a token nobody holds: the tenant, and no rows.
            for visitor in [nil, SecretToken()] {
                let view = try #require(try await Self.enter(world, slug: "acme", token: visitor, read: query).view)
                #expect(view.tenant.id == world.admin.tenantID && view.session == nil && view.rows.isEmpty)
            }
            // An unknown company.
            #expect(try await Self.enter(world, slug: "initech", token: token, read: query).view == nil)
        }
    }

    /// The statement does not sort (`EnterTenantSQL.text(page:)`): the rows come to the page
    /// in the order of their part and place whatever order PostgreSQL gives them in, part 0 (the
    /// shell's) first.
    @Test func aPageReadsRowsComeByPartAndPlaceWhateverTheStatementsOrder() async throws {
        try await withWorld { world in
            let token = try await Self.seed(world, people: 0)
            let entered = try #require(try await Self.enter(world, slug: "acme", token: token, read: BackwardsRead()).view)
            #expect(entered.session?.user.id == world.admin.id && entered.tenant.id == world.admin.tenantID)
            #expect(entered.rows.map { "\($0.part)/\($0.n)" } == ["0/0", "1/0", "2/1", "2/2", "2/3"])
            let labels = try entered.rows.map { row in
                var cells = row.cells(at: BackwardsRead.layout.places(of: row.part))
                return try cells.next(String.self)
            }
            #expect(labels == ["zero", "one", "a", "b", "c"])
            // A visitor: the tenant from the shell's row wherever it came, and no rows.
            let visitor = try #require(try await Self.enter(world, slug: "acme", token: nil, read: BackwardsRead()).view)
            #expect(visitor.tenant.id == world.admin.tenantID && visitor.session == nil && visitor.rows.isEmpty)
        }
    }

    /// Without a month in the address, this month in the tenant's time zone by the clock's instant.
    @Test func theMonthOfAPageReadIsTheTenantsMonthByTheClock() async throws {
        try await withWorld { world in
            let token = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await SessionQueries.create(for: world.admin.id, on: db)
            }
            func month(_ instant: String) async throws -> Month? {
                let now = try #require(ISO8601DateFormatter().date(from: instant))
                let entered = try await Self.enter(world, slug: "acme", token: token, read: OverviewRead(month: nil, state: nil, teamID: nil, search: "", limit: 26, offset: 0, now: now))
                let rows = try #require(entered.view).rows
                return try OverviewRead.decode(rows)?.month
            }
            // Prague is an hour or two ahead of UTC.
            #expect(try await month("2026-09-30T21:30:00Z") == Month(iso: "2026-09"))
            #expect(try await month("2026-09-30T22:30:00Z") == Month(iso: "2026-10"))
            #expect(try await month("2026-12-31T23:30:00Z") == Month(iso: "2027-01"))
        }
    }
}

/// A page read whose statement gives its rows backwards: the last part first, places descending,
/// the shell's row last.
private struct BackwardsRead: PageRead {
    static let layout = PageLayout(parts: [["text"], ["text"], ["text"]])
    static let sql = PageSQL(name: "roster_test_page_backwards", page: """
        CROSS JOIN LATERAL (
            SELECT * FROM (
                SELECT \(layout.columns(0, "0", "'zero'"))
                UNION ALL
                SELECT \(layout.columns(1, "0", "'one'")) WHERE \(EnterTenantSQL.afterLiveShell)
                UNION ALL
                SELECT \(layout.columns(2, "v.n", "v.label"))
                FROM (VALUES (1, 'a'), (3, 'c'), (2, 'b')) v(n, label) WHERE \(EnterTenantSQL.afterLiveShell)
                ) u
            ORDER BY u.page_part DESC, u.page_n DESC) page
        """)
    static var pageBindingTypes: [PostgresDataType] { [] }
    func appendBindings(to bindings: inout PostgresBindings) throws {}
    static func decode(_ rows: [PageRow]) throws -> Int? { rows.count }
}
