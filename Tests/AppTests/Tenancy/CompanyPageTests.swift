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
}
