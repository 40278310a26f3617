import Foundation
import Testing
@testable import App

/// Setting, correcting and deleting rates on a profile, through HTTP.
@Suite struct RateRoutesTests {
    static func history(_ world: TestWorld, _ user: User) async throws -> [RateEntry] {
        try await world.db.transaction(tenant: user.tenantID) {
            try await RateQueries.history(of: user.id, on: $0)
        }
    }

    static func today(_ world: TestWorld) -> LocalDate { world.today }

    @Test func anAdminSetsARateAndSeesItInTheHistory() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let eva = Paths.person("acme", world.employee.id)
            let page = try await admin.get(eva)
            #expect(page.body.contains("In effect today") && page.body.contains("CZK\u{00A0}680.00 / h since 2025-09-01"))
            #expect(page.body.contains("Upcoming") && page.body.contains("CZK\u{00A0}720.00"))
            // The history, newest first, with the change against the rate before.
            #expect(page.body.contains("+6.25\u{00A0}%")) // 640 → 680
            let set = try await admin.post(Paths.rates("acme", world.employee.id),
                                           form: ["amount": "700,50", "effectiveFrom": "2026-02-01"], csrfFrom: page)
            #expect(set.status == .seeOther && set.location == eva + "#rates")
            let after = try await admin.get(eva)
            #expect(after.body.contains("The rate was set.") && after.body.contains("CZK\u{00A0}700.50"))
            let rates = try await Self.history(world, world.employee)
            #expect(rates.contains { $0.rate.amountMinor == 700_50 && $0.rate.effectiveFrom.iso == "2026-02-01" })
            #expect(after.body.contains("set an hourly rate"))
        }
    }

    @Test func badAmountsAndDatesAreRefusedWithTheFormKept() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.person("acme", world.employee.id))
            let path = Paths.rates("acme", world.employee.id)
            let cases: [(String, String, String)] = [
                ("0", "2027-01-01", "must be more than zero"),
                ("-5", "2027-01-01", "at most two decimals"),
                ("abc", "2027-01-01", "at most two decimals"),
                ("", "2027-01-01", "Enter the amount per hour"),
                ("100000.01", "2027-01-01", "more than 100,000 an hour"),
                ("650.123", "2027-01-01", "at most two decimals"),
                ("650", "2027-02-30", "Enter a real date"),
                ("650", "tomorrow", "Enter a real date"),
                ("650", "1900-01-01", "Enter a real date from 2000 to 2100"),
                ("650", "2025-09-01", "Another rate already takes effect on this day"),
            ]
            for (amount, day, message) in cases {
                let refused = try await admin.post(path, form: ["amount": amount, "effectiveFrom": day], csrfFrom: page)
                #expect(refused.status == .unprocessableEntity, "\(amount) \(day)")
                #expect(refused.body.contains(message), "\(amount) \(day) should say \(message)")
                #expect(refused.body.contains("value=\"\(amount.isEmpty ? "" : amount)\""), "the amount is kept")
                #expect(refused.body.contains("aria-invalid=\"true\""))
            }
            let rates = try await Self.history(world, world.employee)
            #expect(rates.count == 4, "nothing was stored")
            // The top of the range is accepted.
            let top = try await admin.post(path, form: ["amount": "100 000", "effectiveFrom": "2031-01-01"], csrfFrom: page)
            #expect(top.status == .seeOther)
        }
    }

    @Test func aFutureRateIsCorrectedOrDeletedFreely() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let rates = try await Self.history(world, world.employee)
            let upcoming = try #require(RateHistory.upcoming(rates.map(\.rate), after: Self.today(world)))
            let edit = try await admin.get(Paths.rate("acme", world.employee.id, upcoming.id))
            #expect(edit.status == .ok && edit.body.contains("Correct an upcoming rate") && edit.body.contains("value=\"720.00\""))
            #expect(edit.body.contains("Delete this rate"))
            let later = Month(upcoming.effectiveFrom).adding(months: 1).first
            let corrected = try await admin.post(Paths.rate("acme", world.employee.id, upcoming.id),
                                                 form: ["amount": "730", "effectiveFrom": later.iso], csrfFrom: edit)
            #expect(corrected.status == .seeOther)
            let moved = try await Self.history(world, world.employee).first { $0.rate.id == upcoming.id }
            #expect(moved?.rate.amountMinor == 730_00 && moved?.rate.effectiveFrom == later && moved?.correctedAt == nil)
            let deleted = try await admin.post(Paths.deleteRate("acme", world.employee.id, upcoming.id), form: ["confirmed": "1"], csrfFrom: edit)
            #expect(deleted.status == .seeOther)
            let after = try await admin.get(Paths.person("acme", world.employee.id))
            #expect(after.body.contains("The upcoming rate was deleted.") && after.body.contains("deleted an upcoming hourly rate"))
            #expect(try await Self.history(world, world.employee).count == 3)
        }
    }

    @Test func aRateInEffectChangesOnlyAsAnExplicitTypoFix() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let rates = try await Self.history(world, world.employee)
            let current = try #require(RateHistory.inEffect(rates.map(\.rate), on: Self.today(world)))
            let path = Paths.rate("acme", world.employee.id, current.id)
            let edit = try await admin.get(path)
            #expect(edit.body.contains("Fix a typo in a rate") && edit.body.contains("already taken effect"))
            #expect(!edit.body.contains("Delete this rate"))
            let unconfirmed = try await admin.post(path, form: ["amount": "681", "effectiveFrom": current.effectiveFrom.iso], csrfFrom: edit)
            #expect(unconfirmed.status == .unprocessableEntity && unconfirmed.body.contains("Tick the box"))
            #expect(unconfirmed.body.contains("value=\"681\""))
            // Moving a future rate into the past also needs the confirmation.
            let upcoming = try #require(RateHistory.upcoming(rates.map(\.rate), after: Self.today(world)))
            let intoThePast = try await admin.post(Paths.rate("acme", world.employee.id, upcoming.id),
                                                   form: ["amount": "720", "effectiveFrom": "2026-01-15"], csrfFrom: edit)
            #expect(intoThePast.status == .unprocessableEntity)
            let fixed = try await admin.post(path, form: ["amount": "681", "effectiveFrom": current.effectiveFrom.iso, "typoFix": "on"], csrfFrom: edit)
            #expect(fixed.status == .seeOther)
            let entry = try await Self.history(world, world.employee).first { $0.rate.id == current.id }
            #expect(entry?.rate.amountMinor == 681_00 && entry?.correctedAt != nil)
            let profile = try await admin.get(Paths.person("acme", world.employee.id))
            #expect(profile.body.contains("fixed a typo in an hourly rate") && profile.body.contains("corrected "))
            // A rate in effect cannot be deleted, even by a hand-made request.
            let refused = try await admin.post(Paths.deleteRate("acme", world.employee.id, current.id), form: ["confirmed": "1"], csrfFrom: edit)
            #expect(refused.status == .seeOther)
            let stays = try await admin.get(Paths.person("acme", world.employee.id))
            #expect(stays.body.contains("stays in the history"))
            #expect(try await Self.history(world, world.employee).contains { $0.rate.id == current.id })
        }
    }

    @Test func onlyAdminsOfThisTenantSeeOrChangeRates() async throws {
        try await withWorld { world in
            let rates = try await Self.history(world, world.employee)
            let rate = rates[0].rate
            let form = ["amount": "999", "effectiveFrom": "2030-01-01"]
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let home = try await browser.get("/t/acme/")
                let set = try await browser.post(Paths.rates("acme", world.employee.id), form: form, csrfFrom: home)
                #expect(set.status == .forbidden, "\(role) set a rate")
                let edit = try await browser.get(Paths.rate("acme", world.employee.id, rate.id))
                #expect(edit.status == .forbidden)
                let change = try await browser.post(Paths.rate("acme", world.employee.id, rate.id), form: form, csrfFrom: home)
                #expect(change.status == .forbidden)
                let delete = try await browser.post(Paths.deleteRate("acme", world.employee.id, rate.id), form: ["confirmed": "1"], csrfFrom: home)
                #expect(delete.status == .forbidden)
            }
            // Another tenant's admin: the person and the rate do not exist for them.
            var other = try await world.signedIn(world.otherAdmin, slug: "globex")
            let home = try await other.get("/t/globex/")
            let set = try await other.post(Paths.rates("globex", world.employee.id), form: form, csrfFrom: home)
            #expect(set.status == .notFound)
            let edit = try await other.get(Paths.rate("globex", world.employee.id, rate.id))
            #expect(edit.status == .notFound)
            // Nor may acme's admin reach a rate through another person's address.
            var admin = try await world.signedIn(world.admin)
            let mixed = try await admin.get(Paths.rate("acme", world.leader.id, rate.id))
            #expect(mixed.status == .notFound)
            let bogus = try await admin.get(Paths.person("acme", world.employee.id) + "/rates/not-a-uuid")
            #expect(bogus.status == .notFound)
            #expect(try await Self.history(world, world.employee) == rates)
        }
    }
}
