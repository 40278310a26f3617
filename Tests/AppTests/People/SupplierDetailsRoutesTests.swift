import Foundation
import PostgresNIO
import Testing
@testable import App

/// Supplier details on a real database: an admin registers a contractor's IČO and account, the
/// change is audited and mailed, the desk and the payment order use it; the contractor sees them,
/// nobody else does, another company cannot touch them, and bad input changes nothing.
@Suite struct SupplierDetailsRoutesTests {
    static func form(_ version: Int, account: String = "19-2000145399/0800", ico: String = "25596641") -> [String: String] {
        ["version": String(version), "ico": ico, "dic": "CZ25596641", "vatPayer": "1",
         "billingAddress": "Vinohradská 1\n120 00 Praha 2", "account": account]
    }

    static func warnings(_ world: TestWorld) async throws -> [(String, String)] {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await db.query("SELECT recipient, body FROM outbox WHERE tenant_id = \(db.tenant) AND body LIKE '%5399/0800%' ORDER BY recipient")
                .collect().map { try $0.decode((String, String).self) }
        }
    }

    @Test func anAdminRegistersTheAccountThePersonIsToldAndTheOrderPaysIt() async throws {
        try await withWorld { world in
            let eva = world.employee.id, slug = "acme"
            _ = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await db.query("UPDATE users SET personal_email = 'eva@home.example' WHERE tenant_id = \(db.tenant) AND id = \(eva)")
            }
            var admin = try await world.signedIn(world.admin)
            let profile = try await admin.get(Paths.person(slug, eva))
            #expect(profile.body.contains("No supplier details yet") && profile.body.contains(#"href="\#(Paths.supplierDetails(slug, eva))""#))
            let saved = try await admin.post(Paths.supplierDetails(slug, eva), form: Self.form(0))
            #expect(saved.status == .seeOther && saved.location == Paths.person(slug, eva))
            let after = try await admin.get(Paths.person(slug, eva)).body
            #expect(after.contains("told by e-mail") && after.contains("CZ25596641") && after.contains("19-2000145399/0800"))
            #expect(after.contains("Jana Nováková changed the registered bank account"))
            // The warning went to both of her addresses, the account hidden but its end.
            let mails = try await Self.warnings(world)
            #expect(mails.map(\.0) == ["eva.dvorakova@acme.example", "eva@home.example"])
            #expect(mails.allSatisfy { $0.1.contains("…5399/0800") && !$0.1.contains("19-2000145399") })
            // Saving the same again changes nothing and tells nobody.
            let again = try await admin.post(Paths.supplierDetails(slug, eva), form: Self.form(1))
            #expect(try await admin.get(again.location!).body.contains("Nothing was changed"))
            #expect(try await Self.warnings(world).count == 2)
            // Her October 2024 invoice had no account: a payment order pays the registered one.
            let seeded = try await seededInvoice(world, tenant: world.admin.tenantID)
            let api = try await APIClient.signIn(world, world.admin)
            let id = seeded.invoice.lowercasedString
            #expect(try await api.send(.POST, "/invoices/\(id)/actions", json: #"{"action":"approve","version":\#(seeded.version)}"#).status == .ok)
            let order = try await api.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"pain.001","invoices":["\#(id)"]}"#)
            #expect(order.status == .ok && String(decoding: order.bytes, as: UTF8.self).contains("<IBAN>CZ6508000000192000145399</IBAN>"))
            // Another account typed onto the invoice: flagged, and left out of the next order.
            #expect(try await api.send(.POST, "/invoices/\(id)/actions", json: #"{"action":"undo-approval","version":\#(seeded.version + 1)}"#).status == .ok)
            let corrected = try await api.send(.PUT, "/invoices/\(id)/fields", json: #"""
                {"version":\#(seeded.version + 2),"fields":{"total":{"amountMinor":100000,"currency":"CZK"},"account":"2000145399/0800","invoiceNumber":"FV-2024-10","supplierId":"27074358"}}
                """#)
            #expect(corrected.status == .ok)
            let desk = try await api.get("/invoices/desk?month=2024-10&state=submitted").decode(Components.Schemas.Desk.self)
            let flags = desk.items.first?.flags ?? []
            #expect(flags.contains(.registeredAccount) && flags.contains(.supplierId) && !flags.contains(.account))
            let web = try await admin.get(Paths.reviewDesk(slug, month: Month(iso: "2024-10")!, state: .submitted)).body
            #expect(web.contains("Not the registered account") && web.contains("IČO differs from the registered one"))
            #expect(try await api.send(.POST, "/invoices/\(id)/actions", json: #"{"action":"approve","version":\#(seeded.version + 3)}"#).status == .ok)
            let refused = try await api.send(.POST, "/invoices/exports", json: #"{"month":"2024-10","format":"pain.001","invoices":["\#(id)"],"again":true}"#)
            #expect(refused.status != .ok)
        }
    }

    @Test func thePersonSeesTheirsNobodyElseDoesAndNoOtherCompanyTouchesThem() async throws {
        try await withWorld { world in
            let eva = world.employee.id, slug = "acme"
            var admin = try await world.signedIn(world.admin)
            _ = try await admin.post(Paths.supplierDetails(slug, eva), form: Self.form(0))
            var employee = try await world.signedIn(world.employee)
            let own = try await employee.get(Paths.person(slug, eva))
            #expect(own.body.contains("19-2000145399/0800") && !own.body.contains(#"href="\#(Paths.supplierDetails(slug, eva))""#))
            #expect(try await employee.get(Paths.supplierDetails(slug, eva)).status == .forbidden)
            #expect(try await employee.post(Paths.supplierDetails(slug, eva), form: Self.form(1, account: "2000145399/0800"),
                                            csrfFrom: own).status == .forbidden)
            var leader = try await world.signedIn(world.leader)
            let teamProfile = try await leader.get(Paths.person(slug, eva))
            #expect(teamProfile.status == .ok && !teamProfile.body.contains("19-2000145399/0800"), "a leader does not see the account")
            #expect(try await leader.get(Paths.supplierDetails(slug, eva)).status == .forbidden)
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            #expect(try await globex.get(Paths.supplierDetails("globex", eva)).status == .notFound)
            let token = try await globex.get(Paths.people("globex")).csrf ?? ""
            #expect(try await globex.post(Paths.supplierDetails("globex", eva), form: Self.form(1, account: "2000145399/0800")
                .merging(["_csrf": token]) { $1 }).status == .notFound)
            for bad in ["nope", UUID().lowercasedString] {
                #expect(try await admin.get("/t/acme/people/\(bad)/supplier").status == .notFound)
            }
            let api = try await APIClient.signIn(world, world.employee)
            let mine = try await api.get("/people/\(eva.lowercasedString)/supplier-details")
            #expect(mine.status == .ok)
            #expect(try mine.decode(Components.Schemas.SupplierDetails.self).account == "19-2000145399/0800")
            let leaderAPI = try await APIClient.signIn(world, world.leader)
            #expect(try await leaderAPI.get("/people/\(eva.lowercasedString)/supplier-details").status == .notFound)
            #expect(try await api.send(.PUT, "/people/\(eva.lowercasedString)/supplier-details", json: #"{"version":1,"account":"2000145399/0800"}"#)
                .status == .forbidden)
            let details = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await SupplierDetailsQueries.load(eva, on: db)
            }
            #expect(details?.details.accountText == "19-2000145399/0800" && details?.version == 1)
        }
    }

    @Test func refusedOrStaleInputKeepsWhatWasTypedAndChangesNothing() async throws {
        try await withWorld { world in
            let eva = world.employee.id, slug = "acme", path = Paths.supplierDetails(slug, eva)
            var admin = try await world.signedIn(world.admin)
            var form = Self.form(0, account: "19-2000145398/0800", ico: "25596642")
            form["billingAddress"] = "<script>alert(1)</script>"
            let refused = try await admin.post(path, form: form)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains(#"value="19-2000145398/0800""#) && refused.body.contains("An IČO is 8 digits"))
            #expect(refused.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !refused.body.contains("<script>alert(1)"))
            #expect(try await admin.post(path, form: ["ico": "25596641"]).status == .badRequest, "no version")
            #expect(try await admin.postRaw(path, form: Self.form(0)).status == .forbidden, "no CSRF token")
            let page = try await admin.get(path)
            _ = try await admin.post(path, form: Self.form(0))
            let stale = try await admin.post(path, form: Self.form(0, account: "2000145399/0800"), csrfFrom: page)
            #expect(stale.status == .conflict && stale.body.contains("Someone changed these details"))
            #expect(stale.body.contains(#"value="2000145399/0800""#) && stale.body.contains(#"name="version" value="1""#))
            let api = try await APIClient.signIn(world, world.admin)
            let bad = try await api.send(.PUT, "/people/\(eva.lowercasedString)/supplier-details",
                                         json: #"{"version":1,"ico":"1","dic":"XX","vatPayer":true,"account":"nope"}"#)
            #expect(bad.status == .unprocessableEntity && bad.problem?.errors?.map(\.field) == ["account", "dic", "ico"])
            #expect(try await api.send(.PUT, "/people/\(eva.lowercasedString)/supplier-details", json: #"{"version":0}"#).status == .conflict)
            #expect(try await api.send(.PUT, "/people/\(UUID().lowercasedString)/supplier-details", json: #"{"version":0}"#).status == .notFound)
            #expect(try await Self.warnings(world).count == 1, "only the one change was mailed (to her work address: she has no personal one)")
        }
    }
}
