import Foundation
import Testing
@testable import App

/// Destructive actions ask first: a confirmation step without JavaScript, naming what will happen.
@Suite struct ConfirmationTests {
    @Test func deactivatingDeletingAndSigningOutEverywhereAskFirstAndChangeNothingUntilConfirmed() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let profile = try await admin.get(Paths.person("acme", world.employee.id))
            let asked = try await admin.post(Paths.deactivate("acme", world.employee.id), form: [:], csrfFrom: profile)
            #expect(asked.status == .ok && asked.body.contains("Deactivate Eva Dvořáková? They can no longer sign in"))
            #expect(asked.body.contains(#"href="\#(Paths.person("acme", world.employee.id))">Cancel</a>"#))
            var eva = try await world.signedIn(world.employee)
            #expect(try await eva.get(Paths.home("acme")).status == .ok, "still signed in: nothing happened")
            let done = try await admin.confirm(asked)
            #expect(done.status == .seeOther)
            #expect(try await eva.get(Paths.home("acme")).status != .ok, "deactivated once confirmed")

            // A team: the question names it.
            let teams = try await admin.get(Paths.teams("acme"))
            let created = try await admin.post(Paths.teams("acme"), form: ["name": "Design <QA>"], csrfFrom: teams)
            #expect(created.status == .seeOther)
            let team = try #require(try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) {
                try await TeamQueries.list(on: $0).first { $0.name == "Design <QA>" }
            })
            let askedTeam = try await admin.post(Paths.deleteTeam("acme", team.id), form: [:], csrfFrom: teams)
            #expect(askedTeam.body.contains("Delete the team Design &lt;QA&gt;?"), "escaped")
            #expect(try await admin.confirm(askedTeam).status == .seeOther)
            #expect(try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) {
                try await TeamQueries.list(on: $0).contains { $0.id == team.id }
            } == false)

            // Signing out everywhere.
            let preferences = try await admin.get(Paths.preferences("acme"))
            let askedOut = try await admin.post(Paths.logoutEverywhere("acme"), form: [:], csrfFrom: preferences)
            #expect(askedOut.status == .ok && askedOut.body.contains("Sign out everywhere?"))
            #expect(try await admin.get(Paths.home("acme")).status == .ok)
            #expect(try await admin.confirm(askedOut).status == .seeOther)
            #expect(try await admin.get(Paths.home("acme")).status != .ok)
        }
    }

    @Test func theStepCarriesTheFormsFieldsEscapedAndItsOwnToken() {
        let layout = Layout(title: "Are you sure?", language: .en)
        let page = ConfirmationPage(
            layout: layout, question: ConfirmQuestion(question: "Delete <b>?", confirm: "Delete", cancelURL: "/t/acme/teams"),
            action: "/t/acme/teams/x/delete", fields: [("pick[]", "a:1"), ("pick[]", "b:2"), ("reason", "\"><script>")],
            cancel: "Cancel")
        let html = page.body.string
        #expect(html.contains("Delete &lt;b&gt;?"))
        #expect(html.contains(#"<input type="hidden" name="pick[]" value="a:1">"#) && html.contains(#"name="pick[]" value="b:2""#))
        #expect(html.contains(#"value="&quot;&gt;&lt;script&gt;""#) && !html.contains("<script>"))
        #expect(html.contains(#"<input type="hidden" name="confirmed" value="1">"#))
        #expect(FormText.pairs(urlEncoded: "a=1&a=2&b=x+y%26z&&=skip&c").map { "\($0.name)=\($0.value)" }
                == ["a=1", "a=2", "b=x y&z", "c="])
        #expect(FormText.pairs(urlEncoded: "bad=%E0%A4%A").isEmpty, "a value that does not decode is left out")
    }
}
