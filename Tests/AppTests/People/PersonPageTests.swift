import Foundation
import Testing
@testable import App

/// The profile page as a model, without a server: what each viewer is shown, the forms shown
/// again, and the rates section's pages.
@Suite struct PersonPageTests {
    static let eva = UUID(), jana = UUID()
    static let today = LocalDate(iso: "2026-11-18")!

    static func person(active: Bool = true, phone: String? = "+420 603 111 222") -> Person {
        Person(
            user: User(id: eva, tenantID: UUID(), email: "eva@acme.example", firstName: "Eva", lastName: "Dvořáková",
                       title: "", roles: [.employee], active: active, preferredLanguage: nil),
            position: "", personalEmail: nil, phone: phone, teamID: nil, teamName: nil, teamLeaderID: nil,
            contracts: [Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2024-09-01")!, validTo: nil, capacityTenths: 300)])
    }

    static func rates(_ count: Int) -> [RateEntry] {
        (0..<count).map { index in
            RateEntry(rate: Rate(effectiveFrom: Month(year: 2024, month: 9)!.adding(months: index).first,
                                 amountMinor: Int64(600_00 + index * 10_00), currency: "CZK"),
                      correctedAt: nil)
        }
    }

    static func page(_ content: PersonPage.Content, viewer: UUID = jana, ratesPage: Int? = nil,
                     refused: PersonPage.Refused = .none, t: Translator = TestTranslator.en) -> PersonPage {
        PersonPage(layout: Layout(title: "Eva", language: t.language), slug: "acme", viewer: viewer, content: content,
                   today: today, ratesPage: ratesPage, refused: refused, t: t)
    }

    @Test func theEmployeeSeesTheirRateAndNoForms() {
        let own = Permissions.ProfileAccess(seesRate: true, canEdit: false, managesRates: false)
        let page = Self.page(.init(person: Self.person(), access: own, history: nil,
                                   rate: Rate(effectiveFrom: Self.today, amountMinor: 650_50, currency: "CZK"), audit: nil),
                             viewer: Self.eva)
        #expect(page.rate == "CZK\u{00A0}650.50 / h")
        #expect(page.contractForm == nil && page.editURL == nil && page.deactivateURL == nil && page.rates == nil)
        #expect(page.fields.first { $0.label == "Phone" }?.href == "tel:+420603111222")
        #expect(page.contracts.map(\.current) == [true])
    }

    @Test func anAdminGetsTheFormsAndTheHistoryInPages() throws {
        let admin = Permissions.ProfileAccess(seesRate: true, canEdit: true, managesRates: true)
        let content = PersonPage.Content(person: Self.person(), access: admin, history: Self.rates(25), rate: nil,
                                         audit: [AuditEntry(at: "2026-11-01 09:00", action: "created", actorName: nil)])
        let first = Self.page(content)
        let rates = try #require(first.rates)
        #expect(rates.entries.count == ProfileRatesSection.pageSize)
        #expect(rates.previousURL == nil)
        #expect(rates.nextURL == Paths.person("acme", Self.eva) + "?ratesPage=2#rates")
        #expect(first.contractForm?.validFrom == "2026-12-01" && first.contractForm?.capacity == "30")
        #expect(first.deactivateURL == Paths.deactivate("acme", Self.eva) && first.reactivateURL == nil)
        #expect(first.audit?.first?.text.contains("Roster") == true)
        // A page past the end shows the last one.
        let last = try #require(Self.page(content, ratesPage: 99).rates)
        #expect(last.entries.count == 5 && last.nextURL == nil)
        #expect(last.previousURL == Paths.person("acme", Self.eva) + "?ratesPage=2#rates")
        // One's own profile cannot be deactivated from itself.
        #expect(Self.page(content, viewer: Self.eva).deactivateURL == nil)
    }

    @Test func refusedFormsComeBackWithWhatWasTyped() {
        let admin = Permissions.ProfileAccess(seesRate: true, canEdit: true, managesRates: true)
        let content = PersonPage.Content(person: Self.person(active: false), access: admin, history: [], rate: nil, audit: [])
        let typed = ContractForm(kind: "dpp", validFrom: "2027-01-01", validTo: "2026-01-01", capacity: "10", endCurrent: nil)
        let page = Self.page(content, refused: .init(contract: typed, contractProblem: ContractForm.Problem.to.rawValue,
                                                     rate: RateForm(amount: "abc", effectiveFrom: "2027-01-01"),
                                                     rateProblems: ["amount": "rate.error.amountFormat"]),
                             t: TestTranslator.cs)
        let form = page.contractForm
        #expect(form?.kinds.first { $0.selected }?.value == "dpp")
        #expect(form?.validTo == "2026-01-01" && form?.endCurrent == false && form?.error?.isEmpty == false)
        #expect(form?.error != ContractForm.Problem.to.rawValue, "the problem is shown translated")
        #expect(page.rates?.form.open == true && page.rates?.form.amount == "abc")
        #expect(page.rates?.form.amountError == TestTranslator.cs("rate.error.amountFormat"))
        #expect(page.inactive && page.reactivateURL == Paths.reactivate("acme", Self.eva) && page.deactivateURL == nil)
    }
}
