import Foundation
import Testing
@testable import App

@Suite struct CompanySettingsTests {
    @Test func validationNamesEachBadField() {
        let errors = CompanyRoutes.validate(.init(name: "  ", timeZone: "Mars/Olympus", defaultLanguage: "de"))
        #expect(errors == ["name": "company.error.name", "timeZone": "company.error.timeZone",
                           "defaultLanguage": "company.error.language"])
        #expect(CompanyRoutes.validate(.init(name: "Acme", timeZone: "Europe/Prague", defaultLanguage: "cs")).isEmpty)
        #expect(!CompanyRoutes.validate(.init(name: String(repeating: "x", count: 201), timeZone: "UTC", defaultLanguage: "cs")).isEmpty)
    }

    @Test func anAdminChangesTheSettings() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.admin)
            let page = try await browser.get("/t/acme/admin/company")
            #expect(page.body.contains("value=\"Acme s.r.o.\""))
            let saved = try await browser.post("/t/acme/admin/company",
                form: ["name": "Acme Praha s.r.o.", "timeZone": "Europe/London", "defaultLanguage": "en"], csrfFrom: page)
            #expect(saved.status == .seeOther)
            let after = try await browser.get("/t/acme/admin/company")
            #expect(after.body.contains("Saved."))
            #expect(after.body.contains("value=\"Acme Praha s.r.o.\""))
            #expect(after.body.contains("<option value=\"Europe/London\" selected>"))
            // The other tenant is untouched.
            let globex = try await world.db.transaction {
                try await TenantQueries.find(slug: "globex", on: $0, logger: TestPostgres.logger)
            }
            #expect(globex?.name == "Globex a.s." && globex?.timeZone == "Europe/Prague")
        }
    }

    @Test func badInputIsShownAgainWithMessages() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.admin)
            let page = try await browser.get("/t/acme/admin/company")
            let refused = try await browser.post("/t/acme/admin/company",
                form: ["name": "", "timeZone": "Mars/Olympus", "defaultLanguage": "en"], csrfFrom: page)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("Enter the company name"))
            #expect(refused.body.contains("Choose a time zone from the list."))
            #expect(refused.body.contains("aria-invalid=\"true\""))
            let missing = try await browser.post("/t/acme/admin/company", form: ["name": "x"], csrfFrom: page)
            #expect(missing.status == .badRequest)
            let unchanged = try await world.db.transaction {
                try await TenantQueries.find(slug: "acme", on: $0, logger: TestPostgres.logger)
            }
            #expect(unchanged?.name == DemoData.name)
        }
    }
}

@Suite struct TenantOperationsTests {
    @Test func slugsAndNames() {
        #expect(TenantRules.isValidSlug("acme"))
        #expect(TenantRules.isValidSlug("acme-2"))
        #expect(TenantRules.isValidSlug("a") && TenantRules.isValidSlug("9") && TenantRules.isValidSlug("a--b"))
        #expect(TenantRules.isValidSlug(String(repeating: "a", count: 40)))
        for bad in ["", "-", "-acme", "acme-", "Acme", "ac me", "acme_2", "acmé", "acme\u{0}", "acme/", "acme\n",
                    String(repeating: "a", count: 41)] {
            #expect(!TenantRules.isValidSlug(bad), "\(bad)")
        }
        #expect(EmailAddress.normalized("  jana@acme.example ") == "jana@acme.example")
        for bad in ["jana", "jana@", "@acme.cz", "a b@acme.cz", "jana@acme"] {
            #expect(EmailAddress.normalized(bad) == nil, "\(bad)")
        }
    }

    @Test func createTenantRefusesBadOrDuplicateInput() async throws {
        try await withWorld { world in
            func create(_ slug: String, _ email: String) async throws {
                _ = try await OperatorCommands.createTenant(slug: slug, name: "X", adminEmail: email, adminFirstName: "A",
                                                      adminLastName: "B", database: world.db)
            }
            await #expect(throws: OperatorCommands.Failure.self) { try await create("Bad Slug", "a@b.cz") }
            await #expect(throws: OperatorCommands.Failure.self) { try await create("initech", "not-an-email") }
            let duplicate = await #expect(throws: OperatorCommands.Failure.self) { try await create("acme", "a@b.cz") }
            #expect(duplicate?.description.contains("already exists") == true)
            try await create("initech", "peter@initech.example")
        }
    }

    @Test func demoDataCanBeLoadedAgain() async throws {
        try await withWorld { world in
            let again = try await DemoData.seed(database: world.db, clock: world.app.settings.clock)
            #expect(again.map(\.user.id) == [world.admin.id, world.leader.id, world.employee.id])
            let users = try await world.database.asSuperuser { connection in
                try await connection.query("SELECT count(*) FROM users WHERE tenant_id = \(world.admin.tenantID)",
                                           logger: TestPostgres.logger).collect()[0].decode(Int.self)
            }
            #expect(users == 3)
        }
    }

    @Test func emailsAreUniquePerTenantIgnoringCase() async throws {
        try await withWorld { world in
            let user = try await world.db.transaction(tenant: world.admin.tenantID) { connection in
                try await UserQueries.find(email: "JANA.Novakova@ACME.example", on: connection)
            }
            #expect(user?.id == world.admin.id)
            // The same address may work at another company.
            _ = try await OperatorCommands.createTenant(slug: "initech", name: "Initech", adminEmail: world.admin.email,
                                                  adminFirstName: "J", adminLastName: "N", database: world.db)
        }
    }
}
