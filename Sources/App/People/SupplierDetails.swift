import Foundation
import PDFInspection

/// A contractor's master data as a supplier (docs/ARCHITECTURE.md, Supplier details). The
/// registered account is the one the company pays: the desk compares each invoice with it, and
/// the payment order pays it only when the invoice agrees. Pure.
public struct SupplierDetails: Sendable, Equatable {
    public var ico: String?
    public var dic: String?
    public var vatPayer = false
    public var billingAddress = ""
    /// The registered account: a Czech account number or an IBAN, never both.
    public var account: CzechAccount?
    public var iban: IBAN?

    public init(ico: String? = nil, dic: String? = nil, vatPayer: Bool = false, billingAddress: String = "",
                account: CzechAccount? = nil, iban: IBAN? = nil) {
        self.ico = ico
        self.dic = dic
        self.vatPayer = vatPayer
        self.billingAddress = billingAddress
        self.account = account
        self.iban = iban
    }

    /// The registered account as an IBAN, however it was given.
    public var registeredIBAN: IBAN? { iban ?? account?.iban }

    /// The registered account as people read it.
    public var accountText: String? { account?.description ?? iban?.description }

    /// The registered account with all but its last four digits hidden, for a mail: a mail may
    /// be read by others on its way, the whole account is on the profile.
    public static func masked(_ text: String?) -> String {
        guard let text else { return "—" }
        let digits = text.filter { $0 != " " }
        return "…" + String(digits.suffix(digits.contains("/") ? 9 : 4))
    }

    /// What changed between two versions, field by field, for the audit trail ("old → new").
    public static func changes(from old: SupplierDetails, to new: SupplierDetails) -> [String: String] {
        var changes: [String: String] = [:]
        func note(_ key: String, _ a: String?, _ b: String?) {
            if a != b { changes[key] = (a ?? "—") + " → " + (b ?? "—") }
        }
        note("ico", old.ico, new.ico)
        note("dic", old.dic, new.dic)
        note("vatPayer", String(old.vatPayer), String(new.vatPayer))
        note("billingAddress", old.billingAddress.isEmpty ? nil : old.billingAddress, new.billingAddress.isEmpty ? nil : new.billingAddress)
        if old.registeredIBAN != new.registeredIBAN { note("account", old.accountText, new.accountText) }
        return changes
    }

    /// Whether the registered account is another account after the change (set, removed or replaced).
    public static func accountChanged(from old: SupplierDetails, to new: SupplierDetails) -> Bool {
        old.registeredIBAN != new.registeredIBAN
    }

    public static let maxAddressLength = 500

    /// The form as typed.
    public struct Input: Sendable, Equatable {
        public var ico = "", dic = "", vatPayer = false, billingAddress = "", account = ""

        public init(ico: String = "", dic: String = "", vatPayer: Bool = false, billingAddress: String = "", account: String = "") {
            self.ico = ico
            self.dic = dic
            self.vatPayer = vatPayer
            self.billingAddress = billingAddress
            self.account = account
        }

        public init(_ details: SupplierDetails) {
            self.init(ico: details.ico ?? "", dic: details.dic ?? "", vatPayer: details.vatPayer,
                      billingAddress: details.billingAddress, account: details.accountText ?? "")
        }
    }

    /// The typed values refused: each field with the key of its message.
    public struct Problems: Error, Sendable, Equatable {
        public var keys: [String: String] = [:]
    }

    /// Reads the form: IČO with its check digit, DIČ (CZ and 8–10 digits, or another EU country's
    /// code and 2–12 letters or digits), a VAT payer needs a DIČ, the address at most 500
    /// characters (line breaks kept, other control characters refused), the account as an upload
    /// reads one. Empty means "not known".
    public static func read(_ input: Input) -> Result<SupplierDetails, Problems> {
        var details = SupplierDetails(), problems = Problems()
        func compact(_ text: String) -> String? {
            guard text.utf8.count <= 100 else { return "\u{0}" }
            let value = text.filter { !$0.isWhitespace }.uppercased()
            return value.isEmpty ? nil : value
        }
        if let ico = compact(input.ico) {
            if CompanyID.isValid(ico) { details.ico = ico } else { problems.keys["ico"] = "supplier.error.ico" }
        }
        if let dic = compact(input.dic) {
            if isVATID(dic) { details.dic = dic } else { problems.keys["dic"] = "supplier.error.dic" }
        }
        details.vatPayer = input.vatPayer
        if input.vatPayer, details.dic == nil, problems.keys["dic"] == nil { problems.keys["dic"] = "supplier.error.vatPayer" }
        let address = input.billingAddress.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhitespace()
        if address.storedLength > maxAddressLength
            || address.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            problems.keys["billingAddress"] = "supplier.error.address"
        } else {
            details.billingAddress = address
        }
        let account = input.account.utf8.count <= 100 ? input.account.trimmingWhitespace() : "\u{0}"
        if !account.isEmpty {
            if let read = TypedAccount.read(account) {
                (details.account, details.iban) = read
            } else {
                problems.keys["account"] = "supplier.error.account"
            }
        }
        return problems.keys.isEmpty ? .success(details) : .failure(problems)
    }

    /// "CZ12345678" (8 to 10 digits) or another country's code with 2 to 12 letters or digits.
    static func isVATID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 4, bytes.count <= 14, bytes.prefix(2).allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }),
              bytes.dropFirst(2).allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) }) else { return false }
        if text.hasPrefix("CZ") {
            return (10...12).contains(bytes.count) && bytes.dropFirst(2).allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        return true
    }
}
