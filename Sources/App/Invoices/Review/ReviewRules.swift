import Foundation

/// Why an invoice on the desk deserves a second look.
public enum ReviewFlag: String, Sendable, CaseIterable {
    /// The amount read differs from the expected one (or could not be compared).
    case amountDiffers = "amount"
    /// The bank account differs from the one on this person's previous approved invoice (where
    /// no account is registered).
    case accountChanged = "account"
    /// The bank account differs from the person's registered account: the payment order leaves
    /// the invoice out.
    case accountNotRegistered = "registered-account"
    /// The supplier's IČO differs from the person's registered one.
    case supplierIDDiffers = "supplier-id"
    /// Another invoice has the very same file.
    case sameFile = "same-file"
    /// Another invoice of this person has the same invoice number.
    case sameNumber = "same-number"
    /// Nothing could be read from the PDF (a scan, or no field recognised).
    case nothingRead = "nothing-read"
    /// The reviewing admin's own invoice: another admin should approve and pay it (`OwnInvoiceRule`).
    case ownInvoice = "own"
}

/// A desk row with its expected amount and flags.
public struct ReviewLine: Sendable, Equatable {
    public let row: DeskRow
    /// Contracted hours × the rate in effect, for the IČO days of the month.
    public let expected: MonthEarnings
    /// Read − expected, when both are known in one currency.
    public let difference: Int64?
    public let flags: [ReviewFlag]
}

public enum ReviewRules {
    /// `viewer` is the admin at the desk; `time` what the person's time says of the month
    /// (`Earnings.expected`); `toleranceBP` how far the total may differ from the expected amount
    /// without a flag, in basis points of it (the company's setting, 1 % by default).
    public static func line(_ row: DeskRow, contracts: [Contract], rates: [Rate], viewer: UUID, time: TimeBasis = .none,
                            toleranceBP: Int = 0) -> ReviewLine {
        let expected = Earnings.expected(in: row.month, contracts: contracts.filter { $0.kind.sendsInvoices }, rates: rates, time: time)
        var difference: Int64?
        if let total = row.fields.total, expected.paidDays > 0, total.currency == expected.currency {
            difference = total.minor - expected.amountMinor
        }
        var flags: [ReviewFlag] = []
        if !withinTolerance(difference, of: expected.amountMinor, toleranceBP: toleranceBP) { flags.append(.amountDiffers) }
        if let registered = row.registeredIBAN {
            if let named = row.fields.iban ?? row.fields.account?.iban, named != registered { flags.append(.accountNotRegistered) }
        } else if accountChanged(row) {
            flags.append(.accountChanged)
        }
        if let registered = row.registeredICO, let read = row.fields.supplierID, read != registered {
            flags.append(.supplierIDDiffers)
        }
        if row.sameFileElsewhere { flags.append(.sameFile) }
        if row.sameNumberElsewhere { flags.append(.sameNumber) }
        if nothingRead(row) { flags.append(.nothingRead) }
        if row.userID == viewer { flags.append(.ownInvoice) }
        return ReviewLine(row: row, expected: expected, difference: difference, flags: flags)
    }

    /// Whether a difference is known and at most `toleranceBP` basis points of the expected amount.
    static func withinTolerance(_ difference: Int64?, of expected: Int64, toleranceBP: Int) -> Bool {
        guard let difference else { return false }
        return difference.magnitude * 10_000 <= expected.magnitude * UInt64(max(toleranceBP, 0))
    }

    /// Compared as IBANs, so "19-2000145399/0800" and "CZ65 0800 0000 1920 0014 5399" are one account.
    static func accountChanged(_ row: DeskRow) -> Bool {
        // The same text is the same account (the common case, decided without any arithmetic).
        if let account = row.fields.account?.description, account == row.previousAccount { return false }
        if let iban = row.fields.iban?.value, iban == row.previousIBAN { return false }
        let now = row.fields.iban ?? row.fields.account?.iban
        let before = row.previousIBAN.map(IBAN.init(stored:)) ?? row.previousAccount.flatMap(CzechAccount.init(stored:))?.iban
        guard let now, let before else { return false }
        return now != before
    }

    /// A scan whose values an admin completed by hand is no longer "nothing read".
    static func nothingRead(_ row: DeskRow) -> Bool {
        let f = row.fields
        return (!row.hasText && row.corrected.isEmpty) || (f.total == nil && f.account == nil && f.iban == nil && f.variableSymbol == nil
                                && f.invoiceNumber == nil)
    }
}
