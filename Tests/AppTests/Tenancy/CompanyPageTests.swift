import Foundation
import Testing
@testable import App

/// Company settings as a model: the chosen zone and language, a problem per field.
@Suite struct CompanyPageTests {
    @Test func theSettingsAsTypedWithTheirProblems() {
        let form = CompanyRoutes.Form(name: "", timeZone: "Europe/Prague", defaultLanguage: "en")
        let page = CompanyPage(layout: Layout(title: "x", language: .cs), slug: "acme", form: form,
                               errors: ["name": "company.error.name"], t: TestTranslator.cs)
        #expect(page.timeZones.filter(\.selected).map(\.value) == ["Europe/Prague"])
        #expect(page.languages.filter(\.selected).map(\.value) == ["en"])
        #expect(page.errors["name"] == TestTranslator.cs("company.error.name"))
        #expect(page.signInURL == Paths.signInSettings("acme") && page.action == Paths.company("acme"))
    }

    @Test func reminderDaysAreWholeNumbersFromZeroToTen() {
        func form(_ before: String?, _ after: String?) -> CompanyRoutes.Form {
            CompanyRoutes.Form(name: "Acme", timeZone: "Europe/Prague", defaultLanguage: "cs",
                               reminderBeforeEnd: before, reminderAfterStart: after)
        }
        #expect(CompanyRoutes.validate(form("1", "3")).isEmpty)
        #expect(CompanyRoutes.validate(form(" 0 ", "10")).isEmpty)
        #expect(CompanyRoutes.validate(form(nil, nil)).isEmpty, "a form without them keeps them")
        #expect(form(nil, nil).reminders.beforeEnd == nil)
        for bad in ["-1", "11", "1.5", "x", "", "99999999999999999999999"] {
            #expect(CompanyRoutes.validate(form(bad, "3")) == ["reminderBeforeEnd": "company.error.reminderDay"], "\(bad)")
            #expect(CompanyRoutes.validate(form("1", bad)) == ["reminderAfterStart": "company.error.reminderDay"], "\(bad)")
        }
    }
}
