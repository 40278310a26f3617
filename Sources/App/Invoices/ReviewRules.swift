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
    /// `viewer` is the admin at the desk.
    public static func line(_ row: DeskRow, contracts: [Contract], rates: [Rate], viewer: UUID) -> ReviewLine {
        let expected = Earnings.expected(in: row.month, contracts: contracts.filter { $0.kind.sendsInvoices }, rates: rates)
        var difference: Int64?
        if let total = row.fields.total, expected.paidDays > 0, total.currency == expected.currency {
            difference = total.minor - expected.amountMinor
        }
        var flags: [ReviewFlag] = []
        if difference != 0 { flags.append(.amountDiffers) }
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
