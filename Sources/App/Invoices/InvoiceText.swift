/// What Roster reads from an invoice's text (pdftotext-like, lines in reading order). Every
/// field is either read by an explicit rule or left empty: nothing is guessed.
public struct InvoiceFields: Sendable, Equatable {
    public var total: InvoiceAmount?
    public var account: CzechAccount?
    public var iban: IBAN?
    public var variableSymbol: String?
    public var invoiceNumber: String?
    public var supplierID: String?
    public var dueDate: LocalDate?

    public init(total: InvoiceAmount? = nil, account: CzechAccount? = nil, iban: IBAN? = nil, variableSymbol: String? = nil,
                invoiceNumber: String? = nil, supplierID: String? = nil, dueDate: LocalDate? = nil) {
        self.total = total
        self.account = account
        self.iban = iban
        self.variableSymbol = variableSymbol
        self.invoiceNumber = invoiceNumber
        self.supplierID = supplierID
        self.dueDate = dueDate
    }
}

public enum InvoiceText {
    /// Labels of the amount to pay, strongest first; a plain "Celkem"/"Total" counts only when
    /// it is the invoice's only total line.
    static let totalLabels = [
        "celkem k úhradě", "celkem k uhrade", "částka k úhradě", "k úhradě", "k uhrade", "zbývá uhradit",
        "celkem k zaplacení", "k zaplacení", "total due", "amount due", "balance due", "total to pay", "total amount due",
    ]
    static let plainTotalLabels = ["celkem", "total"]

    public static func read(_ text: String) -> InvoiceFields {
        let lines = text.split(whereSeparator: \.isNewline).map { String($0) }
        var fields = InvoiceFields()
        fields.total = total(in: lines)
        (fields.account, fields.iban) = accounts(in: text)
        fields.variableSymbol = variableSymbol(in: lines)
        fields.invoiceNumber = invoiceNumber(in: lines)
        fields.supplierID = supplierID(in: lines)
        fields.dueDate = InvoiceDueDate.read(in: lines)
        return fields
    }

    /// The amount on the line of the strongest label (or on the line after it, for layouts that
    /// put the figure under its label); the last amount on that line, which is the one after VAT.
    static func total(in lines: [String]) -> InvoiceAmount? {
        let folded = lines.map { $0.lowercased() }
        for label in totalLabels {
            for (index, line) in folded.enumerated() where line.contains(label) {
                let tail = String(lines[index][lines[index].index(lines[index].startIndex,
                    offsetBy: line.distance(from: line.startIndex, to: line.range(of: label)!.upperBound))...])
                if let amount = InvoiceAmount.all(in: tail).last { return amount }
                if index + 1 < lines.count, let amount = InvoiceAmount.all(in: lines[index + 1]).last { return amount }
            }
        }
        let plain = folded.indices.filter { index in
            plainTotalLabels.contains { label in
                folded[index].range(of: #"\b"# + label + #"\b"#, options: .regularExpression) != nil
            } && !folded[index].contains("mezisoučet") && !folded[index].contains("subtotal")
        }
        guard plain.count == 1, let amount = InvoiceAmount.all(in: lines[plain[0]]).last else { return nil }
        return amount
    }

    /// Valid Czech account numbers and IBANs; when there are several different ones, none
    /// (the invoice names more than one account and Roster will not pick).
    static func accounts(in text: String) -> (CzechAccount?, IBAN?) {
        let accounts = Set(text.matches(of: /(?:^|[^0-9\-\/])((?:[0-9]{1,6} ?- ?)?[0-9]{2,10} ?\/ ?[0-9]{4})(?![0-9])/)
            .compactMap { CzechAccount(String($0.output.1)) }.map(\.description))
        // A match may run into the next word ("… 5399 BIC"): the longest valid start counts.
        let ibans = Set(text.uppercased().matches(of: /\b[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/)
            .compactMap { match -> String? in
                var parts = match.output.split(separator: " ")
                while !parts.isEmpty {
                    if let iban = IBAN(parts.joined()) { return iban.value }
                    parts.removeLast()
                }
                return nil
            })
        var account = accounts.count == 1 ? CzechAccount(accounts.first!) : nil
        let iban = ibans.count == 1 ? IBAN(ibans.first!) : nil
        // A Czech IBAN alone names the account too.
        if account == nil, accounts.isEmpty, let iban { account = iban.czechAccount }
        if let account, let iban, iban.value.hasPrefix("CZ"), iban != account.iban { return (nil, nil) }
        return (account, iban)
    }

    static func value(after labels: [String], in lines: [String], pattern: Regex<Substring>) -> String? {
        for line in lines {
            let lower = line.lowercased()
            for label in labels {
                guard let range = lower.range(of: label) else { continue }
                let offset = lower.distance(from: lower.startIndex, to: range.upperBound)
                var tail = Substring(line.dropFirst(offset))
                tail = tail.drop { $0 == ":" || $0 == "." || $0 == "#" || $0.isWhitespace || $0 == "-" || $0 == "–" }
                if let match = tail.prefixMatch(of: pattern) { return String(match.output) }
            }
        }
        return nil
    }

    static func variableSymbol(in lines: [String]) -> String? {
        value(after: ["variabilní symbol", "variabilni symbol", "variable symbol", "var. symbol", "v. s.", "vs"],
              in: lines, pattern: /[0-9]{1,10}(?![0-9])/)
    }

    static func invoiceNumber(in lines: [String]) -> String? {
        value(after: ["číslo faktury", "cislo faktury", "invoice number", "invoice no", "faktura č", "faktura - daňový doklad č",
                      "faktura – daňový doklad č", "daňový doklad č", "invoice #"],
              in: lines, pattern: /[A-Za-z0-9][A-Za-z0-9\/\-_.]{0,29}/)
    }

    /// The first valid IČO after the supplier's label; without that label, the only one.
    static func supplierID(in lines: [String]) -> String? {
        let text = lines.joined(separator: "\n")
        let ids = { (part: Substring) in
            part.matches(of: /(?:IČO|IČ|ICO|Company ID|Reg\. No\.)\s*:?\s*([0-9]{8})(?![0-9])/).map { String($0.output.1) }
                .filter(CompanyID.isValid)
        }
        let lower = text.lowercased()
        if let label = ["dodavatel", "supplier", "from:"].compactMap({ lower.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let offset = lower.distance(from: lower.startIndex, to: label.lowerBound)
            return ids(text.dropFirst(offset)).first
        }
        let distinct = Set(ids(Substring(text)))
        return distinct.count == 1 ? distinct.first : nil
    }
}
