import Foundation
import Testing
@testable import App

/// "My earnings" as a model: the rates, the chart's range, an opened month, the empty state.
@Suite struct EarningsPageTests {
    static let today = LocalDate(iso: "2026-11-18")!
    static let contract = Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2025-01-01")!, validTo: nil,
                                   capacityTenths: 400)
    static let rates = [Rate(effectiveFrom: LocalDate(iso: "2025-01-01")!, amountMinor: 500_00, currency: "CZK"),
                        Rate(effectiveFrom: LocalDate(iso: "2026-12-01")!, amountMinor: 550_00, currency: "CZK")]

    static func page(range: String? = nil, month: String? = nil, contracts: [Contract] = [contract]) -> EarningsPage {
        EarningsPage(layout: Layout(title: "x", language: .en), slug: "acme", currency: "CZK", today: today,
                     contracts: contracts, rates: rates, invoices: [], rangeCode: range, selectedMonth: month,
                     t: TestTranslator.en)
    }

    @Test func theRatesTheRangeAndAnOpenedMonth() {
        let page = Self.page(range: "12", month: "2026-10")
        #expect(page.current?.contains("500.00") == true && page.upcoming?.contains("550.00") == true)
        #expect(page.rows.count == 12 && page.ranges.first { $0.current }?.href == "/t/acme/earnings?range=12")
        // October 2026: 21 working days (28 October is a public holiday) × 8 h × 500.
        #expect(page.detail?.amount == "CZK\u{00A0}84,000.00" && page.detail?.days == "21")
        #expect(page.rows.first { $0.selected }?.month == "2026-10")
    }

    @Test func oddQueriesFallBackAndNoContractSaysSo() {
        let page = Self.page(range: "999", month: "1999-01")
        #expect(page.rows.count == 6 && page.detail == nil)
        #expect(Self.page(contracts: []).empty == TestTranslator.en("earnings.empty"))
    }
}
