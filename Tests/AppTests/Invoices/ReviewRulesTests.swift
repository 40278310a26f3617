import Foundation
import Testing
@testable import App

/// The desk's flags and the accountant's files, on crafted data.
@Suite struct ReviewRulesTests {
    static let october = Month(year: 2025, month: 10)!
    static let contract = Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2025-01-01")!, validTo: nil, capacityTenths: 400)
    static let rate = Rate(id: UUID(), effectiveFrom: LocalDate(iso: "2025-01-01")!, amountMinor: 50_000, currency: "CZK")
    /// October 2025 has 22 working days (28 October is a public holiday): 22 × 8 h × 500 Kč.
    static let expectedMinor: Int64 = 22 * 8 * 50_000

    static func row(
        total: Int64? = expectedMinor, account: String? = "19-2000145399/0800", iban: String? = nil, hasText: Bool = true,
        previousAccount: String? = nil, previousIBAN: String? = nil, sameFile: Bool = false, sameNumber: Bool = false,
        symbol: String? = "202510", number: String? = "2025-10", corrected: Set<InvoiceField> = []
    ) -> DeskRow {
        DeskRow(id: UUID(), version: 1, userID: UUID(), name: "Eva Dvořáková", month: october, state: .submitted,
                documentID: UUID(),
                fields: InvoiceFields(total: total.map { InvoiceAmount(minor: $0, currency: "CZK") },
                                      account: account.flatMap { CzechAccount($0) }, iban: iban.flatMap { IBAN($0) },
                                      variableSymbol: symbol, invoiceNumber: number, supplierID: "25596641"),
                corrected: corrected, hasText: hasText, hasThumbnail: true, previousAccount: previousAccount, previousIBAN: previousIBAN,
                sameFileElsewhere: sameFile, sameNumberElsewhere: sameNumber, exported: false)
    }

    static func flags(_ row: DeskRow, kind: ContractKind = .ico) -> [ReviewFlag] {
        let contract = Contract(id: UUID(), kind: kind, validFrom: Self.contract.validFrom, validTo: nil, capacityTenths: 400)
        return ReviewRules.line(row, contracts: [contract], rates: [rate], viewer: UUID()).flags
    }

    @Test func aMatchingInvoiceHasNoFlags() {
        let line = ReviewRules.line(Self.row(), contracts: [Self.contract], rates: [Self.rate], viewer: UUID())
        #expect(line.flags.isEmpty)
        #expect(line.expected.amountMinor == Self.expectedMinor && line.difference == 0)
    }

    /// The company's tolerance: a difference up to that share of the expected amount is no flag.
    @Test func aDifferenceWithinTheToleranceIsNoFlag() {
        func flags(_ total: Int64, toleranceBP: Int) -> [ReviewFlag] {
            ReviewRules.line(Self.row(total: total), contracts: [Self.contract], rates: [Self.rate], viewer: UUID(),
                             toleranceBP: toleranceBP).flags
        }
        let onePercent = Self.expectedMinor / 100
        #expect(flags(Self.expectedMinor + onePercent, toleranceBP: 100).isEmpty)
        #expect(flags(Self.expectedMinor - onePercent, toleranceBP: 100).isEmpty)
        #expect(flags(Self.expectedMinor + onePercent + 1, toleranceBP: 100) == [.amountDiffers])
        #expect(flags(Self.expectedMinor + 1, toleranceBP: 0) == [.amountDiffers])
        #expect(flags(Self.expectedMinor, toleranceBP: 0).isEmpty)
        // What could not be compared is flagged whatever the tolerance.
        #expect(ReviewRules.line(Self.row(total: nil), contracts: [Self.contract], rates: [Self.rate], viewer: UUID(),
                                 toleranceBP: 10_000).flags == [.amountDiffers])
    }

    @Test func eachFlagOnItsOwn() {
        #expect(Self.flags(Self.row(total: Self.expectedMinor + 100)) == [.amountDiffers])
        #expect(Self.flags(Self.row(total: nil)) == [.amountDiffers])
        // Employment days are not invoiced: nothing is expected, so nothing can be compared.
        #expect(Self.flags(Self.row(), kind: .hpp) == [.amountDiffers])
        #expect(Self.flags(Self.row(previousAccount: "2000145399/0800")) == [.accountChanged])
        // The same account written as an IBAN is not a change.
        #expect(Self.flags(Self.row(previousIBAN: "CZ6508000000192000145399")).isEmpty)
        #expect(Self.flags(Self.row(account: nil, iban: "CZ6508000000192000145399", previousAccount: "19-2000145399/0800")).isEmpty)
        #expect(Self.flags(Self.row(sameFile: true)) == [.sameFile])
        #expect(Self.flags(Self.row(sameNumber: true)) == [.sameNumber])
        #expect(Self.flags(Self.row(hasText: false)) == [.nothingRead])
        // A scan whose values an admin typed in is no longer "nothing read".
        #expect(Self.flags(Self.row(hasText: false, corrected: [.total, .account])).isEmpty)
        #expect(Self.flags(Self.row(total: nil, account: nil, symbol: nil, number: nil)) == [.amountDiffers, .nothingRead])
        // The reviewing admin's own invoice.
        let row = Self.row()
        #expect(ReviewRules.line(row, contracts: [Self.contract], rates: [Self.rate], viewer: row.userID).flags == [.ownInvoice])
    }

    @Test func csvQuotesWhatItMustAndDefusesFormulas() {
        let invoice = PayableInvoice(id: UUID(), name: "Dvořák, \"Honza\"", month: Self.october, fields: InvoiceFields(
            total: InvoiceAmount(minor: 8_470_050, currency: "CZK"), account: CzechAccount("19-2000145399/0800"),
            variableSymbol: "202510", invoiceNumber: "=HYPERLINK(1)", supplierID: "25596641",
            dueDate: "2025-11-14"))
        let csv = PaymentExport.csv([invoice])
        #expect(csv.hasPrefix("\u{FEFF}employee,ico,invoice_number,amount,currency,account,variable_symbol,due_date,month\r\n"))
        #expect(csv.hasSuffix("\"Dvořák, \"\"Honza\"\"\",25596641,'=HYPERLINK(1),84700.50,CZK,19-2000145399/0800,202510,2025-11-14,2025-10\r\n"))
    }

    @Test func thePaymentOrderCountsAndSumsExactly() throws {
        let debtor = Debtor(name: "Acme s.r.o.", iban: IBAN("CZ6508000000192000145399")!, bic: "GIBACZPX")
        let invoices = [
            PayableInvoice(id: UUID(), name: "A & B", month: Self.october, fields: InvoiceFields(
                total: InvoiceAmount(minor: 10_001, currency: "CZK"), account: CzechAccount("19-2000145399/0800"),
                variableSymbol: "1")),
            PayableInvoice(id: UUID(), name: "C", month: Self.october, fields: InvoiceFields(
                total: InvoiceAmount(minor: 20_099, currency: "CZK"), iban: IBAN("DE89370400440532013000"))),
            // No account read: in the CSV, not in the payment order.
            PayableInvoice(id: UUID(), name: "D", month: Self.october, fields: InvoiceFields(
                total: InvoiceAmount(minor: 5_000, currency: "CZK"))),
        ]
        let xml = PaymentExport.pain001(invoices, debtor: debtor, messageID: "M-1", created: Date(timeIntervalSince1970: 0),
                                        executionDate: LocalDate(iso: "2025-11-03")!)
        #expect(xml.components(separatedBy: "<NbOfTxs>2</NbOfTxs>").count == 3)
        #expect(xml.components(separatedBy: "<CtrlSum>301.00</CtrlSum>").count == 3)
        #expect(xml.contains("<Nm>A &amp; B</Nm>"))
        #expect(xml.contains("<IBAN>CZ6508000000192000145399</IBAN>") && xml.contains("<IBAN>DE89370400440532013000</IBAN>"))
        #expect(!xml.contains("<Nm>D</Nm>"))
        #expect(Money.decimal(minor: -505) == "-5.05" && Money.decimal(minor: 7) == "0.07")
    }
}
