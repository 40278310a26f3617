import Foundation
import PostgresNIO
import Testing
@testable import App

/// A contractor proposes a change of their own supplier details and an admin decides it: nothing
/// counts before the confirmation, the admins hear of it, a stale proposal is not applied, an
/// admin does not confirm their own while another admin can, and nobody proposes for others.
@Suite struct SupplierProposalTests {
    static func form(_ version: Int, account: String) -> [String: String] {
        ["version": String(version), "ico": "25596641", "dic": "", "billingAddress": "Vinohradská 1", "account": account]
    }

    static func registered(_ world: TestWorld, _ person: UUID) async throws -> (String?, Int) {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            let found = try await SupplierDetailsQueries.load(person, on: db)
            return (found?.details.accountText, found?.version ?? -1)
        }
    }

    @Test func aContractorProposesAndAnAdminConfirms() async throws {
        try await withWorld { world in
            let eva = world.employee.id, slug = "acme"
            var employee = try await world.signedIn(world.employee)
            let profile = try await employee.get(Paths.person(slug, eva))
            #expect(profile.body.contains(#"href="\#(Paths.supplierProposal(slug, eva))""#))
            let sent = try await employee.post(Paths.supplierProposal(slug, eva), form: Self.form(0, account: "19-2000145399/0800"))
            #expect(sent.status == .seeOther)
            let own = try await employee.get(Paths.person(slug, eva)).body
            #expect(own.contains("Your proposal is sent") && own.contains("waits for an admin") && own.contains("— → 19-2000145399/0800"))
            #expect(try await Self.registered(world, eva) == (nil, 0), "nothing counts before an admin confirms")
            // The admins were told.
            let told = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await db.query("SELECT recipient FROM outbox WHERE tenant_id = \(db.tenant) AND body LIKE '%#supplier%'")
                    .collect().map { try $0.decode(String.self) }
            }
            #expect(told == [world.admin.email])
            // A second proposal replaces the first, under a new id: a decision on the first confirms nothing.
            let first = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await SupplierProposalQueries.waiting(of: eva, on: db)?.id
            }
            _ = try await employee.post(Paths.supplierProposal(slug, eva), form: Self.form(0, account: "2000145399/0800"))
            let site = try await world.mailSite(), firstID = try #require(first)
            let old = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await SupplierProposalQueries.decide(firstID, of: eva, confirm: true, by: world.admin, site: site, on: db)
            }
            #expect(old == .notFound)
            var admin = try await world.signedIn(world.admin)
            // The home page of an admin says it waits; Eva's does not.
            let home = try await admin.get(Paths.home(slug)).body
            #expect(home.contains("waiting for your decision: 1") && home.contains(Paths.person(slug, eva) + "#supplier"))
            #expect(!(try await employee.get(Paths.home(slug)).body.contains("waiting for your decision")))
            let page = try await admin.get(Paths.person(slug, eva))
            #expect(page.body.contains("waiting for your decision") && page.body.contains("— → 2000145399/0800"))
            #expect(!page.body.contains("— → 19-2000145399/0800"))
            let proposal = try #require(page.body.firstMatch(of: /name="proposal" value="([0-9a-f-]{36})"/)?.1)
            let confirmed = try await admin.post(Paths.supplierDecision(slug, eva),
                                                 form: ["proposal": String(proposal), "decision": "confirm"], csrfFrom: page)
            #expect(confirmed.status == .seeOther)
            #expect(try await admin.get(try #require(confirmed.location, "\(confirmed.status)")).body.contains("The proposed change is confirmed"))
            #expect(try await Self.registered(world, eva) == ("2000145399/0800", 1))
            // Deciding again finds nothing waiting.
            let again = try await admin.post(Paths.supplierDecision(slug, eva), form: ["proposal": String(proposal), "decision": "decline"],
                                             csrfFrom: page)
            #expect(try await admin.get(try #require(again.location, "\(again.status)")).body.contains("no longer waits"))
            // The confirmation is an admin's change: the account mail went to Eva.
            let mails = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await db.query("SELECT count(*)::int FROM outbox WHERE tenant_id = \(db.tenant) AND recipient = \(world.employee.email) AND body LIKE '%5399/0800%'")
                    .collect()[0].decode(Int.self)
            }
            #expect(mails == 1)
        }
    }

    @Test func aStaleProposalIsNotAppliedAndNobodyProposesForOthers() async throws {
        try await withWorld { world in
            let eva = world.employee.id, slug = "acme"
            let api = try await APIClient.signIn(world, world.employee)
            let proposed = try await api.send(.POST, "/people/\(eva.lowercasedString)/supplier-details/proposal",
                                              json: #"{"version":0,"account":"19-2000145399/0800"}"#)
            #expect(proposed.status == .ok)
            let waiting = try #require(try proposed.decode(Components.Schemas.SupplierDetails.self).proposal)
            #expect(waiting.account == "19-2000145399/0800")
            // An admin changes the details meanwhile: the proposal no longer fits them.
            var admin = try await world.signedIn(world.admin)
            _ = try await admin.post(Paths.supplierDetails(slug, eva), form: ["version": "0", "ico": "25596641"])
            let adminAPI = try await APIClient.signIn(world, world.admin)
            let stale = try await adminAPI.send(.POST, "/people/\(eva.lowercasedString)/supplier-details/proposal/decision",
                                                json: #"{"proposalId":"\#(waiting.id)","decision":"confirm"}"#)
            #expect(stale.status == .conflict)
            #expect(try await Self.registered(world, eva) == (nil, 1))
            let declined = try await adminAPI.send(.POST, "/people/\(eva.lowercasedString)/supplier-details/proposal/decision",
                                                   json: #"{"proposalId":"\#(waiting.id)","decision":"decline"}"#)
            #expect(declined.status == .ok)
            #expect(try declined.decode(Components.Schemas.SupplierDetails.self).proposal == nil)
            // Nobody proposes for someone else, or decides without being an admin.
            #expect(try await api.send(.POST, "/people/\(world.leader.id.lowercasedString)/supplier-details/proposal",
                                       json: #"{"version":0}"#).status == .notFound)
            var employee = try await world.signedIn(world.employee)
            #expect(try await employee.get(Paths.supplierProposal(slug, world.leader.id)).status == .notFound)
            #expect(try await employee.post(Paths.supplierDecision(slug, eva), form: ["proposal": waiting.id, "decision": "confirm"],
                                            csrfFrom: try await employee.get(Paths.person(slug, eva))).status == .forbidden)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let token = try await globex.get(Paths.people("globex")).csrf ?? ""
            let foreign = try await globex.post(Paths.supplierDecision("globex", eva),
                                                form: ["proposal": waiting.id, "decision": "confirm", "_csrf": token])
            #expect(foreign.status == .seeOther)
            #expect(try await Self.registered(world, eva) == (nil, 1))
            // Bad input is refused with what was typed.
            let bad = try await employee.post(Paths.supplierProposal(slug, eva), form: Self.form(1, account: "19-2000145398/0800"))
            #expect(bad.status == .unprocessableEntity && bad.body.contains(#"value="19-2000145398/0800""#))
            let evaPage = try await employee.get(Paths.person(slug, eva)), adminPage = try await admin.get(Paths.person(slug, eva))
            #expect(try await employee.post(Paths.supplierDecision(slug, eva), form: ["decision": "maybe"], csrfFrom: evaPage).status == .forbidden)
            for form in [["proposal": "x", "decision": "confirm"], ["proposal": waiting.id, "decision": "maybe"], [:]] {
                #expect(try await admin.post(Paths.supplierDecision(slug, eva), form: form, csrfFrom: adminPage).status == .badRequest)
            }
        }
    }

    @Test func anAdminDoesNotSetOrConfirmTheirOwnAccountWhileAnotherAdminCan() async throws {
        try await withWorld { world in
            let jana = world.admin.id, slug = "acme"
            _ = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("UPDATE users SET roles = array_append(roles, 'admin') WHERE tenant_id = \(db.tenant) AND id = \(world.leader.id)")
            }
            var admin = try await world.signedIn(world.admin)
            let before = try await Self.registered(world, jana)
            let own = try await admin.post(Paths.supplierDetails(slug, jana), form: Self.form(before.1, account: "19-2000145399/0800"))
            #expect(try await admin.get(try #require(own.location, "\(own.status)")).body.contains("another admin of the company changes them"))
            _ = try await admin.post(Paths.supplierProposal(slug, jana), form: Self.form(before.1, account: "19-2000145399/0800"))
            let page = try await admin.get(Paths.person(slug, jana))
            let proposal = try #require(page.body.firstMatch(of: /name="proposal" value="([0-9a-f-]{36})"/)?.1)
            let refused = try await admin.post(Paths.supplierDecision(slug, jana), form: ["proposal": String(proposal), "decision": "confirm"],
                                               csrfFrom: page)
            #expect(try await admin.get(try #require(refused.location, "\(refused.status)")).body.contains("another admin of the company changes them"))
            #expect(try await Self.registered(world, jana) == before)
            // The other admin confirms it.
            var petr = try await world.signedIn(world.leader)
            let seen = try await petr.get(Paths.person(slug, jana))
            _ = try await petr.post(Paths.supplierDecision(slug, jana), form: ["proposal": String(proposal), "decision": "confirm"], csrfFrom: seen)
            #expect(try await Self.registered(world, jana).0 == "19-2000145399/0800")
        }
    }
}
