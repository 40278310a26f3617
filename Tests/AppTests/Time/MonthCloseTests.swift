import Foundation
import PostgresNIO
import Testing
@testable import App

/// The month closed: submitted by the person, approved or returned by their leader, reopened by an
/// admin; a closed month's entries and absences do not change.
@Suite struct MonthCloseTests {
    static func state(_ world: TestWorld, _ user: User, _ month: String = "2026-11") async throws -> TimeMonth? {
        try await world.db.transaction(tenant: user.tenantID) { try await MonthCloseQueries.month(of: user.id, Month(iso: month)!, on: $0) }
    }

    @Test func submittedReturnedApprovedAndReopened() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world)
            var eva = try await world.signedIn(world.employee)
            let week = try await eva.get("/t/acme/time?week=2026-11-18")
            let entry = ["day": "2026-11-18", "project": project.uuidString, "start": "9:00", "end": "12:00"]
            #expect(try await eva.post("/t/acme/time/entries", form: entry, csrfFrom: week).status == .seeOther)
            let month = try await eva.get("/t/acme/time/month?month=2026-11")
            #expect(month.body.contains("Not submitted yet.") && month.body.contains("Submit the month"))
            let submit = ["month": "2026-11"]
            #expect(try await eva.post("/t/acme/time/month/submit", form: submit, csrfFrom: month).status == .seeOther)
            #expect(try await Self.state(world, world.employee)?.status == .submitted)
            #expect(try await eva.post("/t/acme/time/month/submit", form: submit, csrfFrom: month).status == .seeOther)
            #expect(try await eva.get("/t/acme/time/month?month=2026-11").body.contains("Nothing changed"))
            _ = try await eva.post("/t/acme/time/month/submit", form: ["month": "2026-12"], csrfFrom: month)
            #expect(try await Self.state(world, world.employee, "2026-12") == nil)

            // Submitted: the entries stay as they are, whoever asks.
            var more = entry
            (more["start"], more["end"]) = ("13:00", "14:00")
            let refused = try await eva.post("/t/acme/time/entries", form: more, csrfFrom: week)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("submitted or approved"))
            let id = try #require(try await TimeTrackingTests.entries(world, of: world.employee).first).id
            let deleted = try await eva.post(Paths.deleteTimeEntry("acme", id), form: ["confirmed": "1"], csrfFrom: week)
            let kept = try await TimeTrackingTests.entries(world, of: world.employee)
            #expect(deleted.status == .seeOther && kept.count == 1)

            // Eva decides nothing; another company's admin finds no one; Petr returns it with a reason.
            let decision = ["month": "2026-11", "person": world.employee.id.uuidString, "decision": "approve"]
            #expect(try await eva.post("/t/acme/time/month/decision", form: decision, csrfFrom: month).status == .forbidden)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let globexPage = try await globex.get("/t/globex/time/close")
            #expect(try await globex.post("/t/globex/time/month/decision", form: decision, csrfFrom: globexPage).status == .notFound)
            #expect(try await globex.post("/t/globex/time/month/reopen", form: ["month": "2026-11", "person": world.employee.id.uuidString,
                                                                                 "reason": "x"], csrfFrom: globexPage).status == .notFound)
            var petr = try await world.signedIn(world.leader)
            let overview = try await petr.get("/t/acme/time/close?month=2026-11")
            #expect(overview.status == .ok && overview.body.contains("waiting for approval: 1"))
            #expect(overview.body.contains("Dvořáková Eva") && !overview.body.contains("Nováková Jana"))
            let evaMonth = try await petr.get("/t/acme/time/month?month=2026-11&person=\(world.employee.id.uuidString)")
            #expect(evaMonth.body.contains("Approve the month"))
            var giveBack = decision
            (giveBack["decision"], giveBack["reason"]) = ("return", " ")
            _ = try await petr.post("/t/acme/time/month/decision", form: giveBack, csrfFrom: evaMonth)
            #expect(try await Self.state(world, world.employee)?.status == .submitted)
            giveBack["reason"] = "The 18th is missing the afternoon"
            #expect(try await petr.post("/t/acme/time/month/decision", form: giveBack, csrfFrom: evaMonth).status == .seeOther)
            #expect(try await Self.state(world, world.employee)?.reason == "The 18th is missing the afternoon")
            // Returned: Eva adds the afternoon and submits again; Petr approves.
            #expect(try await eva.post("/t/acme/time/entries", form: more, csrfFrom: week).status == .seeOther)
            #expect(try await eva.post("/t/acme/time/month/submit", form: submit, csrfFrom: month).status == .seeOther)
            #expect(try await petr.post("/t/acme/time/month/decision", form: decision, csrfFrom: evaMonth).status == .seeOther)
            #expect(try await Self.state(world, world.employee)?.status == .approved)
            // An approved month takes no absence either.
            let absences = try await eva.get("/t/acme/absences")
            let sick = try await eva.post("/t/acme/absences", form: ["kind": "sick", "first": "2026-11-20"], csrfFrom: absences)
            #expect(sick.status == .unprocessableEntity && sick.body.contains("whose time is approved"))

            // Petr's own month is not his to approve.
            _ = try await petr.post("/t/acme/time/month/submit", form: submit, csrfFrom: evaMonth)
            let own = ["month": "2026-11", "person": world.leader.id.uuidString, "decision": "approve"]
            #expect(try await petr.post("/t/acme/time/month/decision", form: own, csrfFrom: evaMonth).status == .notFound)
            // Reopening is an admin's, with a reason, and recorded.
            let reopen = ["month": "2026-11", "person": world.employee.id.uuidString, "reason": "Client asked for a correction"]
            #expect(try await petr.post("/t/acme/time/month/reopen", form: reopen, csrfFrom: evaMonth).status == .forbidden)
            var jana = try await world.signedIn(world.admin)
            let janaPage = try await jana.get("/t/acme/time/month?month=2026-11&person=\(world.employee.id.uuidString)")
            #expect(janaPage.body.contains("Reopen"))
            #expect(try await jana.post("/t/acme/time/month/reopen", form: reopen, csrfFrom: janaPage).status == .seeOther)
            #expect(try await Self.state(world, world.employee)?.status == .returned)
            let audit = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("SELECT action FROM audit_events WHERE subject_id = \(world.employee.id) AND action LIKE 'time%' ORDER BY at")
                    .collect().map { try $0.decode(String.self) }
            }
            #expect(audit == ["timeSubmitted", "timeReturned", "timeSubmitted", "timeApproved", "timeReopened"])
            #expect(try await eva.get("/t/acme/time/close").status == .forbidden)
        }
    }
}

/// The desk's expected amount from a month's approved hours, and the company's tolerance.
@Suite struct ExpectedFromHoursTests {
    @Test func onlyAnApprovedMonthsHoursCount() async throws {
        try await withWorld { world in
            let project = try await TimeTrackingTests.project(world)
            let eva = world.employee
            try await world.db.transaction(tenant: eva.tenantID) { db in
                for (day, hours) in [("2026-11-16", 6), ("2026-11-18", 4)] {
                    let draft = TimeEntryDraft(day: LocalDate(iso: day)!, project: project, span: .duration(minutes: hours * 60), description: "")
                    _ = try await TimeEntryQueries.save(draft, id: nil, for: eva.id, zone: "Europe/Prague", on: db)!.get()
                }
            }
            let november = Month(iso: "2026-11")!
            func expected() async throws -> (MonthEarnings, Int) {
                try await world.db.transaction(tenant: eva.tenantID) { db in
                    let people = try await ReviewQueries.contractsAndRates(of: [eva.id], in: november, on: db)
                    let time = try await TimeBasisQueries.bases(of: [eva.id], from: november.first, through: november.last, on: db)
                    return (Earnings.expected(in: november, contracts: people[eva.id]?.contracts ?? [], rates: people[eva.id]?.rates ?? [],
                                              time: time.basis(of: eva.id, in: november)), time.toleranceBP)
                }
            }
            // Not approved yet: the contract's hours (30 h a week, 20 working days).
            let (before, tolerance) = try await expected()
            #expect(before.basis == .capacity && before.amountMinor == 20 * 6 * 680_00 && tolerance == 100)
            let submitted = try await world.act(as: eva, today: LocalDate(iso: "2026-11-30")!) { try await MonthClosing.submit(november, $0) }
            let approval = MonthClosing.Decision(month: november, person: eva.id, approve: true, reason: "")
            let decided = try await world.act(as: world.leader) { try await MonthClosing.decide(approval, $0) }
            #expect([submitted, decided] == [.done, .done])
            let (after, _) = try await expected()
            #expect(after.basis == .hours && after.amountMinor == 10 * 680_00 && after.paidDays == 2)

            // The company's tolerance, set on the company settings page.
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get("/t/acme/admin/company")
            #expect(page.body.contains("value=\"1\""))
            let form = ["name": "Acme s.r.o.", "timeZone": "Europe/Prague", "defaultLanguage": "cs", "amountTolerance": "2,5"]
            #expect(try await jana.post("/t/acme/admin/company", form: form, csrfFrom: page).status == .seeOther)
            let (_, changed) = try await expected()
            #expect(changed == 250)
            var bad = form
            bad["amountTolerance"] = "101"
            let refused = try await jana.post("/t/acme/admin/company", form: bad, csrfFrom: page)
            #expect(refused.status == .unprocessableEntity && refused.body.contains("percentage from 0 to 100"))
        }
    }

    @Test func percentagesAsTyped() {
        #expect(Percent.basisPoints(parsing: "1") == 100 && Percent.basisPoints(parsing: "2,5") == 250
            && Percent.basisPoints(parsing: " 0.05 ") == 5 && Percent.basisPoints(parsing: "100") == 10_000 && Percent.basisPoints(parsing: ".5") == 50)
        #expect([" ", "-1", "100.01", "1.234", "1e2", "abc", "1,2,3", String(repeating: "9", count: 100)].allSatisfy {
            Percent.basisPoints(parsing: $0) == nil
        })
        #expect(Percent.plain(basisPoints: 100) == "1" && Percent.plain(basisPoints: 250) == "2.5" && Percent.plain(basisPoints: 5) == "0.05")
    }
}
