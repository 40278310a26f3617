import Foundation
import Crypto
import PostgresNIO
import Testing
@testable import App

/// Work statements end to end: an employee's approved month writes one, the person and admins
/// download it (openpyxl reads the numbers back), admins approve or return it (a return reopens
/// the month, whose next approval writes version 2), the month's workbook has a sheet per person;
/// the wrong role, another company and bad input get nothing.
@Suite struct WorkStatementRoutesTests {
    /// Eva becomes an employee (HPP) at 400 Kč an hour, books two days and submits November.
    static func evaSubmitsNovember(_ world: TestWorld) async throws -> Browser {
        try await world.db.transaction(tenant: world.employee.tenantID) { db in
            try await db.query("UPDATE contracts SET kind = 'hpp' WHERE tenant_id = \(db.tenant) AND user_id = \(world.employee.id)")
            try await db.query("""
                INSERT INTO rates (tenant_id, user_id, effective_from, amount_minor, currency)
                VALUES (\(db.tenant), \(world.employee.id), '2026-11-01', 40000, 'CZK')
                """)
        }
        let project = try await TimeTrackingTests.project(world)
        var eva = try await world.signedIn(world.employee)
        let week = try await eva.get("/t/acme/time?week=2026-11-16")
        for (day, start, end) in [("2026-11-16", "9:00", "12:30"), ("2026-11-17", "8:00", "16:00")] {
            let entry = ["day": day, "project": project.uuidString, "start": start, "end": end]
            #expect(try await eva.post("/t/acme/time/entries", form: entry, csrfFrom: week).status == .seeOther)
        }
        let month = try await eva.get("/t/acme/time/month?month=2026-11")
        #expect(try await eva.post("/t/acme/time/month/submit", form: ["month": "2026-11"], csrfFrom: month).status == .seeOther)
        return eva
    }

    static func statements(_ world: TestWorld) async throws -> [WorkStatementSummary] {
        try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
            try await WorkStatementQueries.list(month: Month(iso: "2026-11")!, timeZone: "Europe/Prague", on: db)
        }
    }

    static func approveMonth(_ world: TestWorld, by leader: inout Browser) async throws {
        let page = try await leader.get("/t/acme/time/month?month=2026-11&person=\(world.employee.id.uuidString)")
        let form = ["month": "2026-11", "person": world.employee.id.uuidString, "decision": "approve"]
        #expect(try await leader.post("/t/acme/time/month/decision", form: form, csrfFrom: page).status == .seeOther)
    }

    @Test func anApprovedMonthWritesTheStatementThatTheDeskReviews() async throws {
        try await withWorld { world in
            var eva = try await Self.evaSubmitsNovember(world)
            #expect(try await Self.statements(world).isEmpty)
            var petr = try await world.signedIn(world.leader)
            try await Self.approveMonth(world, by: &petr)
            let statement = try #require(try await Self.statements(world).first)
            // "My invoices" reads one person's statements with a prepared statement of its own
            // (`PersonWorkStatements`): the same summary as the month's list.
            let own = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await WorkStatementQueries.list(of: world.employee.id, timeZone: "Europe/Prague", on: db)
            }
            #expect(own.first { $0.month == statement.month } == statement)
            #expect(!own.isEmpty && own.allSatisfy { $0.userID == world.employee.id })
            #expect(own.map(\.month) == own.map(\.month).sorted(by: >), "newest first")
            // Petr heard of the submitted month, Eva of its approval (in the company's language).
            let mails = try await AbsenceRoutesTests.mails(world)
            #expect(mails.contains { $0.to == world.leader.email && $0.subject == "Eva Dvořáková odeslal(a) odpracovaný čas za listopad 2026" })
            #expect(mails.contains { $0.to == world.employee.email && $0.subject.hasPrefix("Váš čas za listopad 2026 je schválen") }
                || mails.contains { $0.to == world.employee.email && $0.subject == "Your time for November 2026 is approved" })
            // 3.5 h + 8 h at 400 Kč.
            #expect(statement.state == .submitted && statement.version == 1 && statement.seconds == 41_400)
            #expect(statement.amountMinor == 4_600_00 && statement.basis == .hours)

            // Eva's "My invoices" shows it where the month needed nothing, with its file.
            let mine = try await eva.get("/t/acme/invoices")
            #expect(mine.body.contains("Work statement · Submitted") && mine.body.contains("4,600.00"))
            let file = Paths.workStatementFile("acme", statement.id)
            #expect(mine.body.contains(file))
            let download = try await eva.get(file)
            #expect(download.status == .ok && download.headers.first(name: .contentDisposition)
                == "attachment; filename=\"statement-2026-11-dvorakova-eva.xlsx\"")
            let sheet = try #require(try ExportTests.readXLSX(download.bytes).values.first)
            #expect(Array(sheet[0].prefix(2)) == [.text("Osoba"), .text("Dvořáková Eva")])  // the company's language
            let lines = sheet.filter { $0.first == .text("2026-11-16") || $0.first == .text("2026-11-17") }
            #expect(lines.map { $0[4] } == [.number(3.5), .number(8)] && lines.map { $0[6] } == [.number(1_400), .number(3_200)])
            #expect(sheet.last?[4] == .number(11.5) && sheet.last?[6] == .number(4_600))
            // The file is kept with its hash.
            let stored = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("SELECT sha256, content FROM work_statement_documents WHERE statement_id = \(statement.id)")
                    .collect()[0].decode((Data, Data).self)
            }
            #expect(stored.1 == download.bytes && stored.0 == Data(SHA256.hash(data: stored.1)))

            // The admins' list: the statement, approve and return; Eva, Petr and Globex's admin get nothing.
            var jana = try await world.signedIn(world.admin)
            let list = try await jana.get(Paths.workStatements("acme", month: Month(iso: "2026-11")!))
            #expect(list.status == .ok && list.body.contains("Dvořáková Eva") && list.body.contains("1 to review"))
            #expect(try await eva.get(Paths.workStatements("acme", month: Month(iso: "2026-11")!)).status == .forbidden)
            #expect(try await petr.get(Paths.workStatements("acme", month: Month(iso: "2026-11")!)).status == .forbidden)
            #expect(try await petr.get(file).status == .notFound)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            #expect(try await globex.get(Paths.workStatementFile("globex", statement.id)).status == .notFound)
            let pick = "\(statement.id.lowercasedString):\(statement.version)"
            let globexList = try await globex.get(Paths.workStatements("globex", month: Month(iso: "2026-11")!))
            let globexTry = try await globex.post(Paths.decideWorkStatements("globex"),
                                                  form: ["month": "2026-11", "decision": "approve", "pick[]": pick], csrfFrom: globexList)
            let afterGlobex = try await Self.statements(world).first?.state
            #expect(globexTry.status == .seeOther && afterGlobex == .submitted)
            #expect(try await eva.post(Paths.decideWorkStatements("acme"), form: ["month": "2026-11", "decision": "approve", "pick[]": pick],
                                       csrfFrom: mine).status == .forbidden)

            // Bad input: no decision, nothing picked, a return without a reason or with too long a one.
            #expect(try await jana.post(Paths.decideWorkStatements("acme"), form: ["month": "2026-11", "decision": "pay", "pick[]": pick],
                                        csrfFrom: list).status == .badRequest)
            _ = try await jana.post(Paths.decideWorkStatements("acme"), form: ["month": "2026-11", "decision": "approve", "pick[]": "x:y"],
                                    csrfFrom: list)
            #expect(try await jana.get(Paths.workStatements("acme", month: Month(iso: "2026-11")!)).body.contains("Select at least one"))
            for reason in ["  ", String(repeating: "r", count: 501)] {
                _ = try await jana.post(Paths.decideWorkStatements("acme"),
                                        form: ["month": "2026-11", "decision": "return", "pick[]": pick, "reason": reason], csrfFrom: list)
                #expect(try await Self.statements(world).first?.state == .submitted)
            }

            // Returned with a reason: the month is reopened; Eva adds an hour, submits, Petr approves: version 2.
            let back = try await jana.post(Paths.decideWorkStatements("acme"),
                                           form: ["month": "2026-11", "decision": "return", "pick[]": pick, "reason": "The 18th is missing"],
                                           csrfFrom: list)
            #expect(back.status == .seeOther)
            #expect(try await Self.statements(world).first?.state == .returned)
            #expect(try await MonthCloseTests.state(world, world.employee)?.status == .returned)
            #expect(try await eva.get("/t/acme/invoices").body.contains("Returned because: The 18th is missing."))
            let returned = try await AbsenceRoutesTests.mails(world).last
            #expect(returned?.to == world.employee.email && returned?.body.contains("The 18th is missing") == true)
            let audited = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("""
                    SELECT changes->>'reason' FROM audit_events WHERE subject_id = \(world.employee.id) AND action = 'timeReopened'
                    """).collect().map { try $0.decode(String.self) }
            }
            #expect(audited == ["The 18th is missing"])
            let week = try await eva.get("/t/acme/time?week=2026-11-16")
            let project = try #require(try await TimeTrackingTests.entries(world, of: world.employee).first).projectID
            #expect(try await eva.post("/t/acme/time/entries", form: ["day": "2026-11-18", "project": project.uuidString, "start": "9:00",
                                                                      "end": "10:00"], csrfFrom: week).status == .seeOther)
            #expect(try await eva.post("/t/acme/time/month/submit", form: ["month": "2026-11"], csrfFrom: week).status == .seeOther)
            try await Self.approveMonth(world, by: &petr)
            let second = try #require(try await Self.statements(world).first)
            #expect(second.id == statement.id && second.state == .submitted && second.seconds == 45_000 && second.amountMinor == 5_000_00)
            let versions = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("SELECT version_no FROM work_statement_documents WHERE statement_id = \(statement.id) ORDER BY 1")
                    .collect().map { try $0.decode(Int.self) }
            }
            #expect(versions == [1, 2])

            // A stale pick changes nothing; the fresh one approves it.
            let fresh = try await jana.get(Paths.workStatements("acme", month: Month(iso: "2026-11")!))
            _ = try await jana.post(Paths.decideWorkStatements("acme"), form: ["month": "2026-11", "decision": "approve", "pick[]": pick],
                                    csrfFrom: fresh)
            #expect(try await Self.statements(world).first?.state == .submitted)
            let current = "\(second.id.lowercasedString):\(second.version)"
            _ = try await jana.post(Paths.decideWorkStatements("acme"), form: ["month": "2026-11", "decision": "approve", "pick[]": current],
                                    csrfFrom: fresh)
            #expect(try await Self.statements(world).first?.state == .approved)
            let history = try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) { db in
                try await db.query("""
                    SELECT coalesce(from_state::text, '-') || '>' || to_state::text FROM work_statement_history
                    WHERE statement_id = \(statement.id) ORDER BY at, id
                    """).collect().map { try $0.decode(String.self) }
            }
            #expect(history == ["->submitted", "submitted>returned", "returned>submitted", "submitted>approved"])

            // The month's workbook: a sheet per person, for admins only.
            let workbook = try await jana.get(Paths.workStatementWorkbook("acme", month: Month(iso: "2026-11")!))
            #expect(workbook.status == .ok)
            #expect(Array(try ExportTests.readXLSX(workbook.bytes).keys) == ["Dvořáková Eva"])
            #expect(try await eva.get(Paths.workStatementWorkbook("acme", month: Month(iso: "2026-11")!)).status == .forbidden)

            // An admin reopens the approved month: its statement goes back too, out of the workbook.
            let monthPage = try await jana.get("/t/acme/time/month?month=2026-11&person=\(world.employee.id.uuidString)")
            let reopen = ["month": "2026-11", "person": world.employee.id.uuidString, "reason": "Overtime was missed"]
            #expect(try await jana.post("/t/acme/time/month/reopen", form: reopen, csrfFrom: monthPage).status == .seeOther)
            let reopened = try #require(try await Self.statements(world).first)
            #expect(reopened.state == .returned && reopened.version == second.version + 2 && reopened.returnReason == "Overtime was missed")
            let after = try await jana.get(Paths.workStatementWorkbook("acme", month: Month(iso: "2026-11")!))
            #expect(!(try ExportTests.readXLSX(after.bytes).keys.contains("Dvořáková Eva")))
        }
    }

    @Test func aContractorsMonthWritesNoStatementAndAnAdminDoesNotApproveTheirOwn() async throws {
        try await withWorld { world in
            // Eva stays a contractor: her approved month writes nothing.
            let project = try await TimeTrackingTests.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time?week=2026-11-16")
            _ = try await eva.post("/t/acme/time/entries", form: ["day": "2026-11-16", "project": project.uuidString, "duration": "2:00"],
                                   csrfFrom: week)
            _ = try await eva.post("/t/acme/time/month/submit", form: ["month": "2026-11"], csrfFrom: week)
            var petr = try await world.signedIn(world.leader)
            try await Self.approveMonth(world, by: &petr)
            #expect(try await MonthCloseTests.state(world, world.employee)?.status == .approved)
            #expect(try await Self.statements(world).isEmpty)

            // An admin's own statement waits for another admin.
            let own = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("UPDATE contracts SET kind = 'dpp' WHERE tenant_id = \(db.tenant) AND user_id = \(world.admin.id)")
                try await db.query("""
                    UPDATE users SET roles = array_append(roles, 'admin') WHERE tenant_id = \(db.tenant) AND id = \(world.leader.id)
                    """)
                let input = try await WorkStatementQueries.input(of: world.admin.id, Month(iso: "2026-11")!, on: db)!
                let statement = WorkStatementRules.build(input, t: TestTranslator.en)
                return try await WorkStatementQueries.store(statement, file: Data("x".utf8), filename: "x.xlsx", of: world.admin.id,
                                                            month: Month(iso: "2026-11")!, by: world.admin.id, on: db)
            }
            let site = try await world.mailSite()
            let outcome = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await WorkStatementDecisions.apply(.approve, to: [WorkStatementPick(id: own, version: 1)], reason: nil,
                                                       by: world.admin.id, site: site, on: db)
            }
            #expect(outcome[own] == .ownInvoice)
            let list = try await Self.statements(world)
            #expect(list.map(\.state) == [.submitted])
        }
    }
}
