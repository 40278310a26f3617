import Foundation
import Testing
@testable import App

/// The month list's rules read a page at a time ("My invoices" reads only its page's invoices):
/// the months and the upload button agree with the list built from every invoice.
@Suite struct InvoiceMonthsTests {
    static let today = LocalDate(iso: "2026-11-18")!

    static func contract(_ kind: ContractKind, from: String, to: String? = nil) -> Contract {
        Contract(id: UUID(), kind: kind, validFrom: LocalDate(iso: from)!, validTo: to.flatMap(LocalDate.init(iso:)),
                 capacityTenths: 400)
    }

    static func invoice(_ month: String, _ state: InvoiceState) -> InvoiceSummary {
        InvoiceSummary(id: UUID(), month: Month(iso: month)!, state: state, amountMinor: 100_000, currency: "CZK",
                       uploadedOn: LocalDate(iso: "\(month)-28")!, documentID: UUID(), returnReason: nil)
    }

    /// Histories: invoices in every contractor month, a missing month, an invoice that still takes a
    /// file, an invoice earlier than any contract, an employee's months, and nothing at all.
    static let cases: [(String, [Contract], [InvoiceSummary])] = [
        ("all paid", [contract(.ico, from: "2026-08-01")],
         ["2026-08", "2026-09", "2026-10", "2026-11"].map { invoice($0, .paid) }),
        ("one missing", [contract(.ico, from: "2026-08-01")], ["2026-08", "2026-10", "2026-11"].map { invoice($0, .paid) }),
        ("one returned", [contract(.ico, from: "2026-10-01")], [invoice("2026-10", .paid), invoice("2026-11", .returned)]),
        ("invoice before the contract", [contract(.ico, from: "2026-11-01")], [invoice("2026-06", .approved), invoice("2026-11", .paid)]),
        ("employee, then contractor", [contract(.hpp, from: "2025-01-01", to: "2026-09-30"), contract(.ico, from: "2026-10-01")],
         [invoice("2026-10", .paid), invoice("2026-11", .approved)]),
        ("an invoice of next month only", [contract(.ico, from: "2026-12-01")], [invoice("2026-12", .submitted)]),
        ("nothing", [], []),
    ]

    @Test(arguments: cases.indices)
    func aPageAndTheUploadButtonAgreeWithTheWholeList(index: Int) {
        let (name, contracts, invoices) = Self.cases[index]
        let all = InvoiceMonths.rows(contracts: contracts, invoices: invoices, today: Self.today)
        let months = InvoiceMonths.months(contracts: contracts, firstInvoice: invoices.map(\.month).min(), today: Self.today)
        #expect(months == all.map(\.month), "\(name)")
        #expect(InvoiceMonths.rows(of: months, contracts: contracts, invoices: invoices, statements: []) == all, "\(name)")
        let current = Month(Self.today)
        let canUpload = InvoiceMonths.canUpload(
            contracts: contracts, invoiceMonths: Set(invoices.map(\.month)), firstInvoice: invoices.map(\.month).min(),
            anyAcceptsUpload: invoices.contains { $0.state.acceptsUpload && $0.month <= current }, today: Self.today)
        #expect(canUpload == !InvoiceMonths.uploadable(contracts: contracts, invoices: invoices, today: Self.today).isEmpty,
                "\(name)")
    }

    @Test func theRowsOfAPageAreReadFromThatPagesInvoicesOnly() {
        let contracts = [Self.contract(.ico, from: "2025-01-01")]
        let invoices = ["2025-03", "2026-10"].map { Self.invoice($0, .paid) }
        let all = InvoiceMonths.rows(contracts: contracts, invoices: invoices, today: Self.today)
        let page = PageRequest(number: 2, size: 12).page(of: all.map(\.month))
        // The page's own invoice (March 2025) is enough to build its rows.
        let rows = InvoiceMonths.rows(of: page.rows, contracts: contracts, invoices: [invoices[0]], statements: [])
        #expect(rows == PageRequest(number: 2, size: 12).page(of: all).rows)
        #expect(rows.filter { if case .invoice = $0.status { true } else { false } }.map(\.month) == [Month(iso: "2025-03")!])
    }
}
