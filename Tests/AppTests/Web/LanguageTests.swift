import Foundation
import Testing
@testable import App

@Suite struct LanguageNegotiationTests {
    @Test func picksTheBestSupportedLanguage() {
        #expect(Language.fromAcceptLanguage("cs-CZ,cs;q=0.9,en;q=0.8") == .cs)
        #expect(Language.fromAcceptLanguage("de-DE,en-GB;q=0.7,cs;q=0.5") == .en)
        #expect(Language.fromAcceptLanguage("en;q=0.2, cs;q=0.9") == .cs)
        #expect(Language.fromAcceptLanguage("de, fr") == nil)
        #expect(Language.fromAcceptLanguage("cs;q=0, en;q=0.1") == .en)
        #expect(Language.fromAcceptLanguage("") == nil)
    }

    @Test func savedChoiceWinsThenCookieThenHeaderThenTenant() {
        #expect(Language.negotiate(preferred: .en, cookie: "cs", acceptLanguage: "cs", fallback: .cs) == .en)
        #expect(Language.negotiate(preferred: nil, cookie: "en", acceptLanguage: "cs", fallback: .cs) == .en)
        #expect(Language.negotiate(preferred: nil, cookie: "xx", acceptLanguage: "en", fallback: .cs) == .en)
        #expect(Language.negotiate(preferred: nil, cookie: nil, acceptLanguage: "de", fallback: .cs) == .cs)
    }
}

/// Every UI string comes from the translation files, in both languages.
@Suite struct TranslationFileTests {
    static let root = FileManager.default.currentDirectoryPath

    /// Keys the Swift code (the pages included) uses or builds, e.g. `"nav.home"` or
    /// `"error.\(code).title"`, expanded.
    static func keysUsedInCode() throws -> Set<String> {
        var keys: Set<String> = []
        let sources = root + "/Sources/App"
        let files = FileManager.default.enumerator(atPath: sources)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in text.matches(of: /"((?:nav|home|login|link|error|company|flash|preferences|form|layout|landing|role|language|people|person|contract|audit|employee|teams|rate|rates|earnings|mail|mailbox|oauth|oidc|provider|invoice|month|review|payments|confirm|correction|statement|supplier)\.[A-Za-z0-9_.]+)"/) {
                keys.insert(String(match.1))
            }
            // Any key a page or handler hands the translator as it is: `t("export.download")`.
            for match in text.matches(of: /\b(?:t|translate)\(\s*"([A-Za-z][A-Za-z0-9_]*\.[A-Za-z0-9_.]+)"/) {
                keys.insert(String(match.1))
            }
        }
        for code in [400, 401, 403, 404, 405, 413, 422, 500, 503] {
            keys.insert("error.\(code).title"); keys.insert("error.\(code).message")
        }
        for state in ["used", "expired", "deactivated", "unknown", "csrf"] {
            let base = state == "csrf" ? "error.csrf" : "link.\(state)"
            keys.insert("\(base).title"); keys.insert("\(base).message")
        }
        for role in Role.allCases { keys.insert("role.\(role.rawValue)") }
        for problem in OIDCProblem.allCases { keys.insert("oidc.problem.\(problem.rawValue)") }
        for kind in ContractKind.allCases { keys.insert("contract.\(kind.rawValue)") }
        for action in ["contract", "rate", "rateCorrected", "rateTypoFix", "rateDeleted", "team", "deactivated", "reactivated", "created", "edited", "contractEnded"] { keys.insert("audit.\(action)") }
        for status in ["active", "inactive", "all"] { keys.insert("people.status.\(status)") }
        for language in Language.allCases { keys.insert("language.\(language.rawValue)") }
        // Every place of every role's menu, and its home card.
        let everyone = User(id: UUID(), tenantID: UUID(), email: "all@acme.example", firstName: "A", lastName: "B", title: "",
                            roles: Set(Role.allCases), active: true, preferredLanguage: nil)
        for item in Layout.navigation(for: everyone, slug: "acme", path: "/", t: TestTranslator.en) {
            keys.insert("nav.\(item.key)")
            // Home itself has no card on the home page.
            if item.key != "home" { keys.insert("home.card.\(item.key)") }
        }
        for state in InvoiceState.allCases { keys.insert("invoice.state.\(state.rawValue)") }
        for state in [InvoiceState.approved, .paid] { keys.insert("invoice.refused.locked.\(state.rawValue)") }
        for month in 1...12 { keys.insert("month.name.\(month)") }
        for action in InvoiceAction.allCases {
            keys.insert("review.action.\(action.rawValue)"); keys.insert("flash.invoice.\(action.rawValue)")
            keys.insert("review.done.\(action.rawValue)"); keys.insert("review.done.\(action.rawValue).one")
        }
        for flag in ReviewFlag.allCases { keys.insert("review.flag.\(flag.rawValue)") }
        for outcome in ["stale", "not-allowed", "no-reason", "reason-too-long", "not-found", "own-invoice"] {
            keys.insert("review.outcome.\(outcome)"); keys.insert("review.summary.\(outcome)")
        }
        for state in ["submitted", "approved"] { keys.insert("review.desk.empty.\(state)") }
        for tab in ReviewTabs.Current.allCases { keys.insert("review.tab.\(tab.rawValue)") }
        return keys
    }

    @Test func bothLanguagesHaveTheSameKeys() throws {
        let translations = try Translations.load(directory: Self.root + "/Localization")
        #expect(Set(translations.strings[.cs]!.keys) == Set(translations.strings[.en]!.keys))
        for (key, text) in translations.strings[.cs]! { #expect(!text.isEmpty, "cs \(key) is empty") }
    }

    @Test func everyKeyInUseIsTranslated() throws {
        let translations = try Translations.load(directory: Self.root + "/Localization")
        let used = try Self.keysUsedInCode()
        #expect(used.count > 40)
        // A key built as "\(base).title" shows up as its base; then its parts must exist.
        let missing = used.filter { key in
            !translations.has(key) && !(translations.has(key + ".title") && translations.has(key + ".message"))
        }
        #expect(missing.isEmpty, "missing from a translation file: \(missing.sorted())")
    }

    @Test func argumentsAreFilledIn() {
        let translations = Translations(strings: [.en: ["a": "Hello, {0} and {1}"], .cs: ["a": "Ahoj {0}"]])
        #expect(translations.text("a", .en, ["Eva", "Petr"]) == "Hello, Eva and Petr")
        #expect(translations.text("missing", .cs) == "missing")
    }
}

@Suite struct LanguageSwitchTests {
    @Test func pagesFollowAcceptLanguageThenTheChoice() async throws {
        try await withWorld { world in
            var browser = world.browser()
            browser.acceptLanguage = "cs-CZ,cs;q=0.9"
            let czech = try await browser.get("/t/acme/login")
            #expect(czech.body.contains("<html lang=\"cs\">"))
            #expect(czech.body.contains("Přihlášení"))

            let switched = try await browser.post("/t/acme/language", form: ["language": "en", "back": "/t/acme/login"], csrfFrom: czech)
            #expect(switched.status == .seeOther)
            #expect(switched.location == "/t/acme/login")
            let english = try await browser.get("/t/acme/login")
            #expect(english.body.contains("<html lang=\"en\">"))
            #expect(english.body.contains("Sign in"))
        }
    }

    @Test func aSignedInPersonKeepsTheChoiceOnTheirProfile() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.employee)
            let page = try await browser.get("/t/acme/preferences")
            #expect(page.body.contains("Preferences"))
            let saved = try await browser.post("/t/acme/preferences", form: ["language": "cs"], csrfFrom: page)
            #expect(saved.status == .seeOther)
            let after = try await browser.get("/t/acme/preferences")
            #expect(after.body.contains("Předvolby"))
            #expect(after.body.contains("Uloženo."))
            // Another browser of the same person, asking for English, still gets Czech.
            var phone = try await world.signedIn(world.employee)
            phone.acceptLanguage = "en"
            let home = try await phone.get("/t/acme/")
            #expect(home.body.contains("Dobrý den, Eva"))
            let bad = try await browser.post("/t/acme/preferences", form: ["language": "de"], csrfFrom: after)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func theBackAddressCannotLeaveTheTenant() {
        #expect(LanguageRoutes.safeReturn("/t/acme/preferences", slug: "acme") == "/t/acme/preferences")
        #expect(LanguageRoutes.safeReturn("https://evil.example/", slug: "acme") == "/t/acme/")
        #expect(LanguageRoutes.safeReturn("/t/acme//evil.example", slug: "acme") == "/t/acme/")
        #expect(LanguageRoutes.safeReturn("/t/globex/", slug: "acme") == "/t/acme/")
        #expect(LanguageRoutes.safeReturn(nil, slug: "acme") == "/t/acme/")
    }
}

/// A text's placeholders filled with the page's values (`Translations.fill`).
@Suite struct TranslationFillTests {
    @Test func eachPlaceholderTakesItsArgumentOnce() {
        #expect(Translations.fill("{0} of {1}", ["3", "10"]) == "3 of 10")
        #expect(Translations.fill("{1}, {0}, {1}", ["a", "b"]) == "b, a, b", "in any order, more than once")
        #expect(Translations.fill("no placeholders", ["x"]) == "no placeholders")
        #expect(Translations.fill("{0}", []) == "{0}" && Translations.fill("{2} {0}", ["a"]) == "{2} a", "none to fill: as written")
        #expect(Translations.fill("{10}", Array(repeating: "x", count: 10) + ["ten"]) == "ten")
        #expect(Translations.fill("{} {x} {0 {0", ["a"]) == "{} {x} {0 {0", "not placeholders")
        #expect(Translations.fill("Dvořáková {0} – {1}", ["Eva", "ů"]) == "Dvořáková Eva – ů")
    }

    /// An argument's own text is not searched for placeholders: a name written "{1}" stays.
    @Test func anArgumentIsNeverFilledItself() {
        #expect(Translations.fill("{0} uploaded {1}", ["{1}", "an invoice"]) == "{1} uploaded an invoice")
        #expect(Translations.fill("{0}", ["{0}{0}"]) == "{0}{0}")
    }
}
