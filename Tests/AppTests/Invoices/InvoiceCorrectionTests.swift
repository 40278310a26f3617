import Foundation
import Testing
@testable import App

/// The rules of correcting what was read, without a database: what a typed value may be, which
/// fields a correction changes, and when an invoice can be corrected.
@Suite struct InvoiceCorrectionTests {
    static let read = InvoiceFields(
        total: InvoiceAmount(minor: 72_000_00, currency: "CZK"), account: CzechAccount("19-2000145399/0800"),
        iban: IBAN("CZ6508000000192000145399"), variableSymbol: "202610", invoiceNumber: "FV-2026/10",
        supplierID: "25596641", dueDate: "2026-11-14")

    @Test func typedValuesAreReadAsAnUploadIsRead() throws {
        let typed = InvoiceCorrection.Input(total: " 71 500,5 ", currency: "czk", account: "CZ65 0800 0000 1920 0014 5399",
                                            variableSymbol: "2026100", invoiceNumber: "FV-2026/10a", supplierID: "255 966 41",
                                            dueDate: "2026-11-30")
        let fields = try InvoiceCorrection.read(typed).get()
        #expect(fields.total == InvoiceAmount(minor: 71_500_50, currency: "CZK"))
        #expect(fields.iban?.value == "CZ6508000000192000145399" && fields.account == nil)
        #expect(fields.variableSymbol == "2026100" && fields.invoiceNumber == "FV-2026/10a")
        #expect(fields.supplierID == "25596641" && fields.dueDate == "2026-11-30")
        // A Czech account number stays one.
        #expect(try InvoiceCorrection.read(.init(account: "19-2000145399/0800")).get().account?.description == "19-2000145399/0800")
        // Empty means "not known".
        #expect(try InvoiceCorrection.read(.init()).get() == InvoiceFields())
    }

    @Test func everyFieldRefusesWhatItsRuleWouldNotRead() {
        let cases: [(InvoiceCorrection.Input, InvoiceField)] = [
            (.init(total: "12,345", currency: "CZK"), .total),
            (.init(total: "0", currency: "CZK"), .total),
            (.init(total: "-5", currency: "CZK"), .total),
            (.init(total: "100", currency: "BTC"), .total),
            (.init(total: "100", currency: ""), .total),
            (.init(total: "1e5", currency: "CZK"), .total),
            (.init(account: "19-2000145398/0800"), .account),
            (.init(account: "CZ6508000000192000145398"), .account),
            (.init(account: "<script>"), .account),
            (.init(variableSymbol: "12345678901"), .variableSymbol),
            (.init(variableSymbol: "12a"), .variableSymbol),
            (.init(invoiceNumber: "-starts-with-dash"), .invoiceNumber),
            (.init(invoiceNumber: String(repeating: "9", count: 31)), .invoiceNumber),
            (.init(supplierID: "25596642"), .supplierID),
            (.init(supplierID: "2559664"), .supplierID),
            (.init(dueDate: "2026-02-30"), .dueDate),
            (.init(dueDate: "30.11.2026"), .dueDate),
        ]
        for (input, field) in cases {
            guard case .failure(let problems) = InvoiceCorrection.read(input) else {
                Issue.record("\(input) was accepted")
                continue
            }
            #expect(problems.keys == [field: "correction.error.\(field.rawValue)"], "\(input)")
        }
    }

    @Test func hugeInputIsRefusedUnread() {
        let huge = String(repeating: "1", count: 1 << 20)
        let input = InvoiceCorrection.Input(total: huge, currency: "CZK", account: huge, variableSymbol: huge, invoiceNumber: huge,
                                            supplierID: huge, dueDate: huge)
        guard case .failure(let problems) = InvoiceCorrection.read(input) else {
            Issue.record("accepted")
            return
        }
        #expect(Set(problems.keys.keys) == Set(InvoiceField.allCases))
    }

    @Test func onlyTheFieldsThatDifferChange() {
        var proposed = Self.read
        proposed.total = InvoiceAmount(minor: 71_000_00, currency: "CZK")
        proposed.variableSymbol = nil
        // The account typed as its IBAN is the same account: the account and IBAN read stay.
        proposed.account = nil
        proposed.iban = IBAN("CZ6508000000192000145399")
        let (changes, result) = InvoiceCorrection.changes(from: Self.read, to: proposed)
        #expect(changes == [
            FieldChange(field: .total, old: "72000.00 CZK", new: "71000.00 CZK"),
            FieldChange(field: .variableSymbol, old: "202610", new: nil),
        ])
        #expect(result.account == Self.read.account && result.iban == Self.read.iban)
        #expect(result.total?.minor == 71_000_00 && result.variableSymbol == nil && result.invoiceNumber == "FV-2026/10")
        #expect(InvoiceCorrection.changes(from: Self.read, to: Self.read).changes.isEmpty)
        // Another account replaces both the account and the IBAN read.
        var other = Self.read
        other.account = CzechAccount("2000145399/0800")!
        other.iban = nil
        let moved = InvoiceCorrection.changes(from: Self.read, to: other)
        #expect(moved.changes == [FieldChange(field: .account, old: "19-2000145399/0800", new: "2000145399/0800")])
        #expect(moved.result.iban == nil && moved.result.account?.description == "2000145399/0800")
    }

    @Test func anInvoiceNamingACzechAccountAndAForeignIBANKeepsBoth() {
        var read = Self.read
        read.iban = IBAN("DE89370400440532013000")
        // The form shows the Czech account; sent back unchanged, it changes nothing.
        var proposed = read
        proposed.iban = nil
        proposed.variableSymbol = "1"
        let (changes, result) = InvoiceCorrection.changes(from: read, to: proposed)
        #expect(changes.map(\.field) == [.variableSymbol] && result.iban == read.iban && result.account == read.account)
        // Another account replaces both.
        proposed.account = CzechAccount("2000145399/0800")
        #expect(InvoiceCorrection.changes(from: read, to: proposed).changes.map(\.field) == [.account, .variableSymbol])
    }

    @Test func aChangedTotalOrAccountReopensOnlyAnApprovedInvoice() {
        let total = FieldChange(field: .total, old: "1.00 CZK", new: "2.00 CZK")
        let due = FieldChange(field: .dueDate, old: nil, new: "2026-11-30")
        #expect(InvoiceCorrection.reopens(state: .approved, changes: [due, total]))
        #expect(!InvoiceCorrection.reopens(state: .approved, changes: [due]))
        #expect(!InvoiceCorrection.reopens(state: .submitted, changes: [total]))
        // Amounts as large as an invoice's text may give are typed back unchanged.
        #expect(InvoiceCorrection.read(.init(total: "123456789012,34", currency: "CZK")) ==
                .success(InvoiceFields(total: InvoiceAmount(minor: 12_345_678_901_234, currency: "CZK"))))
    }

    @Test func submittedOrApprovedAndNotInAPaymentOrder() {
        for state in InvoiceState.allCases {
            #expect(InvoiceCorrection.allowed(state: state, exported: false) == (state == .submitted || state == .approved))
            #expect(!InvoiceCorrection.allowed(state: state, exported: true))
        }
    }

    @Test func amountsInMinorUnitsHaveTheReadersBounds() {
        #expect(InvoiceCorrection.amount(minor: 1, currency: "EUR") != nil)
        #expect(InvoiceCorrection.amount(minor: 99_999_999_999_999, currency: "CZK") != nil)
        #expect(InvoiceCorrection.amount(minor: 100_000_000_000_000, currency: "CZK") == nil)
        #expect(InvoiceCorrection.amount(minor: 0, currency: "CZK") == nil)
        #expect(InvoiceCorrection.amount(minor: .min, currency: "CZK") == nil)
        #expect(InvoiceCorrection.amount(minor: 100, currency: "czk") == nil)
    }

    @Test func theFormShowsTheStoredValuesAsTyped() {
        let cs = InvoiceCorrection.Input(Self.read, language: .cs)
        #expect(cs.total == "72000,00" && cs.currency == "CZK" && cs.account == "19-2000145399/0800")
        #expect(InvoiceCorrection.Input(Self.read, language: .en).total == "72000.00")
        // What the form shows reads back as what is stored.
        #expect(InvoiceCorrection.changes(from: Self.read, to: try! InvoiceCorrection.read(cs).get()).changes.isEmpty)
    }
}
