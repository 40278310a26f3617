import Foundation
import PDFInspection
import PostgresNIO
import Testing
@testable import App

/// The demo company of `Roster demo`, loaded into a test world on 18 November 2026 with the real
/// PDF inspector: a company at work, loaded once however often the command runs, removable only
/// as a demo company.
@Suite struct DemoCompanyTests {
    static let now = TestClock.standard.now
    static let november = TestClock.thisMonth
    static let october = Month(year: 2026, month: 10)!

    static func load(_ world: TestWorld, reset: Bool = false) async throws -> DemoCompany.Loaded {
        try await DemoCompany.load(database: world.db, clock: world.app.settings.clock, inspector: world.app.pdfInspector,
                                   reset: reset)
    }

    /// The tables counted: not the month totals of invoices, which follow the invoices (one row per
    /// month, state and currency, kept by triggers: `InvoiceMonthTotalsTests`).
    static let countedTables = DemoCompany.tenantTables.filter {
        !["sign_in_links", "outbox", "sessions", "invoice_month_totals", "invoice_month_total_changes"].contains($0)
    }

    /// Rows per table of one company (sign-in links, sessions and mail are left out: every load issues links).
    static func counts(_ world: TestWorld, tenant: UUID) async throws -> [String: Int] {
        try await world.db.transaction(tenant: tenant, readOnly: true) { db in
            var counts: [String: Int] = [:]
            for table in countedTables {
                var binds = PostgresBindings()
                binds.append(tenant)
                counts[table] = try await db.query(PostgresQuery(unsafeSQL: "SELECT count(*)::int FROM \(table) WHERE tenant_id = $1",
                                                                 binds: binds)).collect()[0].decode(Int.self)
            }
            return counts
        }
    }

    static func contractors() -> [DemoInvoicePlan.Contractor] { DemoLife.contractors(current: november, currency: "CZK") }

    // MARK: - The plan, pure

    @Test func theStaffIsACompanyOfFourTeamsAndEveryContractType() {
        let emails = DemoData.people.map(\.email) + DemoStaff.hires.map(\.email)
        #expect(emails.count == 25 && Set(emails).count == 25)
        #expect(Set(DemoStaff.hires.map(\.contract) + DemoData.people.map(\.contract)) == Set(ContractKind.allCases))
        #expect(Set(DemoStaff.hires.compactMap(\.team)) == Set(DemoStaff.teams + ["Vývoj"]))
        for team in DemoStaff.teams {
            #expect(DemoStaff.hires.filter { $0.team == team && $0.leads }.count == 1, "one leader for \(team)")
        }
        for hire in DemoStaff.hires {
            let rates = hire.rates(current: Self.november, currency: "CZK")
            #expect(rates.map(\.effectiveFrom) == rates.map(\.effectiveFrom).sorted(), "\(hire.email)")
            #expect(rates.allSatisfy { $0.amountMinor > 0 && $0.amountMinor <= Money.maxHourlyRateMinor })
            if hire.contract.sendsInvoices {
                #expect(hire.account.flatMap { CzechAccount($0) } != nil, "\(hire.email)'s account passes its check")
                #expect(hire.companyID.map(CompanyID.isValid) == true, "\(hire.email)'s IČO passes its check")
            }
        }
        #expect(DemoStaff.hires.filter { $0.startMonthsAgo >= 18 && $0.raises.count >= 2 }.count >= 5, "18 months with raises")
        for details in DemoLife.coreInvoicing.values {
            #expect(CzechAccount(details.account) != nil && CompanyID.isValid(details.companyID))
        }
    }

    @Test func theInvoicesOfSixMonthsHappenInOrderAndNeverAfterNow() {
        let plan = DemoInvoicePlan.plan(contractors: Self.contractors(), current: Self.november, now: Self.now,
                                        timeZone: "Europe/Prague")
        #expect(Set(plan.map(\.month)) == Set((1...6).map { Self.november.adding(months: -$0) }))
        for invoice in plan {
            #expect(invoice.events.map(\.at) == invoice.events.map(\.at).sorted(), "\(invoice.email) \(invoice.month)")
            #expect(invoice.events.allSatisfy { $0.at < Self.now && $0.at > invoice.month.last.instant(hour: 23, minute: 0, in: "Europe/Prague") })
            if case .upload = invoice.events.first?.step {} else { Issue.record("an invoice starts with its file") }
        }
        let october = plan.filter { $0.month == Self.october }.map(\.email)
        #expect(!october.contains("eva.dvorakova@acme.example") && !october.contains("lukas.fiala@acme.example"), "missing")
        #expect(!plan.contains { $0.email == "roman.vanek@acme.example" && $0.month > Self.november.adding(months: -3) },
                "nothing after the leaver left")
        // Loaded on the 2nd of a month, last month's invoices have only begun to arrive.
        let early = DemoInvoicePlan.plan(contractors: Self.contractors(), current: Self.november,
                                         now: LocalDate(iso: "2026-11-02")!.instant(hour: 12, minute: 0, in: "Europe/Prague"),
                                         timeZone: "Europe/Prague")
        let arrived = early.filter { $0.month == Self.october }
        #expect(!arrived.isEmpty && arrived.count < october.count)
        #expect(arrived.allSatisfy { $0.events.count == 1 }, "none reviewed yet")
    }

    @Test func anInvoicesTextIsReadBackAsItWasMeant() throws {
        let contractor = try #require(Self.contractors().first { $0.email == "lucie.horakova@acme.example" })
        let document = DemoInvoicePlan.Document(number: "2026100", amountMinor: 137_280_50, account: contractor.account,
                                                issued: LocalDate(iso: "2026-11-01")!)
        let fields = InvoiceText.read(DemoInvoicePlan.lines(document, of: contractor, month: Self.october, customer: "Acme s.r.o.")
            .joined(separator: "\n"))
        #expect(fields.total == InvoiceAmount(minor: 137_280_50, currency: "CZK"))
        #expect(fields.account?.description == contractor.account)
        #expect(fields.variableSymbol == "2026100" && fields.invoiceNumber == "2026100")
        #expect(fields.supplierID == contractor.companyID)
        #expect(fields.dueDate == "2026-11-15")
    }

    // MARK: - Loaded into a database

    /// One test loads the company (twice) and looks at it: a load through the real inspector takes
    /// seconds, so the checks share it.
    @Test func itLoadsOnceHoweverOftenItRunsAndShowsEveryPageAtWork() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            let first = try await Self.load(world)
            let invoices = try #require(first.life?.invoices)
            #expect(first.life?.people == 25 && first.life?.teams == 4 && invoices > 50)
            let counts = try await Self.counts(world, tenant: tenant)
            #expect(counts["users"] == 25 && counts["teams"] == 4)
            #expect(counts["invoices"] == invoices + 1, "and the test world's own invoice of Eva's")
            let again = try await Self.load(world)
            #expect(again.life?.invoices == 0)
            #expect(try await Self.counts(world, tenant: tenant) == counts)
            #expect(again.people.map(\.user.id) == first.people.map(\.user.id))
            #expect(again.people.map(\.link) != first.people.map(\.link), "fresh sign-in links")
            try await Self.everyStateAndEveryFlagOfTheDesk(world)
            try await Self.theHomePageOfEachRole(world)
            try await Self.theBanksStatementWaitsToBeMarkedPaid(world)
            try await Self.aLoadInALaterMonthKeepsTheFirstLoadsDates(world)
        }
    }

    /// Two months later the months since are added, planned from the contracts and rates stored
    /// by the first load: the leaver sends nothing after leaving, amounts are what the desk expects.
    static func aLoadInALaterMonthKeepsTheFirstLoadsDates(_ world: TestWorld) async throws {
        let later = try await DemoCompany.load(database: world.db, clock: .fixed("2027-01-18T10:00:00+01:00")!,
                                               inspector: world.app.pdfInspector)
        #expect((later.life?.invoices ?? 0) > 10)
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            let roman = try await db.query("""
                SELECT max(to_char(i.month, 'YYYY-MM')) FROM invoices i JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
                WHERE i.tenant_id = \(db.tenant) AND u.email = 'roman.vanek@acme.example'
                """).collect()[0].decode(String.self)
            #expect(roman == "2026-08", "his contract ended in August")
            let december = Month(year: 2026, month: 12)!
            let rows = try await ReviewQueries.desk(month: december, state: .submitted, on: db)
            let people = try await ReviewQueries.contractsAndRates(of: rows.map(\.userID), in: december, on: db)
            let lines = rows.map { row in
                (row.name, ReviewRules.line(row, contracts: people[row.userID]?.contracts ?? [], rates: people[row.userID]?.rates ?? [],
                                            viewer: world.admin.id).flags)
            }
            #expect(!lines.isEmpty)
            #expect(lines.filter { $0.1.contains(.amountDiffers) }.map(\.0) == ["Petr Svoboda"], "\(lines)")
        }
    }

    /// Every state, and the flags the desk is for, on last month's desk.
    static func everyStateAndEveryFlagOfTheDesk(_ world: TestWorld) async throws {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            let states = try await db.query("SELECT DISTINCT state::text FROM invoices WHERE tenant_id = \(db.tenant)")
                .collect().map { try $0.decode(String.self) }
            #expect(Set(states) == Set(InvoiceState.allCases.map(\.rawValue)))
            let rows = try await ReviewQueries.desk(month: Self.october, state: .submitted, on: db)
            let people = try await ReviewQueries.contractsAndRates(of: rows.map(\.userID), in: Self.october, on: db)
            var flags: [String: [ReviewFlag]] = [:]
            for row in rows {
                flags[row.name] = ReviewRules.line(row, contracts: people[row.userID]?.contracts ?? [],
                                                   rates: people[row.userID]?.rates ?? [], viewer: world.admin.id).flags
            }
            #expect(flags["Petr Svoboda"] == [.amountDiffers])
            // His registered account is the one he had: the new one on his invoice is not it.
            #expect(flags["Tomáš Marek"] == [.accountNotRegistered])
            #expect(flags["Martin Kučera"] == [.sameNumber])
            #expect(flags["Lucie Horáková"] == [], "read as expected: nothing to look at twice")
            #expect(rows.allSatisfy { $0.hasText && $0.fields.total != nil }, "read by the real inspector")
            // The returned one says why, and its history is dated in the month after its month.
            let returned = try await db.query("""
                SELECT h.reason, h.at FROM invoice_history h JOIN invoices i ON i.tenant_id = h.tenant_id AND i.id = h.invoice_id
                WHERE h.tenant_id = \(db.tenant) AND h.to_state = 'returned' AND i.month = '2026-10-01'
                """).collect().map { try $0.decode((String, Date).self) }
            #expect(returned.count == 1 && returned[0].0.contains("8 hodin"))
            #expect(returned[0].1 > LocalDate(iso: "2026-11-01")!.instant(hour: 0, minute: 0, in: "Europe/Prague"))
            #expect(returned[0].1 < Self.now)
            let undated = try await db.query("""
                SELECT count(*)::int FROM invoice_history WHERE tenant_id = \(db.tenant) AND at >= \(Self.now)
                """).collect()[0].decode(Int.self)
            #expect(undated == 1, "only the test world's own invoice was written today")
        }
    }

    /// The bank has paid September's two approved invoices, one a haléř more: one match waits to
    /// be marked paid, the other to be looked at.
    static func theBanksStatementWaitsToBeMarkedPaid(_ world: TestWorld) async throws {
        var admin = try await world.signedIn(world.admin)
        let list = try await admin.get(Paths.reviewStatements("acme")).body
        let link = try #require(list.firstMatch(of: /href="(\/t\/acme\/review\/statements\/[0-9a-f-]+)">DEMO-2026-11</)?.1)
        let page = try await admin.get(String(link)).body
        #expect(page.contains("Matched: 1 · already paid: 0 · to check: 1 · not found: 0"), "\(page)")
        #expect(page.contains("paid CZK\u{00A0}0.01 more than the invoice"))
        #expect(page.contains("1 line is not a payment to a contractor"))
    }

    /// What needs each role now, on the demo company.
    static func theHomePageOfEachRole(_ world: TestWorld) async throws {
        var admin = try await world.signedIn(world.admin)
        let adminHome = try await admin.get(Paths.home("acme")).body
        #expect(adminHome.contains("Invoices missing for October 2026: 2."))
        // October's seven on the desk and the test world's own invoice of Eva's; two of October and two of September to pay.
        #expect(adminHome.contains("Invoices to review: 8."))
        #expect(adminHome.contains("Approved invoices to pay: 4."))
        var employee = try await world.signedIn(world.employee)
        let employeeHome = try await employee.get(Paths.home("acme")).body
        #expect(employeeHome.contains("Your invoice for October 2026 is missing."))
        var leader = try await world.signedIn(world.leader)
        let leaderHome = try await leader.get(Paths.home("acme")).body
        #expect(!leaderHome.contains("Your invoice for October 2026 is missing."), "Petr sent his")
        #expect(leaderHome.contains("Your invoice for November 2026 is missing."))
        let people = try await admin.get(Paths.people("acme"))
        #expect(people.status == .ok && people.body.contains("Barbora") && people.body.contains("Němcová"))
    }

    // MARK: - Reset, for a demo company only

    @Test func resetStartsAfreshAndTouchesNoOtherCompany() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
            _ = try await Self.load(world)
            let loaded = try await Self.counts(world, tenant: acme), other = try await Self.counts(world, tenant: globex)
            _ = try await world.db.transaction(tenant: acme) { db in
                try await db.query("UPDATE tenants SET name = 'Renamed', invoice_reminder_after_start = 7 WHERE id = \(db.tenant)")
            }
            let reset = try await Self.load(world, reset: true)
            #expect(reset.people.map(\.user.id) != [world.admin.id, world.leader.id, world.employee.id], "new people")
            let afresh = try await Self.counts(world, tenant: acme)
            var expected = loaded
            // The test world's invoice of Eva's (with its document, history and correction) and its
            // payment details are gone.
            expected["invoices"]! -= 1
            expected["invoice_documents"]! -= 1
            expected["invoice_history"]! -= 1
            expected["invoice_corrections"]! -= 1
            expected["supplier_details"]! -= 1
            expected["supplier_proposals"]! -= 1
            expected["payment_settings"] = 0
            // And its bank statement of one line (the demo's own statement is made again).
            expected["bank_statements"]! -= 1
            expected["bank_statement_lines"]! -= 1
            // And its client, project (limited to a team and a person), entry and running timer.
            for table in ["clients", "projects", "project_teams", "project_people", "time_entries", "running_timers", "absences",
                          "company_days_off", "time_months", "work_statements", "work_statement_documents", "work_statement_history"] {
                expected[table]! -= 1
            }
            for table in ["mail_preferences", "mail_keys", "oauth_tokens", "oauth_codes", "oidc_attempts", "identity_providers",
                          "sign_in_requests", "audit_events"] {
                expected[table] = afresh[table]
            }
            #expect(afresh == expected)
            #expect(["mail_preferences", "mail_keys", "oauth_tokens", "identity_providers"].allSatisfy { afresh[$0] == 0 })
            #expect(try await Self.counts(world, tenant: globex) == other)
            let tenant = try await world.db.transaction { try await $0.enterTenant(slug: "acme", logger: world.db.logger) }
            #expect(tenant?.0.name == DemoData.name)
        }
    }

    @Test func aRealCompanyIsNeverADemoAndItsHistoryStaysAppendOnly() async throws {
        try await withWorld { world in
            let globex = world.otherAdmin.tenantID
            _ = try await world.db.transaction(tenant: globex) { db in
                await #expect(throws: PSQLError.self) {
                    try await db.query("UPDATE tenants SET demo = true WHERE id = \(db.tenant)")
                }
            }
            try await world.db.transaction(tenant: globex) { db in
                try await db.query("SELECT set_config('roster.demo_rewrite', \(globex.uuidString), true)")
                await #expect(throws: PSQLError.self) {
                    try await db.query("DELETE FROM invoice_history WHERE tenant_id = \(db.tenant)")
                }
            }
            // The demo company's history is append-only too, unless a transaction names it.
            _ = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                await #expect(throws: PSQLError.self) {
                    try await db.query("DELETE FROM invoice_history WHERE tenant_id = \(db.tenant)")
                }
            }
            // And a transaction that names the demo company cannot reach another company's rows.
            try await world.db.transaction(tenant: globex) { db in
                try await db.query("SELECT set_config('roster.demo_rewrite', \(world.admin.tenantID.uuidString), true)")
                await #expect(throws: PSQLError.self) {
                    try await db.query("DELETE FROM invoice_documents WHERE tenant_id = \(db.tenant)")
                }
            }
        }
    }

    @Test func theResetListNamesEveryTableOfACompany() async throws {
        try await withWorld { world in
            let tables = try await world.db.transaction(readOnly: true) { connection in
                try await connection.query("""
                    SELECT table_name::text FROM information_schema.columns
                    WHERE table_schema = 'public' AND column_name = 'tenant_id'
                    """, logger: world.db.logger).collect().map { try $0.decode(String.self) }
            }
            #expect(Set(tables) == Set(DemoCompany.tenantTables))
        }
    }
}
