import Foundation
import Testing
@testable import App

/// "My invoices" as a model: the months a page at a time, what each offers, the empty state.
@Suite struct MyInvoicesPageTests {
    static let november = Month(year: 2026, month: 11)!

    static func months(_ count: Int) -> [MonthRow] {
        (0..<count).map { MonthRow(month: november.adding(months: -$0), status: .missing) }
    }

    static func page(_ months: [MonthRow], number: Int? = nil, t: Translator = TestTranslator.en) -> MyInvoicesPage {
        MyInvoicesPage(layout: Layout(title: "x", language: t.language), slug: "acme", currency: "CZK", months: months,
                       page: PageRequest(number: number, size: MyInvoicesPage.pageSize), canUpload: true, t: t)
    }

    @Test func monthsComeAPageAtATime() {
        let first = Self.page(Self.months(14))
        #expect(first.rows.count == 12 && first.newerURL == nil && first.olderURL == Paths.invoices("acme") + "?page=2")
        #expect(first.rows[0].month == "November 2026" && first.rows[0].uploadURL == Paths.uploadInvoice("acme", month: Self.november))
        let second = Self.page(Self.months(14), number: 2)
        #expect(second.rows.count == 2 && second.olderURL == nil && second.newerURL == Paths.invoices("acme") + "?page=1")
        #expect(Self.page(Self.months(14), number: 40).rows.count == 2)
        // The pager's links say which way the months go.
        #expect(first.body.string.contains("<a href=\"/t/acme/invoices?page=2\" rel=\"next\">Older months →</a>"))
        #expect(second.body.string.contains("<a href=\"/t/acme/invoices?page=1\" rel=\"prev\">← Newer months</a>"))
        #expect(!first.body.string.contains("rel=\"prev\"") && !second.body.string.contains("rel=\"next\""))
    }

    @Test func aReturnedInvoiceSaysWhyAndTakesANewFile() {
        let id = UUID(), document = UUID()
        let returned = InvoiceSummary(id: id, month: Self.november, state: .returned, amountMinor: 84_700_50, currency: nil,
                                      uploadedOn: LocalDate(iso: "2026-11-03")!, documentID: document,
                                      returnReason: "Chybí výkaz hodin")
        let approved = InvoiceSummary(id: UUID(), month: Self.november.adding(months: -1), state: .approved, amountMinor: nil,
                                      currency: nil, uploadedOn: LocalDate(iso: "2026-10-02")!, documentID: UUID(), returnReason: nil)
        let page = Self.page([MonthRow(month: Self.november, status: .invoice(returned)),
                              MonthRow(month: Self.november.adding(months: -1), status: .invoice(approved)),
                              MonthRow(month: Self.november.adding(months: -2), status: .notRequired)], t: TestTranslator.cs)
        #expect(page.rows[0].note?.contains("Chybí výkaz hodin") == true && page.rows[0].amount == "84\u{00A0}700,50\u{00A0}Kč")
        #expect(page.rows[0].uploadURL != nil && page.rows[0].documentURL == Paths.invoiceDocument("acme", id, document))
        #expect(page.rows[1].uploadURL == nil && page.rows[1].amount == nil)
        #expect(page.rows[2].stateCode == "not-required" && page.rows[2].href == nil)
    }

    @Test func withoutMonthsThePageSaysWhatToDo() {
        #expect(Self.page([]).empty == TestTranslator.en("invoice.list.empty"))
    }
}
