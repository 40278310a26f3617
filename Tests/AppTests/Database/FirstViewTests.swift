import Foundation
import PostgresNIO
import Testing
@testable import App

/// A list page as first opened is read by the request's first statement (`FirstViewQuery`),
/// outside any transaction: it must read what the page's own statements read, its own tenant's
/// rows only, nothing for a visitor, and leave no tenant set on the connection.
@Suite struct FirstViewTests {
    static let log = TestPostgres.logger

    /// The first view's statement, on a connection of the application's role, and the tenant set
    /// on that connection after it.
    static func enter(
        _ world: TestWorld, slug: String, token: SecretToken?, query: some FirstViewQuery
    ) async throws -> (view: EnteredFirstView?, tenantAfter: String?) {
        try await world.database.asApp { connection in
            let view = try await connection.enterFirstView(
                slug: slug, session: token.map { SessionLookup(token: $0) }, query: query, logger: Self.log)
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

    @Test func theOverviewsFirstViewReadsWhatItsStatementsRead() async throws {
        try await withWorld { world in
            let month = PreparedListTests.month
            let token = try await Self.seed(world, people: 30)
            let (expectedPage, expectedTotals) = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                let filter = InvoiceFilter(month: month, state: nil, teamID: nil, search: "")
                return (try await OverviewQueries.page(filter, page: PageRequest(number: 1, size: OverviewQueries.pageSize),
                                                       timeZone: "Europe/Prague", on: db),
                        try await OverviewQueries.totals(filter, on: db))
            }
            let (entered, after) = try await Self.enter(world, slug: "acme", token: token,
                                                        query: OverviewFirstView(month: month, now: Date()))
            let rows = try #require(entered).rows
            let view = try #require(try OverviewFirstView.decode(rows))
            #expect(entered?.session?.user.id == world.admin.id && entered?.tenant.id == world.admin.tenantID)
            #expect(view.month == month)
            #expect(view.page.rows.count == 25 && view.page.hasNext)
            #expect(view.page == expectedPage)
            #expect(view.totals == expectedTotals)
            #expect(view.totals.first { $0.state == .submitted }?.count == 30)
            // The tenant was set for the statement's own transaction only.
            #expect((after ?? "").isEmpty)
        }
    }

    @Test func theDirectoryAndRateIncreasesFirstViewsReadWhatTheirStatementsRead() async throws {
        try await withWorld { world in
            let token = try await Self.seed(world, people: 30)
            let now = Date(), today = LocalDate.today(in: "Europe/Prague", now: now)
            let (people, increases) = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                (try await PeopleQueries.list(PeopleFilter(), page: PageRequest(number: 1, size: PeopleQueries.pageSize),
                                              today: today, on: db),
                 try await RateReportQueries.increases(RateIncreaseFilter(), page: PageRequest(number: 1, size: RateReportQueries.pageSize),
                                                       today: today, on: db))
            }
            let directory = try #require(try await Self.enter(world, slug: "acme", token: token, query: DirectoryFirstView(now: now)).view)
            let directoryPage = try DirectoryFirstView.decode(directory.rows)
            #expect(directoryPage == people && directoryPage.rows.count == 25 && directoryPage.hasNext)
            #expect(directoryPage.rows.contains { $0.contractKind == .ico })
            let report = try #require(try await Self.enter(world, slug: "acme", token: token, query: RateIncreasesFirstView(now: now)).view)
            let reportPage = try RateIncreasesFirstView.decode(report.rows)
            #expect(reportPage == increases && reportPage.rows.count == 25 && reportPage.hasNext)
            #expect(reportPage.rows.contains { $0.increaseMinor != nil })
            // Another tenant's admin: none of these people.
            let globexToken = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await SessionQueries.create(for: world.otherAdmin.id, on: db)
            }
            let globex = try #require(try await Self.enter(world, slug: "globex", token: globexToken, query: DirectoryFirstView(now: now)).view)
            #expect(try DirectoryFirstView.decode(globex.rows).rows.allSatisfy { !$0.email.hasSuffix("@acme.example") })
            #expect(try !DirectoryFirstView.decode(globex.rows).rows.isEmpty)
            let globexReport = try #require(
                try await Self.enter(world, slug: "globex", token: globexToken, query: RateIncreasesFirstView(now: now)).view)
            #expect(try RateIncreasesFirstView.decode(globexReport.rows).rows.allSatisfy { !$0.lastName.contains(where: \.isNumber) })
        }
    }

    /// "My invoices" reads the signed-in person's own months, a page at a time: every page (and
    /// one past the end, which is the last) as the months of all their invoices give it.
    @Test func myInvoicesFirstViewReadsThePersonsOwnMonthsAPageAtATime() async throws {
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
                    world, slug: "acme", token: token, query: MyInvoicesFirstView(page: number, now: now)).view)
                let view = try MyInvoicesFirstView.decode(entered.rows)
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
                world, slug: "acme", token: token, query: MyInvoicesFirstView(page: 2, now: now)).view)
            #expect(try MyInvoicesFirstView.decode(second.rows).invoices.isEmpty)
            // Eva's page: her own months only.
            let evaToken = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await SessionQueries.create(for: world.employee.id, on: db)
            }
            let eva = try #require(try await Self.enter(
                world, slug: "acme", token: evaToken, query: MyInvoicesFirstView(page: 1, now: now)).view)
            let evaView = try MyInvoicesFirstView.decode(eva.rows)
            #expect(!evaView.invoiceMonths.isEmpty && !evaView.contracts.isEmpty)
            #expect(evaView.contracts.allSatisfy { !expected.0.map(\.id).contains($0.id) })
            // Globex's admin at Globex: none of Acme's months.
            let globexToken = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await SessionQueries.create(for: world.otherAdmin.id, on: db)
            }
            let globex = try #require(try await Self.enter(
                world, slug: "globex", token: globexToken, query: MyInvoicesFirstView(page: 1, now: now)).view)
            let globexView = try MyInvoicesFirstView.decode(globex.rows)
            let evasInvoices = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await InvoiceQueries.summaries(of: world.employee.id, timeZone: "Europe/Prague", on: db).map(\.id)
            }
            #expect(!evasInvoices.isEmpty && globexView.invoices.allSatisfy { !evasInvoices.contains($0.id) })
            #expect(globexView.contracts.allSatisfy { !evaView.contracts.map(\.id).contains($0.id) })
        }
    }

    @Test func aFirstViewReadsNothingForAnotherTenantOrAVisitor() async throws {
        try await withWorld { world in
            let month = PreparedListTests.month
            let token = try await Self.seed(world, people: 3)
            let query = OverviewFirstView(month: month, now: Date())
            // Acme's token at Globex: Globex, nobody signed in, no rows.
            let globex = try #require(try await Self.enter(world, slug: "globex", token: token, query: query).view)
            #expect(globex.tenant.id == world.otherAdmin.tenantID && globex.session == nil && globex.rows.isEmpty)
            // Globex's own admin sees Globex's month: none of Acme's invoices.
            let globexToken = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await SessionQueries.create(for: world.otherAdmin.id, on: db)
            }
            let own = try #require(try await Self.enter(world, slug: "globex", token: globexToken, query: query).view)
            let globexView = try #require(try OverviewFirstView.decode(own.rows))
            #expect(own.session?.user.id == world.otherAdmin.id && globexView.page.rows.isEmpty)
            #expect(globexView.totals.allSatisfy { $0.count == 0 })
            // No cookie, or a token nobody holds: the tenant, and no rows.
            for visitor in [nil, SecretToken()] {
                let view = try #require(try await Self.enter(world, slug: "acme", token: visitor, query: query).view)
                #expect(view.tenant.id == world.admin.tenantID && view.session == nil && view.rows.isEmpty)
            }
            // An unknown company.
            #expect(try await Self.enter(world, slug: "initech", token: token, query: query).view == nil)
        }
    }

    /// The statement does not sort (`EnterTenantSQL.text(firstView:)`): the rows come to the page
    /// in the order of their part and place whatever order PostgreSQL gives them in, part 0 (the
    /// shell's) first.
    @Test func aFirstViewsRowsComeByPartAndPlaceWhateverTheStatementsOrder() async throws {
        try await withWorld { world in
            let token = try await Self.seed(world, people: 0)
            let entered = try #require(try await Self.enter(world, slug: "acme", token: token, query: BackwardsFirstView()).view)
            #expect(entered.session?.user.id == world.admin.id && entered.tenant.id == world.admin.tenantID)
            #expect(entered.rows.map { "\($0.part)/\($0.n)" } == ["0/0", "1/0", "2/1", "2/2", "2/3"])
            let labels = try entered.rows.map { row in
                var cells = row.cells(at: BackwardsFirstView.layout.places(of: row.part))
                return try cells.next(String.self)
            }
            #expect(labels == ["zero", "one", "a", "b", "c"])
            // A visitor: the tenant from the shell's row wherever it came, and no rows.
            let visitor = try #require(try await Self.enter(world, slug: "acme", token: nil, query: BackwardsFirstView()).view)
            #expect(visitor.tenant.id == world.admin.tenantID && visitor.session == nil && visitor.rows.isEmpty)
        }
    }

    /// Without a month in the address, this month in the tenant's time zone by the clock's instant.
    @Test func theMonthOfAFirstViewIsTheTenantsMonthByTheClock() async throws {
        try await withWorld { world in
            let token = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await SessionQueries.create(for: world.admin.id, on: db)
            }
            func month(_ instant: String) async throws -> Month? {
                let now = try #require(ISO8601DateFormatter().date(from: instant))
                let entered = try await Self.enter(world, slug: "acme", token: token, query: OverviewFirstView(month: nil, now: now))
                let rows = try #require(entered.view).rows
                return try OverviewFirstView.decode(rows)?.month
            }
            // Prague is an hour or two ahead of UTC.
            #expect(try await month("2026-09-30T21:30:00Z") == Month(iso: "2026-09"))
            #expect(try await month("2026-09-30T22:30:00Z") == Month(iso: "2026-10"))
            #expect(try await month("2026-12-31T23:30:00Z") == Month(iso: "2027-01"))
        }
    }
}

/// A first view whose statement gives its rows backwards: the last part first, places descending,
/// the shell's row last.
private struct BackwardsFirstView: FirstViewQuery {
    static let layout = FirstViewLayout(parts: [["text"], ["text"], ["text"]])
    static let statementName = "roster_test_first_view_backwards"
    static let readsTeams = false
    static let statementSQL = EnterTenantSQL.text(firstView: """
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
        """, teams: false)
    static var pageBindingTypes: [PostgresDataType] { [] }
    func appendBindings(to bindings: inout PostgresBindings) throws {}
}
