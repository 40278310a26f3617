import Foundation
import Testing
@testable import App

/// The home page and the preferences as models.
@Suite struct SmallPagesTests {
    static let jana = User(id: UUID(), tenantID: UUID(), email: "jana@acme.example", firstName: "Jana", lastName: "Nováková",
                           title: "", roles: [.admin, .employee], active: true, preferredLanguage: .en)

    @Test func homeGreetsAndEveryMenuPlaceHasItsCard() {
        let page = HomePage(layout: Layout(title: "x", language: .en), slug: "acme", user: Self.jana, agenda: HomeAgenda(),
                            t: TestTranslator.en)
        #expect(page.greeting.contains("Jana") && page.roles.contains(TestTranslator.en("role.admin")))
        // Every place of every role's menu has a card that says what it is for, in both languages.
        let everyone = User(id: UUID(), tenantID: UUID(), email: "all@acme.example", firstName: "A", lastName: "B", title: "",
                            roles: Set(Role.allCases), active: true, preferredLanguage: nil)
        for t in [TestTranslator.en, TestTranslator.cs] {
            let nav = Layout.navigation(for: everyone, slug: "acme", path: "/t/acme", t: t)
            #expect(nav.count >= 14)
            let page = HomePage(layout: Layout(title: "x", language: t.language, nav: nav), slug: "acme", user: everyone,
                                agenda: HomeAgenda(), t: t)
            #expect(page.cards.count == nav.count - 1)
            for card in page.cards {
                #expect(!card.text.hasPrefix("home.card.") && card.text != card.title && card.text.count > 20, "\(card)")
            }
            #expect(Set(page.cards.map(\.text)).count == page.cards.count)
        }
    }

    @Test func preferencesShowTheLanguageInUse() {
        let page = PreferencesPage(layout: Layout(title: "x", language: .cs), slug: "acme", user: Self.jana, language: .cs,
                                   wanted: [.invoiceReturned, .invoiceReminder], t: TestTranslator.cs)
        #expect(page.languages.filter(\.selected).map(\.value) == ["cs"] && page.email == "jana@acme.example")
        #expect(page.mails.map(\.value) == MailKind.allCases.map(\.rawValue))
        #expect(page.mails.filter(\.selected).map(\.value) == ["invoice-returned", "invoice-reminder"])
        #expect(page.signOutEverywhereURL == Paths.logoutEverywhere("acme"))
    }

    @Test func preferencesPrintTheChoicesCheckedAndTheAddressEscaped() {
        let odd = User(id: UUID(), tenantID: UUID(), email: "<b>j\"a@acme.example", firstName: "Jana", lastName: "Nováková",
                       title: "", roles: [.employee], active: true, preferredLanguage: .en)
        let page = PreferencesPage(layout: Layout(title: "x", language: .en), slug: "acme", user: odd, language: .en,
                                   wanted: [.invoiceReminder], t: TestTranslator.en)
        let html = page.body.description
        #expect(html.contains(#"<input type="radio" name="language" value="en" checked>"#))
        #expect(html.contains(#"<input type="radio" name="language" value="cs">"#))
        for option in page.mails {
            let checked = option.value == MailKind.invoiceReminder.rawValue ? " checked" : ""
            #expect(html.contains(#"<input type="checkbox" name="mail[]" value="\#(option.value)"\#(checked)>"#))
        }
        #expect(html.contains("&lt;b&gt;j&quot;a@acme.example") && !html.contains("<b>j"))
        #expect(html.contains(#"action="\#(Paths.preferences("acme"))""#) && html.contains(#"action="\#(Paths.logoutEverywhere("acme"))""#))
        #expect(html.contains(TestTranslator.en("preferences.everywhereButton")))
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

/// The development mailbox as a model.
@Suite struct DevMailboxPageTests {
    @Test func eachMailWithItsStateAndLink() {
        func mail(_ body: String, sent: Bool) -> OutboxMail {
            OutboxMail(id: UUID(), recipient: "eva@acme.example", subject: "Sign in", body: body, attempts: 0,
                       createdAt: Date(timeIntervalSince1970: 1_795_000_000), sentAt: sent ? Date() : nil, failedAt: nil,
                       lastError: nil, expiresAt: nil, claimedUntil: nil, unsubscribeURL: nil)
        }
        let page = DevMailboxPage(layout: Layout(title: "x", language: .en), mails: [
            mail("Open http://localhost:8080/t/acme/login/abc_DEF-123 to sign in.", sent: true),
            mail("No link here.", sent: false),
        ], t: TestTranslator.en)
        #expect(page.messages[0].link == "http://localhost:8080/t/acme/login/abc_DEF-123")
        #expect(page.messages[0].state == TestTranslator.en("mailbox.sent") && page.messages[1].link == nil)
        #expect(page.messages[1].state == TestTranslator.en("mailbox.queued") && page.messages[0].at.hasPrefix("2026-"))
    }
}

/// An app's consent page as a model.
@Suite struct OAuthConsentPageTests {
    @Test func theAppThePersonAndTheRequestToPostBack() {
        let user = User(id: UUID(), tenantID: UUID(), email: "eva@acme.example", firstName: "Eva", lastName: "Dvořáková",
                        title: "", roles: [.employee], active: true, preferredLanguage: nil)
        let page = OAuthConsentPage(layout: Layout(title: "x", language: .en), slug: "acme",
                                    client: OAuthClient(id: "roster-cli", name: "Roster CLI", redirectURIs: ["http://127.0.0.1/cb"]),
                                    user: user, redirectURI: "http://127.0.0.1/cb", codeChallenge: "abc", state: nil,
                                    t: TestTranslator.en)
        #expect(page.clientName == "Roster CLI" && page.userName == user.displayName && page.state == "")
        #expect(page.action == Paths.oauthAuthorize("acme") && page.redirectURI == "http://127.0.0.1/cb")
    }
}
