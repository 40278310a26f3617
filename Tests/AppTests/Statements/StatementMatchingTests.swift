import Foundation
import PDFInspection
import Testing
@testable import App

/// Matching statement lines to invoices by amount, variable symbol and account: pure.
@Suite struct StatementMatchingTests {
    static let eva = IBAN("CZ6508000000192000145399")!
    static let petr = IBAN("DE89370400440532013000")!

    static func invoice(
        _ minor: Int64?, symbol: String?, iban: IBAN?, state: InvoiceState = .approved, month: String = "2026-10",
        currency: String = "CZK"
    ) -> PaymentCandidate {
        PaymentCandidate(id: UUID(), version: 3, name: "Eva", month: Month(iso: month)!, state: state,
                         amount: minor.map { InvoiceAmount(minor: $0, currency: currency) }, variableSymbol: symbol, iban: iban)
    }

    static func line(
        _ number: Int, _ minor: Int64, symbol: String?, iban: IBAN?, debit: Bool = true, reversal: Bool = false,
        booked: String = "2026-11-10", currency: String = "CZK"
    ) -> StatementLine {
        StatementLine(number: number, bookedOn: LocalDate(iso: booked)!, isDebit: debit, isReversal: reversal,
                      amount: InvoiceAmount(minor: minor, currency: currency), variableSymbol: symbol, counterpartyIBAN: iban,
                      counterpartyAccount: iban?.value, counterpartyName: nil, reference: nil, message: nil)
    }

    @Test func matchesNearMissesDuplicatesAndTheRest() {
        let october = Self.invoice(1_200_50, symbol: "202410", iban: Self.eva)
        let other = Self.invoice(5_000_00, symbol: "77", iban: Self.petr)
        let paid = Self.invoice(800_00, symbol: "202409", iban: Self.eva, state: .paid, month: "2026-09")
        let lines = [
            Self.line(1, 1_200_50, symbol: "202410", iban: Self.eva),            // matched
            Self.line(2, 1_200_51, symbol: "202410", iban: Self.eva),            // one haléř more: near miss
            Self.line(3, 5_000_00, symbol: "78", iban: Self.petr),               // wrong symbol: near miss
            Self.line(4, 1_200_50, symbol: "202410", iban: Self.eva),            // the same payment again
            Self.line(5, 800_00, symbol: "202409", iban: Self.eva),              // paid before
            Self.line(6, 42_00, symbol: "1", iban: Self.petr),                   // nothing like it
            Self.line(7, 5_000_00, symbol: "77", iban: Self.petr, debit: false), // money received
            Self.line(8, 5_000_00, symbol: "77", iban: Self.petr, reversal: true),
            Self.line(9, 5_000_00, symbol: "77", iban: Self.eva),                // another account: near miss
        ]
        let verdicts = StatementMatching.match(lines, candidates: [october, other, paid])
        #expect(verdicts[0] == .matched(october.id))
        #expect(verdicts[1] == .ambiguous([NearMiss(invoice: october.id, differences: [.amount], amountDifference: 1)]))
        #expect(verdicts[2] == .ambiguous([NearMiss(invoice: other.id, differences: [.variableSymbol], amountDifference: nil)]))
        #expect(verdicts[3] == .ambiguous([NearMiss(invoice: october.id, differences: [.paidByEarlierLine], amountDifference: nil)]))
        #expect(verdicts[4] == .alreadyPaid(paid.id))
        #expect(verdicts[5] == .unmatched)
        #expect(verdicts[6] == .aside && verdicts[7] == .aside)
        #expect(verdicts[8] == .ambiguous([NearMiss(invoice: other.id, differences: [.account], amountDifference: nil)]))
    }

    @Test func severalAgreeingInvoicesAreForAnAdminToDecide() {
        let a = Self.invoice(1_000_00, symbol: "5", iban: Self.eva, month: "2026-09")
        let b = Self.invoice(1_000_00, symbol: "5", iban: Self.eva, month: "2026-10")
        let verdict = StatementMatching.match([Self.line(1, 1_000_00, symbol: "5", iban: Self.eva)], candidates: [a, b])
        // The newest month first.
        #expect(verdict == [.ambiguous([NearMiss(invoice: b.id, differences: [.several], amountDifference: nil),
                                        NearMiss(invoice: a.id, differences: [.several], amountDifference: nil)])])
    }

    @Test func aPaidMonthThatAgreesTooLeavesItToAnAdminAndAFutureMonthIsNeverPaidEarly() {
        // The same symbol and amount every month: this may be September's payment seen again.
        let september = Self.invoice(1_000_00, symbol: "5", iban: Self.eva, state: .paid, month: "2026-09")
        let october = Self.invoice(1_000_00, symbol: "5", iban: Self.eva, month: "2026-10")
        #expect(StatementMatching.match([Self.line(1, 1_000_00, symbol: "5", iban: Self.eva)], candidates: [september, october])
                == [.ambiguous([NearMiss(invoice: october.id, differences: [.several], amountDifference: nil),
                                NearMiss(invoice: september.id, differences: [.several], amountDifference: nil)])])
        // Booked before October began, it can only be September's: already paid.
        #expect(StatementMatching.match([Self.line(1, 1_000_00, symbol: "5", iban: Self.eva, booked: "2026-09-30")],
                                        candidates: [september, october]) == [.alreadyPaid(september.id)])
        // A payment booked in October cannot pay November's invoice.
        let november = Self.invoice(1_000_00, symbol: "6", iban: Self.eva, month: "2026-11")
        #expect(StatementMatching.match([Self.line(1, 1_000_00, symbol: "6", iban: Self.eva, booked: "2026-10-30")],
                                        candidates: [november]) == [.unmatched])
    }

    @Test func aPaymentTheStatementReversesIsNotMarkedPaid() {
        let october = Self.invoice(1_000_00, symbol: "5", iban: Self.eva)
        let lines = [Self.line(1, 1_000_00, symbol: "5", iban: Self.eva),
                     Self.line(2, 1_000_00, symbol: "5", iban: Self.eva, debit: false, reversal: true)]
        #expect(StatementMatching.match(lines, candidates: [october])
                == [.ambiguous([NearMiss(invoice: october.id, differences: [.reversed], amountDifference: nil)]), .aside])
    }

    @Test func whatIsUnknownOnEitherSideNeverMatches() {
        // An invoice without an account Roster would pay (say, it contradicts the registered one).
        let noAccount = Self.invoice(1_000_00, symbol: "5", iban: nil)
        #expect(StatementMatching.match([Self.line(1, 1_000_00, symbol: "5", iban: Self.eva)], candidates: [noAccount])
                == [.ambiguous([NearMiss(invoice: noAccount.id, differences: [.account], amountDifference: nil)])])
        // A line without a symbol.
        let invoice = Self.invoice(1_000_00, symbol: "5", iban: Self.eva)
        #expect(StatementMatching.match([Self.line(1, 1_000_00, symbol: nil, iban: Self.eva)], candidates: [invoice])
                == [.ambiguous([NearMiss(invoice: invoice.id, differences: [.variableSymbol], amountDifference: nil)])])
        // The same figure in another currency.
        let euro = Self.invoice(1_000_00, symbol: "5", iban: Self.eva, currency: "EUR")
        #expect(StatementMatching.match([Self.line(1, 1_000_00, symbol: "5", iban: Self.eva)], candidates: [euro])
                == [.ambiguous([NearMiss(invoice: euro.id, differences: [.amount], amountDifference: nil)])])
    }

    @Test func aThousandLinesAgainstAThousandInvoicesStayLinear() {
        let invoices = (0..<1_000).map { Self.invoice(Int64(1_000_00 + $0), symbol: String(10_000 + $0), iban: Self.eva) }
        let lines = (0..<1_000).map { Self.line($0 + 1, Int64(1_000_00 + $0), symbol: String(10_000 + $0), iban: Self.eva) }
        let verdicts = StatementMatching.match(lines, candidates: invoices)
        #expect(verdicts == invoices.map { .matched($0.id) })
    }
}
