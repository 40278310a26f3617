import Foundation
import PDFInspection

/// An invoice a statement line may have paid: an approved one (to be marked paid) or a paid one
/// (so that a payment seen again is recognised), with the account a payment order pays.
public struct PaymentCandidate: Sendable, Equatable {
    public let id: UUID
    public let version: Int
    public let name: String
    public let month: Month
    public let state: InvoiceState
    public let amount: InvoiceAmount?
    /// Normalised (`VariableSymbol.normalised`).
    public let variableSymbol: String?
    /// The account Roster pays (`PayableInvoice.creditorIBAN`): the registered one where there
    /// is one and the invoice agrees with it.
    public let iban: IBAN?
}

/// What Roster makes of one line of a statement (docs/ARCHITECTURE.md, Bank statements).
public enum LineVerdict: Sendable, Equatable {
    /// One approved invoice agrees in amount, variable symbol and account: marking paid pays it.
    case matched(UUID)
    /// The invoice that agrees is paid already (this payment was seen before, or marked by hand).
    case alreadyPaid(UUID)
    /// Several invoices agree, or some agree in part: an admin decides.
    case ambiguous([NearMiss])
    /// No invoice agrees in two of the three.
    case unmatched
    /// Not a payment the company made (money received, or a reversal): not matched.
    case aside

    public var invoice: UUID? {
        switch self {
        case .matched(let id), .alreadyPaid(let id): id
        default: nil
        }
    }
}

/// An invoice that agrees with a line only in part, or that another line pays too.
public struct NearMiss: Sendable, Equatable {
    public enum Difference: String, Sendable, CaseIterable {
        case amount, variableSymbol = "variable-symbol", account
        /// Another invoice agrees as well.
        case several
        /// An earlier line of the statement pays this invoice.
        case paidByEarlierLine = "paid-by-earlier-line"
        /// The statement also reverses this payment (it came back).
        case reversed
    }

    public let invoice: UUID
    public let differences: [Difference]
    /// For a differing amount in the same currency: the line's amount less the invoice's, in minor units.
    public let amountDifference: Int64?
}

public enum StatementMatching {
    /// The most near misses shown for a line.
    static let maxNear = 5

    /// Matches each line of a statement to the candidates, by the three things a payment order
    /// sets: the amount (with its currency), the variable symbol and the creditor's account.
    /// - All three agree with one approved invoice whose month began by the booking day, and with
    ///   no other: matched. With none approved, a paid one that agrees: already paid. Several that
    ///   agree, one of them approved: ambiguous.
    /// - Else the approved invoices that agree in two of the three are near misses (ambiguous).
    /// - An invoice that an earlier line already pays is ambiguous for a later line: paid twice?
    /// - A payment that the statement also reverses (the same amount, symbol and account) is ambiguous.
    /// Pure; linear in lines × candidates of the same amount or symbol (the candidates are indexed).
    public static func match(_ lines: [StatementLine], candidates: [PaymentCandidate]) -> [LineVerdict] {
        let bySymbol = Dictionary(grouping: candidates.filter { $0.variableSymbol != nil }, by: { $0.variableSymbol! })
        let byAmount = Dictionary(grouping: candidates.filter { $0.amount != nil }, by: { $0.amount!.minor })
        let reversed = Set(lines.filter(\.isReversal).map(PaymentKey.init))
        var taken: Set<UUID> = []
        return lines.map { line in
            guard line.isPayment else { return .aside }
            var seen: Set<UUID> = []
            let pool = ((line.variableSymbol.flatMap { bySymbol[$0] } ?? []) + (byAmount[line.amount.minor] ?? []))
                .filter { seen.insert($0.id).inserted && $0.month.first <= line.bookedOn }
            let verdict = verdict(for: line, pool: pool)
            if let invoice = verdict.invoice, !taken.insert(invoice).inserted {
                return .ambiguous([NearMiss(invoice: invoice, differences: [.paidByEarlierLine], amountDifference: nil)])
            }
            if case .matched(let invoice) = verdict, reversed.contains(PaymentKey(line)) {
                return .ambiguous([NearMiss(invoice: invoice, differences: [.reversed], amountDifference: nil)])
            }
            return verdict
        }
    }

    /// What a reversal has in common with the payment it reverses.
    struct PaymentKey: Hashable {
        let minor: Int64
        let currency: String
        let symbol: String?
        let iban: String?

        init(_ line: StatementLine) {
            minor = line.amount.minor
            currency = line.amount.currency
            symbol = line.variableSymbol
            iban = line.counterpartyIBAN?.value
        }
    }

    static func verdict(for line: StatementLine, pool: [PaymentCandidate]) -> LineVerdict {
        let agreeing = pool.filter { differences(line, $0).isEmpty }
        // One approved invoice, and no paid one that agrees as well (the same symbol and amount
        // every month: this may be an earlier month's payment seen again).
        if agreeing.count == 1, agreeing[0].state == .approved { return .matched(agreeing[0].id) }
        if agreeing.contains(where: { $0.state == .approved }) {
            return .ambiguous(agreeing.sorted { $0.month > $1.month }.prefix(maxNear).map {
                NearMiss(invoice: $0.id, differences: [.several], amountDifference: nil)
            })
        }
        if let paid = agreeing.max(by: { $0.month < $1.month }) { return .alreadyPaid(paid.id) }
        let near = pool.filter { $0.state == .approved }.compactMap { candidate -> NearMiss? in
            let differs = differences(line, candidate)
            guard differs.count == 1 else { return nil }
            let sameCurrency = candidate.amount?.currency == line.amount.currency
            return NearMiss(invoice: candidate.id, differences: differs,
                            amountDifference: differs == [.amount] && sameCurrency ? line.amount.minor - (candidate.amount?.minor ?? 0) : nil)
        }
        return near.isEmpty ? .unmatched : .ambiguous(Array(near.prefix(maxNear)))
    }

    /// Which of the three a line and an invoice disagree in; something unknown on either side disagrees.
    static func differences(_ line: StatementLine, _ candidate: PaymentCandidate) -> [NearMiss.Difference] {
        var result: [NearMiss.Difference] = []
        if candidate.amount != line.amount { result.append(.amount) }
        if candidate.variableSymbol == nil || candidate.variableSymbol != line.variableSymbol { result.append(.variableSymbol) }
        if candidate.iban == nil || candidate.iban != line.counterpartyIBAN { result.append(.account) }
        return result
    }
}
