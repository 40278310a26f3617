import Foundation
import Testing
@testable import App

@Suite struct EmployeeFormTests {
    static let valid: [String: String] = [
        "firstName": "Tomáš", "lastName": "Černý", "title": "Bc.", "position": "Tester", "email": "tomas.cerny@acme.example",
        "personalEmail": "tomas@example.cz", "phone": "+420 777 888 999", "team": "", "contractKind": "ico",
        "contractFrom": "2026-11-01", "capacity": "37,5", "rate": "650,50", "rateFrom": "2026-11-01",
    ]

    @Test func validationIsPure() {
        var form = EmployeeForm()
        form.email = "x"
        let errors = form.validate(creating: true)
        #expect(errors["firstName"] == "employee.error.required" && errors["email"] == "employee.error.email")
        #expect(errors["rate"] == "employee.error.rate" && errors["contractFrom"] == "employee.error.date")
        #expect(Money.parse("650,50") == 65_050 && Money.parse("1 200") == 120_000 && Money.parse("1.5") == 150)
        for bad in ["", "-5", "abc", "1,234", "12.345"] { #expect(Money.parse(bad) == nil, "\(bad)") }
    }

    @Test func anAdminAddsAPerson() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let form = try await admin.get("/t/acme/people/new")
            #expect(form.status == .ok)
            let created = try await admin.post("/t/acme/people/new", form: Self.valid, csrfFrom: form)
            #expect(created.status == .seeOther)
            let profile = try await admin.get(try #require(created.location))
            #expect(profile.body.contains("Bc. Tomáš Černý") && profile.body.contains("37.5 h/week"))
            // The world stands at 2026-11-18: the rate from 2026-11-01 is in effect.
            #expect(profile.body.contains("CZK\u{00A0}650.50 / h"))
            #expect(profile.body.contains("created the profile"))
            // The new person can be sent a link and sign in.
            let token = try await OperatorCommands.signInLink(slug: "acme", email: "TOMAS.cerny@acme.example", database: world.db)
            #expect(token.value.count == 43)
        }
    }

    @Test func badInputComesBackWithValuesAndMessages() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let form = try await admin.get("/t/acme/people/new")
            var bad = Self.valid
            bad["firstName"] = " "
            bad["phone"] = "call me"
            bad["capacity"] = "0"
            bad["rate"] = "200000"
            bad["contractFrom"] = "2026-02-30"
            let refused = try await admin.post("/t/acme/people/new", form: bad, csrfFrom: form)
            #expect(refused.status == .unprocessableEntity)
            for message in ["Fill this in.", "Enter a phone number", "hours per week between", "at most 100,000", "Enter a date"] {
                #expect(refused.body.contains(message), "\(message)")
            }
            #expect(refused.body.contains("value=\"Černý\"") && refused.body.contains("value=\"call me\""))

            var duplicate = Self.valid
            duplicate["email"] = "EVA.dvorakova@acme.example"
            let again = try await admin.post("/t/acme/people/new", form: duplicate, csrfFrom: form)
            #expect(again.status == .unprocessableEntity)
            #expect(again.body.contains("already has this e-mail") && again.body.contains("Vývoj"))

            var foreignTeam = Self.valid
            foreignTeam["team"] = UUID().uuidString
            let unknown = try await admin.post("/t/acme/people/new", form: foreignTeam, csrfFrom: form)
            #expect(unknown.status == .unprocessableEntity)
            #expect(unknown.body.contains("Choose a team from the list."))
            let count = try await world.database.asSuperuser { connection in
                try await connection.query("SELECT count(*) FROM users WHERE last_name = 'Černý'", logger: TestPostgres.logger)
                    .collect()[0].decode(Int.self)
            }
            #expect(count == 0)
        }
    }

    @Test func editingRecordsTheChangeAndKeepsTheLastAdmin() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let evaEdit = Paths.editPerson("acme", world.employee.id)
            let page = try await admin.get(evaEdit)
            #expect(page.body.contains("value=\"Dvořáková\""))
            var fields = ["firstName": "Eva", "lastName": "Dvořáková", "title": "Ing.", "position": "Senior developer",
                          "email": world.employee.email, "personalEmail": "", "phone": "+420 603 555 666", "team": ""]
            let saved = try await admin.post(evaEdit, form: fields, csrfFrom: page)
            #expect(saved.status == .seeOther)
            let profile = try await admin.get(Paths.person("acme", world.employee.id))
            #expect(profile.body.contains("Ing. Eva Dvořáková") && profile.body.contains("edited the profile"))

            let janaEdit = Paths.editPerson("acme", world.admin.id)
            fields = ["firstName": "Jana", "lastName": "Nováková", "title": "Ing.", "position": "", "email": world.admin.email,
                      "personalEmail": "", "phone": "", "team": ""]
            let refused = try await admin.post(janaEdit, form: fields, csrfFrom: page)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.body.contains("The last administrator cannot give up the role"))
            fields["admin"] = "on"
            let kept = try await admin.post(janaEdit, form: fields, csrfFrom: page)
            #expect(kept.status == .seeOther)
        }
    }

    @Test func onlyAdminsOfThisTenantMayUseTheForms() async throws {
        try await withWorld { world in
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let home = try await browser.get("/t/acme/")
                let newPage = try await browser.get("/t/acme/people/new")
                #expect(newPage.status == .forbidden)
                let edit = try await browser.get(Paths.editPerson("acme", world.employee.id))
                #expect(edit.status == .forbidden)
                let post = try await browser.post("/t/acme/people/new", form: Self.valid, csrfFrom: home)
                #expect(post.status == .forbidden)
            }
            var admin = try await world.signedIn(world.admin)
            let foreign = try await admin.get(Paths.editPerson("acme", world.otherAdmin.id))
            #expect(foreign.status == .notFound)
        }
    }
}
