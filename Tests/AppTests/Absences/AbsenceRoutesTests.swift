import Foundation
import PostgresNIO
import Testing
@testable import App

/// Asking for time off, deciding it and the company's days off, over the web.
@Suite struct AbsenceRoutesTests {
    /// The subjects and recipients of the mails queued for the tenant, oldest first.
    static func mails(_ world: TestWorld) async throws -> [(to: String, subject: String, body: String)] {
        try await world.db.transaction(tenant: world.admin.tenantID) { db in
            try await db.query("SELECT recipient, subject, body FROM outbox WHERE subject NOT LIKE 'Welcome%' ORDER BY created_at, id")
                .collect().map { try $0.decode((String, String, String).self) }.map { (to: $0.0, subject: $0.1, body: $0.2) }
        }
    }

    static func absences(_ world: TestWorld, of user: User) async throws -> [Absence] {
        try await world.db.transaction(tenant: user.tenantID) { db in
            try await AbsenceQueries.of(user.id, from: LocalDate(iso: "2026-01-01")!, through: LocalDate(iso: "2027-12-31")!, on: db)
        }
    }

    @Test func anEmployeeAsksAndHerLeaderDecides() async throws {
        try await withWorld { world in
            var eva = try await world.signedIn(world.employee)
            let page = try await eva.get("/t/acme/absences")
            #expect(page.status == .ok && page.body.contains("No absences this year"))
            #expect(!page.body.contains("Vacation in 2026"))  // a contractor has no vacation balance
            let asked = try await eva.post("/t/acme/absences", form: ["kind": "vacation", "first": "2026-12-21", "last": "2026-12-23",
                                                                       "note": "Family <visit>"], csrfFrom: page)
            #expect(asked.status == .seeOther)
            let overlap = try await eva.post("/t/acme/absences", form: ["kind": "doctor", "first": "2026-12-22", "halfDay": "1"],
                                             csrfFrom: page)
            #expect(overlap.status == .unprocessableEntity && overlap.body.contains("2026-12-21 – 2026-12-23"))
            let bad = try await eva.post("/t/acme/absences", form: ["kind": "nap", "first": "x"], csrfFrom: page)
            #expect(bad.status == .unprocessableEntity && bad.body.contains("Choose what kind"))
            let mine = try await eva.get("/t/acme/absences")
            #expect(mine.body.contains("Waiting") && mine.body.contains("Family &lt;visit&gt;"))
            // Petr leads her team: he is told, and only he.
            let told = try await Self.mails(world)
            // (In Czech, the company's language.)
            #expect(told.map(\.to) == [world.leader.email] && told[0].subject == "Eva Dvořáková žádá o volno")
            #expect(told[0].body.contains("Dovolená, 21. 12. 2026 – 23. 12. 2026"))

            let request = try #require(try await Self.absences(world, of: world.employee).first)
            // Eva cannot decide (her own, and no leader's role); another company's admin finds nothing.
            #expect(try await eva.post(Paths.decideAbsence("acme", request.id), form: ["decision": "approve"], csrfFrom: page).status
                == .forbidden)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let globexHome = try await globex.get("/t/globex/absences/team")
            #expect(try await globex.post(Paths.decideAbsence("globex", request.id), form: ["decision": "approve"],
                                          csrfFrom: globexHome).status == .notFound)
            #expect(!globexHome.body.contains("Dvořáková"))

            var petr = try await world.signedIn(world.leader)
            let calendar = try await petr.get("/t/acme/absences/team?month=2026-12")
            #expect(calendar.status == .ok && calendar.body.contains("Waiting for your decision") && calendar.body.contains("Dvořáková Eva"))
            let noReason = try await petr.post(Paths.decideAbsence("acme", request.id), form: ["decision": "decline", "reason": " "],
                                               csrfFrom: calendar)
            #expect(noReason.status == .unprocessableEntity && noReason.body.contains("Say why you decline it"))
            let approved = try await petr.post(Paths.decideAbsence("acme", request.id), form: ["decision": "approve"], csrfFrom: calendar)
            #expect(approved.status == .seeOther)
            let twice = try await petr.post(Paths.decideAbsence("acme", request.id), form: ["decision": "decline", "reason": "No"],
                                            csrfFrom: calendar)
            #expect(twice.status == .seeOther)
            #expect(try await petr.get("/t/acme/absences/team?month=2026-12").body.contains("already decided"))
            #expect(try await Self.absences(world, of: world.employee).map(\.status) == [.approved])
            let decided = try await Self.mails(world)
            #expect(decided.last?.to == world.employee.email && decided.last?.subject == "Schváleno: Dovolená")

            // Her timesheet marks the days and expects no hours of them (24 December is a holiday).
            let week = try await eva.get("/t/acme/time?week=2026-12-21")
            #expect(week.body.contains("<span class=\"badge\">Vacation</span>"))
            #expect(week.body.contains("contract: 0:00 h"))  // 21st–23rd taken, 24th–25th public holidays
            // An approved request cannot be withdrawn; the calendar shows it.
            let withdraw = try await eva.post(Paths.withdrawAbsence("acme", request.id), form: ["confirmed": "1"], csrfFrom: page)
            #expect(withdraw.status == .seeOther)
            #expect(try await Self.absences(world, of: world.employee).map(\.status) == [.approved])
            let shown = try await petr.get("/t/acme/absences/team?month=2026-12")
            #expect(shown.body.contains("class=\"absent vacation\"") && !shown.body.contains("Waiting for your decision"))
            // The audit trail says who asked and who approved.
            let audit = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("SELECT action FROM audit_events WHERE subject_id = \(world.employee.id) AND action LIKE 'absence%' ORDER BY at")
                    .collect().map { try $0.decode(String.self) }
            }
            #expect(audit == ["absenceRequested", "absenceApproved"])
        }
    }

    @Test func aLeadersOwnRequestGoesToTheAdminsAndCanBeWithdrawn() async throws {
        try await withWorld { world in
            // (The test world's admin chose one kind of mail: she wants these too.)
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await MailPreferenceQueries.set(Set(MailKind.allCases), for: world.admin, on: db)
            }
            var petr = try await world.signedIn(world.leader)
            let page = try await petr.get("/t/acme/absences")
            _ = try await petr.post("/t/acme/absences", form: ["kind": "sick", "first": "2026-11-19"], csrfFrom: page)
            let own = try #require(try await Self.absences(world, of: world.leader).first)
            let told = try await Self.mails(world)
            #expect(told.map(\.to) == [world.admin.email], "\(told.map { ($0.to, $0.subject) })")
            let calendar = try await petr.get("/t/acme/absences/team")
            #expect(!calendar.body.contains("Waiting for your decision"))
            #expect(try await petr.post(Paths.decideAbsence("acme", own.id), form: ["decision": "approve"], csrfFrom: calendar).status
                == .notFound)
            // Eva cannot withdraw it; Petr can.
            var eva = try await world.signedIn(world.employee)
            let evaPage = try await eva.get("/t/acme/absences")
            #expect(try await eva.post(Paths.withdrawAbsence("acme", own.id), form: ["confirmed": "1"], csrfFrom: evaPage).status
                == .notFound)
            let confirm = try await petr.post(Paths.withdrawAbsence("acme", own.id), form: [:], csrfFrom: page)
            #expect(confirm.status == .ok && confirm.body.contains("Withdraw this request?"))
            #expect(try await petr.confirm(confirm).status == .seeOther)
            #expect(try await Self.absences(world, of: world.leader).map(\.status) == [.withdrawn])
            let last = try await Self.mails(world).last
            #expect(last?.to == world.admin.email && last?.subject == "Mgr. Petr Svoboda stáhl(a) žádost o volno")
        }
    }

    @Test func adminsGiveTheCompanyDaysOff() async throws {
        try await withWorld { world in
            var jana = try await world.signedIn(world.admin)
            let page = try await jana.get("/t/acme/admin/days-off?year=2026")
            #expect(page.status == .ok && page.body.contains("Public holidays in 2026") && page.body.contains("No days off of the company"))
            #expect(try await jana.post("/t/acme/admin/days-off", form: ["day": "2026-12-31", "name": "New Year's Eve"], csrfFrom: page).status
                == .seeOther)
            let weekend = try await jana.post("/t/acme/admin/days-off", form: ["day": "2026-12-26", "name": "Saturday"], csrfFrom: page)
            #expect(weekend.status == .unprocessableEntity && weekend.body.contains("weekend or a public holiday"))
            let after = try await jana.get("/t/acme/admin/days-off?year=2026")
            #expect(after.body.contains("New Year&#39;s Eve") || after.body.contains("New Year's Eve"))
            let week = try await jana.get("/t/acme/time?week=2026-12-28")
            #expect(week.body.contains("New Year"))
            #expect(week.body.contains("contract: 24:00 h"))  // 40 h a week: 28th–30th; the 31st off, 1 January a holiday

            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let home = try await browser.get("/t/acme/absences")
                #expect(try await browser.get("/t/acme/admin/days-off").status == .forbidden)
                #expect(try await browser.post("/t/acme/admin/days-off", form: ["day": "2026-12-30", "name": "Mine"], csrfFrom: home).status
                    == .forbidden)
            }
            let deleted = try await jana.post("/t/acme/admin/days-off/delete", form: ["day": "2026-12-31", "confirmed": "1"], csrfFrom: after)
            #expect(deleted.status == .seeOther)
            #expect(try await jana.post("/t/acme/admin/days-off/delete", form: ["day": "2026-12-31", "confirmed": "1"], csrfFrom: after).status
                == .notFound)
        }
    }

    @Test func anAdminNarrowsTheCalendarToATeam() async throws {
        try await withWorld { world in
            let evasTeam = try #require(try await world.db.transaction(tenant: world.employee.tenantID, readOnly: true) {
                try await PeopleQueries.person(world.employee.id, on: $0)?.teamID
            })
            var jana = try await world.signedIn(world.admin)
            let everyone = try await jana.get("/t/acme/absences/team?month=2026-12")
            #expect(everyone.body.contains("Dvořáková Eva") && everyone.body.contains("Nováková Jana"))
            #expect(everyone.body.contains(#"<select id="calendar-team" name="team">"#))
            let team = try await jana.get(Paths.teamAbsences("acme", month: Month(iso: "2026-12")!, team: evasTeam))
            #expect(team.body.contains("Dvořáková Eva") && !team.body.contains(">Nováková Jana<"))
            #expect(team.body.contains("team=\(evasTeam.lowercasedString)"), "the pager keeps the team")
            // Garbage or another company's team: everyone, as without one.
            for other in ["nope", UUID().uuidString] {
                #expect(try await jana.get("/t/acme/absences/team?month=2026-12&team=\(other)").body.contains(">Nováková Jana<"))
            }
            // A leader has no team filter: their teams are the calendar.
            var petr = try await world.signedIn(world.leader)
            #expect(!(try await petr.get("/t/acme/absences/team?month=2026-12").body.contains("calendar-team")))
            // The API: the same narrowing; an id that is not one is refused.
            let api = try await APIClient.signIn(world, world.admin)
            let narrowed = try await api.get("/absences?month=2026-12&team=\(evasTeam.lowercasedString)")
                .decode(Components.Schemas.TeamAbsences.self)
            #expect(narrowed.people.contains { $0.name == "Dvořáková Eva" } && !narrowed.people.contains { $0.name == "Nováková Jana" })
            #expect(try await api.get("/absences?month=2026-12&team=nope").status == .unprocessableEntity)
        }
    }
}
