import Foundation
import PostgresNIO
import Testing
@testable import App

/// Separation of duties through HTTP: an admin's own invoice is approved and paid by another
/// admin, never by its owner, even when the owner is the company's only admin.
@Suite struct OwnInvoiceRoutesTests {
    typealias R = ReviewRoutesTests
    static let slug = DemoData.slug

    static func makeAdmin(_ world: TestWorld, _ user: User, active: Bool = true) async throws {
        _ = try await world.db.transaction(tenant: user.tenantID) {
            try await $0.query("UPDATE users SET roles = array_append(roles, 'admin'), active = \(active) WHERE id = \(user.id)")
        }
    }

    /// (to state, recorded as own) of each history row after the upload, oldest first.
    static func history(_ world: TestWorld, _ id: UUID) async throws -> [String] {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) {
            try await $0.query("""
                SELECT to_state::text || ':' || own_invoice::text FROM invoice_history
                WHERE invoice_id = \(id) AND from_state IS NOT NULL ORDER BY at, id
                """).collect().map { try $0.decode(String.self) }
        }
    }

    @Test func anAdminsOwnInvoiceWaitsForTheOtherAdmin() async throws {
        try await withWorld { world in
            try await Self.makeAdmin(world, world.leader)
            let own = try await R.submit(world, world.admin, R.october, [R.text(amount: 10_000), "VS: 1"])
            let eva = try await R.submit(world, world.employee, R.october, [R.text(amount: 10_000), "VS: 2"])
            var jana = try await world.signedIn(world.admin)
            let desk = try await jana.get(Paths.reviewDesk(Self.slug, month: R.october, state: .submitted))
            #expect(desk.body.contains("Own invoice"))
            // On the desk: Eva's is approved, her own is refused with its reason.
            let result = try await R.apply(&jana, action: "approve", picks: ["\(own):1", "\(eva):1"], csrfFrom: desk)
            #expect(result.body.contains("1 approved"))
            #expect(result.body.contains("1 not changed because they are your own invoices, which another admin approves and pays"))
            #expect(result.body.contains("Not changed: your own invoice, which another admin approves and pays"))
            #expect(try await R.state(world, own) == ("submitted", 1))
            #expect(try await R.state(world, eva) == ("approved", 2))
            // On the invoice's page: the flag, and the action refused and said why.
            let page = try await jana.get(Paths.invoice(Self.slug, own))
            #expect(page.body.contains("<span class=\"badge flag\">Own invoice</span>"))
            let refused = try await jana.post(Paths.invoiceAction(Self.slug, own), form: ["confirmed": "1", "action": "approve", "version": "1"],
                                              csrfFrom: page)
            #expect(refused.status == .seeOther)
            #expect(try await jana.get(Paths.invoice(Self.slug, own)).body.contains("This is your own invoice"))
            #expect(try await R.state(world, own) == ("submitted", 1))
            // The other admin approves it; its owner still may not pay it, on the desk or its page.
            var petr = try await world.signedIn(world.leader)
            let petrsPage = try await petr.get(Paths.invoice(Self.slug, own))
            #expect(!petrsPage.body.contains("Own invoice"))
            #expect(try await petr.post(Paths.invoiceAction(Self.slug, own), form: ["confirmed": "1", "action": "approve", "version": "1"],
                                        csrfFrom: petrsPage).status == .seeOther)
            #expect(try await R.state(world, own) == ("approved", 2))
            let pay = try await jana.get(Paths.reviewDesk(Self.slug, month: R.october, state: .approved))
            let payResult = try await R.apply(&jana, action: "pay", picks: ["\(own):2", "\(eva):2"], state: "approved", csrfFrom: pay)
            #expect(payResult.body.contains("1 marked as paid") && payResult.body.contains("1 not changed because they are your own"))
            #expect(try await jana.post(Paths.invoiceAction(Self.slug, own), form: ["confirmed": "1", "action": "pay", "version": "2"],
                                        csrfFrom: pay).status == .seeOther)
            #expect(try await R.state(world, own) == ("approved", 2))
            // She may still send it back to herself or undo a step: no money moves.
            let undo = try await R.apply(&jana, action: "undo-approval", picks: ["\(own):2"], state: "approved", csrfFrom: pay)
            #expect(undo.body.contains("1 approvals undone"))
            #expect(try await Self.history(world, own) == ["approved:false", "submitted:true"])
            // Approved again by Petr, paid by Petr: nothing recorded as own.
            let petrsDesk = try await petr.get(Paths.reviewDesk(Self.slug, month: R.october, state: .submitted))
            _ = try await R.apply(&petr, action: "approve", picks: ["\(own):3"], csrfFrom: petrsDesk)
            _ = try await R.apply(&petr, action: "pay", picks: ["\(own):4"], state: "approved", csrfFrom: petrsDesk)
            #expect(try await R.state(world, own) == ("paid", 5))
            #expect(try await Self.history(world, own) == ["approved:false", "submitted:true", "approved:false", "paid:false"])
        }
    }

    /// Alone, or alone again after taking another admin's role away, an admin still may not
    /// approve or pay their own invoice, on the web or through the API; the home page says why it
    /// waits and what to do.
    @Test func noAdminDecidesTheirOwnInvoiceAloneOrAfterADemotion() async throws {
        try await withWorld { world in
            try await Self.makeAdmin(world, world.leader)
            let own = try await R.submit(world, world.admin, R.october, [R.text(amount: 10_000), "VS: 1"])
            // Jana takes the admin role away from Petr, through the API as the web's form does.
            let api = try await APIClient.signIn(world, world.admin)
            let petrsAddress = "/people/\(world.leader.id.lowercasedString)"
            let petr = try await api.get(petrsAddress).decode(Components.Schemas.Person.self)
            #expect(petr.roles.contains(.admin))
            let demoted = try await api.send(.PUT, petrsAddress, json: """
                {"firstName":"\(petr.firstName)","lastName":"\(petr.lastName)","email":"\(petr.email)","teamId":"\(petr.teamId ?? "")",
                 "roles":["employee","team_leader"]}
                """)
            #expect(demoted.status == .ok)
            // Alone now: the desk, the invoice's page and the API all refuse her own invoice.
            var jana = try await world.signedIn(world.admin)
            let desk = try await jana.get(Paths.reviewDesk(Self.slug, month: R.october, state: .submitted))
            #expect(desk.body.contains("<span class=\"badge flag\">Own invoice</span>"))
            let result = try await R.apply(&jana, action: "approve", picks: ["\(own):1"], csrfFrom: desk)
            #expect(result.body.contains("1 not changed because they are your own invoices"))
            let page = try await jana.get(Paths.invoice(Self.slug, own))
            _ = try await jana.post(Paths.invoiceAction(Self.slug, own), form: ["confirmed": "1", "action": "approve", "version": "1"],
                                    csrfFrom: page)
            let viaAPI = try await api.send(.POST, "/invoices/\(own.lowercasedString)/actions", json: #"{"action":"approve","version":1}"#)
            #expect(viaAPI.status == .forbidden && viaAPI.problem?._type == "/api/v1/problems/own-invoice")
            let correction = try await api.send(.POST, "/invoices/\(own.lowercasedString)/corrections",
                                                json: #"{"version":1,"amountMinor":99900000,"currency":"CZK"}"#)
            #expect(correction.status != .ok && correction.status != .created)
            #expect(try await R.state(world, own) == ("submitted", 1))
            // The home page says why it waits and what to do.
            let home = try await jana.get("/t/acme/")
            #expect(home.body.contains("Your own invoices and work statements waiting for a second admin: 1."))
            #expect(home.body.contains("Give someone the admin role"))
            jana.acceptLanguage = "cs"
            _ = try await world.db.transaction(tenant: world.admin.tenantID) {
                try await $0.query("UPDATE users SET preferred_language = 'cs' WHERE id = \(world.admin.id)")
            }
            #expect(try await jana.get("/t/acme/").body.contains("Vaše vlastní faktury a výkazy čekající na druhého administrátora: 1."))
            // With a second admin again, it is his to decide, and the home page no longer asks.
            try await Self.makeAdmin(world, world.leader)
            #expect(!(try await jana.get("/t/acme/").body.contains("čekající na druhého administrátora")))
            var petrsBrowser = try await world.signedIn(world.leader)
            let petrsPage = try await petrsBrowser.get(Paths.invoice(Self.slug, own))
            _ = try await petrsBrowser.post(Paths.invoiceAction(Self.slug, own),
                                            form: ["confirmed": "1", "action": "approve", "version": "1"], csrfFrom: petrsPage)
            #expect(try await R.state(world, own) == ("approved", 2))
            #expect(try await Self.history(world, own) == ["approved:false"])
        }
    }

    @Test func wrongTenantAndWrongRoleAreStillRefused() async throws {
        try await withWorld { world in
            let own = try await R.submit(world, world.admin, R.october, [R.text(amount: 10_000), "VS: 1"])
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let home = try await browser.get("/t/acme/")
                #expect(try await browser.post(Paths.invoiceAction(Self.slug, own), form: ["confirmed": "1", "action": "approve", "version": "1"],
                                               csrfFrom: home).status == .forbidden)
                #expect(try await R.apply(&browser, action: "approve", picks: ["\(own):1"], csrfFrom: home).status == .forbidden)
            }
            var boss = try await world.signedIn(world.otherAdmin, slug: "globex")
            let globexDesk = try await boss.get("/t/globex/review/desk")
            let foreign = try await boss.postRaw("/t/globex/review/desk",
                                                 form: ["_csrf": globexDesk.csrf ?? "", "action": "approve", "pick[]": "\(own):1",
                                                        "month": R.october.iso])
            #expect(foreign.body.contains("1 not found"))
            #expect(try await boss.post("/t/globex/invoices/\(own.uuidString.lowercased())/action",
                                        form: ["confirmed": "1", "action": "approve", "version": "1"], csrfFrom: globexDesk).status == .notFound)
            #expect(try await R.state(world, own) == ("submitted", 1))
        }
    }
}
