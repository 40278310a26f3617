import Foundation
import Testing
@testable import App

/// A contractor's supplier details as plain data: what the form accepts, what the audit trail
/// and the warning mail say, the desk's flags against the registered values, and the account a
/// payment order pays.
@Suite struct SupplierDetailsTests {
    @Test func theFormReadsWhatACzechSupplierHas() throws {
        let details = try SupplierDetails.read(.init(ico: " 255 966 41 ", dic: "cz 25596641", vatPayer: true,
                                                     billingAddress: "Vinohradská 1\r\n120 00 Praha 2 ", account: "19-2000145399/0800")).get()
        #expect(details.ico == "25596641" && details.dic == "CZ25596641" && details.vatPayer)
        #expect(details.billingAddress == "Vinohradská 1\n120 00 Praha 2")
        #expect(details.account?.description == "19-2000145399/0800" && details.iban == nil)
        #expect(details.registeredIBAN?.value == "CZ6508000000192000145399")
        let foreign = try SupplierDetails.read(.init(dic: "DE123456789", account: "DE89 3704 0044 0532 0130 00")).get()
        #expect(foreign.dic == "DE123456789" && foreign.iban?.value == "DE89370400440532013000")
        #expect(try SupplierDetails.read(.init()).get() == SupplierDetails())
    }

    @Test func everyFieldRefusesWhatIsNotValid() {
        let cases: [(SupplierDetails.Input, String, String)] = [
            (.init(ico: "25596642"), "ico", "supplier.error.ico"),
            (.init(ico: String(repeating: "1", count: 10_000)), "ico", "supplier.error.ico"),
            (.init(dic: "CZ1234567"), "dic", "supplier.error.dic"),
            (.init(dic: "CZ12345678901"), "dic", "supplier.error.dic"),
            (.init(dic: "12345678"), "dic", "supplier.error.dic"),
            (.init(dic: "CZ-1234567"), "dic", "supplier.error.dic"),
            (.init(vatPayer: true), "dic", "supplier.error.vatPayer"),
            (.init(billingAddress: String(repeating: "a", count: 501)), "billingAddress", "supplier.error.address"),
            (.init(billingAddress: "Praha\u{7}"), "billingAddress", "supplier.error.address"),
            (.init(account: "19-2000145398/0800"), "account", "supplier.error.account"),
            (.init(account: String(repeating: "9", count: 1 << 20)), "account", "supplier.error.account"),
        ]
        for (input, field, key) in cases {
            guard case .failure(let problems) = SupplierDetails.read(input) else {
                Issue.record("accepted: \(field)")
                continue
            }
            #expect(problems.keys == [field: key], "\(field)")
        }
    }

    @Test func theAuditSaysWhatChangedAndTheMailHidesTheAccount() {
        let old = SupplierDetails(ico: "25596641", account: CzechAccount("19-2000145399/0800"))
        var new = old
        new.account = nil
        new.iban = IBAN("CZ6508000000192000145399")
        // The same account as an IBAN is no change at all.
        #expect(SupplierDetails.changes(from: old, to: new).isEmpty && !SupplierDetails.accountChanged(from: old, to: new))
        new.iban = IBAN("CZ5508000000001234567899")
        new.dic = "CZ25596641"
        #expect(SupplierDetails.changes(from: old, to: new) == [
            "dic": "— → CZ25596641", "account": "19-2000145399/0800 → CZ55 0800 0000 0012 3456 7899",
        ])
        #expect(SupplierDetails.accountChanged(from: old, to: new))
        #expect(SupplierDetails.masked("19-2000145399/0800") == "…5399/0800")
        #expect(SupplierDetails.masked("CZ55 0800 0000 0012 3456 7899") == "…7899")
        #expect(SupplierDetails.masked(nil) == "—")
    }

    @Test func theDeskComparesWithTheRegisteredAccountAndIČO() {
        var row = ReviewRulesTests.row(previousAccount: "2000145399/0800")
        // Nothing registered: the previous approved invoice's account is the comparison.
        #expect(ReviewRulesTests.flags(row) == [.accountChanged])
        row.registeredAccount = "19-2000145399/0800"
        #expect(ReviewRulesTests.flags(row).isEmpty, "the registered account replaces the previous invoice's")
        row.registeredAccount = nil
        row.registeredIBANText = "CZ5508000000001234567899"
        #expect(ReviewRulesTests.flags(row) == [.accountNotRegistered])
        row.registeredIBANText = nil
        row.registeredICO = "27074358"
        #expect(ReviewRulesTests.flags(row) == [.accountChanged, .supplierIDDiffers])
        row.registeredICO = "25596641"
        #expect(ReviewRulesTests.flags(row) == [.accountChanged])
    }

    @Test func aPaymentOrderPaysTheRegisteredAccountOnlyWhenTheInvoiceAgrees() {
        let registered = IBAN("CZ6508000000192000145399")!
        func invoice(account: String?, registered: IBAN?) -> PayableInvoice {
            PayableInvoice(id: UUID(), name: "Eva", month: Month(year: 2026, month: 10)!,
                           fields: InvoiceFields(total: InvoiceAmount(minor: 100_00, currency: "CZK"),
                                                 account: account.flatMap { CzechAccount($0) }),
                           registeredIBAN: registered)
        }
        #expect(invoice(account: "19-2000145399/0800", registered: registered).creditorIBAN == registered)
        #expect(invoice(account: nil, registered: registered).creditorIBAN == registered, "no account on the invoice: the registered one")
        let other = invoice(account: "2000145399/0800", registered: registered)
        #expect(other.creditorIBAN == nil && !other.payable, "another account: not in the order")
        #expect(invoice(account: "2000145399/0800", registered: nil).creditorIBAN == CzechAccount("2000145399/0800")!.iban)
        #expect(!invoice(account: nil, registered: nil).payable)
        // No file lists an invoice naming another account; the files name the registered one.
        #expect(other.contradictsRegistered && !invoice(account: nil, registered: registered).contradictsRegistered)
        #expect(invoice(account: nil, registered: registered).accountText == registered.value)
        #expect(PaymentExport.csv([invoice(account: nil, registered: registered)]).contains("CZ6508000000192000145399"))
    }
}
