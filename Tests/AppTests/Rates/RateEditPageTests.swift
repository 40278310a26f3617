import Foundation
import Testing
@testable import App

/// The rate edit page as a model: a future rate is corrected or deleted, a past one only fixed.
@Suite struct RateEditPageTests {
    static let today = LocalDate(iso: "2026-11-18")!
    static let eva = User(id: UUID(), tenantID: UUID(), email: "eva@acme.example", firstName: "Eva", lastName: "Dvořáková",
                          title: "", roles: [.employee], active: true, preferredLanguage: nil)

    static func page(_ from: String, problems: [String: String] = [:]) -> RateEditPage {
        let rate = Rate(effectiveFrom: LocalDate(iso: from)!, amountMinor: 650_50, currency: "CZK")
        return RateEditPage(layout: Layout(title: "x", language: .en), slug: "acme", person: eva, rate: rate, today: today,
                            form: RateForm(amount: "650.50", effectiveFrom: from), problems: problems, t: TestTranslator.en)
    }

    @Test func aFutureRateMayBeDeletedAPastOneOnlyFixed() {
        let future = Self.page("2026-12-01")
        #expect(!future.effective && future.deleteURL != nil && future.original.contains("650.50"))
        let past = Self.page("2026-11-01", problems: ["typoFix": "rate.error.typoFix"])
        #expect(past.effective && past.deleteURL == nil && past.typoFixError != nil && past.amountError == nil)
        #expect(past.backURL == Paths.person("acme", Self.eva.id) + "#rates")
        let rate = Rate(effectiveFrom: Self.today, amountMinor: 1, currency: "CZK")
        #expect(RateEditPage.title(of: rate, today: Self.today, t: TestTranslator.en) == TestTranslator.en("rate.fixTypoTitle"))
    }
}
