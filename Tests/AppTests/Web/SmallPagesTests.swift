import Foundation
import Testing
@testable import App

/// The home page and the preferences as models.
@Suite struct SmallPagesTests {
    static let jana = User(id: UUID(), tenantID: UUID(), email: "jana@acme.example", firstName: "Jana", lastName: "Nováková",
                           title: "", roles: [.admin, .employee], active: true, preferredLanguage: .en)

    @Test func homeGreetsAndEveryMenuPlaceHasItsCard() {
        let page = HomePage(layout: Layout(title: "x", language: .en), slug: "acme", user: Self.jana, t: TestTranslator.en)
        #expect(page.greeting.contains("Jana") && page.roles.contains(TestTranslator.en("role.admin")))
        #expect(HomePage.cardKey(Paths.reviewOverview("acme"), slug: "acme") == "review")
        #expect(HomePage.cardKey(Paths.earnings("acme"), slug: "acme") == "earnings")
        #expect(HomePage.cardKey("/elsewhere", slug: "acme") == "other")
    }

    @Test func preferencesShowTheLanguageInUse() {
        let page = PreferencesPage(layout: Layout(title: "x", language: .cs), slug: "acme", user: Self.jana, language: .cs,
                                   t: TestTranslator.cs)
        #expect(page.languages.filter(\.selected).map(\.value) == ["cs"] && page.email == "jana@acme.example")
        #expect(page.signOutEverywhereURL == Paths.logoutEverywhere("acme"))
    }
}

/// The payment settings as a model.
@Suite struct PaymentSettingsPageTests {
    @Test func theFormAsTypedWithItsProblems() {
        let page = PaymentSettingsPage(layout: Layout(title: "x", language: .en), slug: "acme",
                                       form: .init(debtorName: "Acme", iban: "CZ00", bic: nil),
                                       errors: ["iban": "payments.error.iban"], t: TestTranslator.en)
        #expect(page.iban == "CZ00" && page.bic == "" && page.ibanError == TestTranslator.en("payments.error.iban"))
        #expect(page.nameError == nil && page.backURL == Paths.reviewOverview("acme"))
    }
}

/// The sign-in pages as models.
@Suite struct SignInPagesTests {
    @Test func theLoginFormAndTheProblemPage() {
        let login = LoginPage(layout: Layout(title: "x", language: .en), slug: "acme", email: String(repeating: "a", count: 300),
                              problem: "login.error.email", devMailbox: false, provider: "Acme SSO", t: TestTranslator.en)
        #expect(login.email.count == 254 && login.error == TestTranslator.en("login.error.email") && login.mailboxURL == nil)
        #expect(login.provider == "Acme SSO" && login.providerAction == Paths.oidcStart("acme"))
        let problem = SignInProblemPage(layout: Layout(title: "x", language: .cs), slug: "acme", key: "link.used",
                                        t: TestTranslator.cs)
        #expect(problem.heading == TestTranslator.cs("link.used.title") && problem.loginURL == Paths.login("acme"))
    }
}

/// The identity provider settings as a model.
@Suite struct SignInSettingsPageTests {
    @Test func theStoredProviderOrWhatWasTyped() {
        let stored = IdentityProvider(issuer: "https://idp.acme.example", clientID: "roster", secretSealed: Data(),
                                      displayName: "Acme SSO")
        let saved = SignInSettingsPage(layout: Layout(title: "x", language: .en), slug: "acme", stored: stored, form: nil,
                                       redirectURI: "https://roster.example/t/acme/login/oidc/callback", keyMissing: false,
                                       errors: [:], t: TestTranslator.en)
        #expect(saved.issuer == "https://idp.acme.example" && saved.secretStored && saved.deleteURL != nil)
        let typed = SignInSettingsPage(layout: Layout(title: "x", language: .en), slug: "acme", stored: nil,
                                       form: .init(issuer: "ftp://x", clientID: "", clientSecret: nil, displayName: "X"),
                                       redirectURI: "r", keyMissing: true, errors: ["issuer": "provider.error.issuer"],
                                       t: TestTranslator.en)
        #expect(typed.issuer == "ftp://x" && typed.deleteURL == nil && typed.keyMissing)
        #expect(typed.errors["issuer"] == TestTranslator.en("provider.error.issuer"))
    }
}
