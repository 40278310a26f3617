import Foundation
import Testing
@testable import App

/// The upload form as a model: which months it offers and chooses, limits, a refusal.
@Suite struct UploadFormPageTests {
    static let today = LocalDate(iso: "2026-11-18")!
    static let contract = Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2026-09-01")!, validTo: nil,
                                   capacityTenths: 400)

    static func page(invoices: [InvoiceSummary] = [], wanted: Month? = nil, refusal: UploadRefusal? = nil,
                     contracts: [Contract] = [contract]) -> UploadFormPage {
        UploadFormPage(layout: Layout(title: "x", language: .en), slug: "acme", today: today, contracts: contracts,
                       invoices: invoices, wanted: wanted, refusal: refusal, maxBytes: 10 << 20, maxPages: 20,
                       t: TestTranslator.en)
    }

    @Test func theMonthsOfTheContractAndTheChosenOne() {
        let page = Self.page()
        #expect(page.months.map(\.value).contains("2026-11") && page.months.map(\.value).contains("2026-09"))
        #expect(page.months.filter(\.selected).count == 1)
        let october = Self.page(wanted: Month(year: 2026, month: 10))
        #expect(october.months.first { $0.selected }?.value == "2026-10")
        // A month the contract does not cover is not chosen, however it is asked for.
        #expect(Self.page(wanted: Month(year: 2026, month: 1)).months.first { $0.selected }?.value != "2026-01")
        #expect(page.limits.contains("10") && page.limits.contains("20") && page.error == nil && page.hint == nil)
    }

    @Test func aSubmittedMonthIsOfferedAsAReplacement() {
        let submitted = InvoiceSummary(id: UUID(), month: Month(year: 2026, month: 10)!, state: .submitted, amountMinor: nil,
                                       currency: nil, uploadedOn: LocalDate(iso: "2026-11-02")!, documentID: UUID(),
                                       returnReason: nil)
        let page = Self.page(invoices: [submitted], refusal: .notPDF)
        #expect(page.months.first { $0.value == "2026-10" }?.label.contains(TestTranslator.en("invoice.upload.replaces")) == true)
        #expect(page.error?.isEmpty == false)
    }

    @Test func withoutAContractNothingIsOffered() {
        let page = Self.page(contracts: [])
        #expect(page.months.isEmpty && page.hint == TestTranslator.en("invoice.upload.nothing"))
    }
}
