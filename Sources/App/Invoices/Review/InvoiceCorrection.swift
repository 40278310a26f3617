import Foundation
import PDFInspection

/// A value read from an invoice that an admin may correct (docs/ARCHITECTURE.md, Corrections).
/// The raw value is what the database and the API call the field.
public enum InvoiceField: String, Sendable, CaseIterable, Codable {
    case total
    /// The bank account: a Czech account number or an IBAN.
    case account
    case variableSymbol = "variable-symbol"
    case invoiceNumber = "invoice-number"
    case supplierID = "supplier-id"
    case dueDate = "due-date"

    /// The value as the history stores it: "72000.00 CZK", "19-2000145399/0800" or an IBAN
    /// without spaces, the digits, an ISO date; nil when nothing is known.
    public func storedText(_ fields: InvoiceFields) -> String? {
        switch self {
        case .total: fields.total.map { Money.decimal(minor: $0.minor) + " " + $0.currency }
        case .account: fields.account?.description ?? fields.iban?.value
        case .variableSymbol: fields.variableSymbol
        case .invoiceNumber: fields.invoiceNumber
        case .supplierID: fields.supplierID
        case .dueDate: fields.dueDate
        }
    }

    /// Whether two sets of fields agree on this one. Accounts are compared as IBANs, so
    /// "19-2000145399/0800" and "CZ65 0800 0000 1920 0014 5399" are one account.
    /// An invoice may name two accounts (a Czech one and a foreign IBAN): one value that is either
    /// of them agrees, as the form shows only the first.
    func agrees(_ a: InvoiceFields, _ b: InvoiceFields) -> Bool {
        guard self == .account else { return storedText(a) == storedText(b) }
        let named = { (f: InvoiceFields) in Set([f.iban?.value, f.account?.iban.value].compactMap { $0 }) }
        let before = named(a), after = named(b)
        return before == after || after.count == 1 && before.isSuperset(of: after) || storedText(a) == storedText(b)
    }

    /// The fields named in a stored list; unknown names are skipped.
    static func set(_ names: [String]) -> Set<InvoiceField> { Set(names.compactMap(InvoiceField.init(rawValue:))) }

    /// This field of `source` written into `target`.
    func copy(from source: InvoiceFields, into target: inout InvoiceFields) {
        switch self {
        case .total: target.total = source.total
        case .account:
            target.account = source.account
            target.iban = source.iban
        case .variableSymbol: target.variableSymbol = source.variableSymbol
        case .invoiceNumber: target.invoiceNumber = source.invoiceNumber
        case .supplierID: target.supplierID = source.supplierID
        case .dueDate: target.dueDate = source.dueDate
        }
    }
}

/// One field changed by a correction, as the history stores it.
public struct FieldChange: Sendable, Equatable {
    public let field: InvoiceField
    public let old: String?
    public let new: String?
}

/// The rules of correcting an invoice's values; pure.
public enum InvoiceCorrection {
    /// Submitted or approved, and not in a payment order: an exported invoice's approval is undone
    /// first (which clears the export), a paid one's payment and approval.
    public static func allowed(state: InvoiceState, exported: Bool) -> Bool {
        (state == .submitted || state == .approved) && !exported
    }

    /// Whether a correction sends an approved invoice back to be approved again: a changed total
    /// or account is not what the approving admin saw, and moves money.
    public static func reopens(state: InvoiceState, changes: [FieldChange]) -> Bool {
        state == .approved && changes.contains { $0.field == .total || $0.field == .account }
    }

    /// The fields `proposed` changes, with old and new values, and the values after the change:
    /// the fields it does not change stay exactly as they are (an account read together with its
    /// IBAN keeps both).
    public static func changes(
        from current: InvoiceFields, to proposed: InvoiceFields
    ) -> (changes: [FieldChange], result: InvoiceFields) {
        var result = current
        var changes: [FieldChange] = []
        for field in InvoiceField.allCases where !field.agrees(current, proposed) {
            changes.append(FieldChange(field: field, old: field.storedText(current), new: field.storedText(proposed)))
            field.copy(from: proposed, into: &result)
        }
        return (changes, result)
    }

    /// An amount given in minor units: more than zero, and one an invoice's text could give
    /// (`InvoiceAmount.isReadable`).
    public static func amount(minor: Int64, currency: String) -> InvoiceAmount? {
        guard minor > 0, InvoiceAmount.isReadable(minor: minor, currency: currency) else { return nil }
        return InvoiceAmount(minor: minor, currency: currency)
    }

    /// The longest text a field's input is read from; longer input is refused unread.
    public static let maxInputLength = 100

    /// The form as typed: every value as text, empty where nothing is known.
    public struct Input: Sendable, Equatable {
        public var total = "", currency = "", account = "", variableSymbol = "", invoiceNumber = ""
        public var supplierID = "", dueDate = ""

        public init(total: String = "", currency: String = "", account: String = "", variableSymbol: String = "",
                    invoiceNumber: String = "", supplierID: String = "", dueDate: String = "") {
            self.total = total
            self.currency = currency
            self.account = account
            self.variableSymbol = variableSymbol
            self.invoiceNumber = invoiceNumber
            self.supplierID = supplierID
            self.dueDate = dueDate
        }

        /// The form filled with what an invoice holds now, amounts typed as in `language`.
        public init(_ fields: InvoiceFields, language: Language) {
            self.init(total: fields.total.map { Money.plain(minor: $0.minor, language: language) } ?? "",
                      currency: fields.total?.currency ?? "", account: fields.account?.description ?? fields.iban?.description ?? "",
                      variableSymbol: fields.variableSymbol ?? "", invoiceNumber: fields.invoiceNumber ?? "",
                      supplierID: fields.supplierID ?? "", dueDate: fields.dueDate ?? "")
        }
    }

    /// The typed values refused: each field with the key of its message.
    public struct Problems: Error, Sendable, Equatable {
        public var keys: [InvoiceField: String] = [:]
    }

    /// Reads the form with the rules an upload is read with (amount, account and IBAN checksums,
    /// IČO check digit, variable symbol, invoice number, date). An empty value means "not known".
    public static func read(_ input: Input) -> Result<InvoiceFields, Problems> {
        var fields = InvoiceFields(), problems = Problems()
        func text(_ raw: String, _ field: InvoiceField) -> String? {
            guard raw.utf8.count <= maxInputLength else {
                problems.keys[field] = "correction.error.\(field.rawValue)"
                return nil
            }
            let trimmed = raw.trimmingWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        if let total = text(input.total, .total) {
            let currency = input.currency.trimmingWhitespace().uppercased()
            if let minor = Money.parse(total, maxWholeDigits: InvoiceAmount.maxWholeDigits),
               let amount = amount(minor: minor, currency: currency) {
                fields.total = amount
            } else {
                problems.keys[.total] = "correction.error.total"
            }
        }
        if let account = text(input.account, .account) {
            if let read = TypedAccount.read(account) {
                (fields.account, fields.iban) = read
            } else {
                problems.keys[.account] = "correction.error.account"
            }
        }
        func checked(_ raw: String, _ field: InvoiceField, _ rule: (String) -> Bool) -> String? {
            guard let value = text(raw, field) else { return nil }
            guard rule(value) else {
                problems.keys[field] = "correction.error.\(field.rawValue)"
                return nil
            }
            return value
        }
        fields.variableSymbol = checked(input.variableSymbol, .variableSymbol, InvoiceReader.isVariableSymbol)
        fields.invoiceNumber = checked(input.invoiceNumber, .invoiceNumber, InvoiceReader.isInvoiceNumber)
        fields.supplierID = checked(input.supplierID.filter { $0 != " " }, .supplierID, CompanyID.isValid)
        fields.dueDate = checked(input.dueDate, .dueDate, InvoiceDueDate.isISODate)
        return problems.keys.isEmpty ? .success(fields) : .failure(problems)
    }
}
