import Foundation

/// The company's side of a payment order.
public struct Debtor: Sendable, Equatable {
    public let name: String
    public let iban: IBAN
    public let bic: String?

    public init(name: String, iban: IBAN, bic: String?) {
        self.name = name
        self.iban = iban
        self.bic = bic
    }
}

/// One approved invoice, as the accountant's files list it.
public struct PayableInvoice: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let month: Month
    public let fields: InvoiceFields

    /// The creditor's IBAN: read as such, or made from the Czech account number.
    public var creditorIBAN: IBAN? { fields.iban ?? fields.account?.iban }

    /// Why it cannot be in a payment order, or nil when it can.
    public var payable: Bool { fields.total != nil && creditorIBAN != nil }
}

/// The files for the accountant: CSV (every selected invoice) and an ISO 20022
/// pain.001.001.03 credit transfer (the invoices with an amount and an account). Pure.
public enum PaymentExport {
    public static let csvHeader = ["employee", "ico", "invoice_number", "amount", "currency", "account", "variable_symbol",
                                   "due_date", "month"]

    /// RFC 4180, comma-separated, CRLF, UTF-8 with a byte-order mark (so spreadsheet programs
    /// show Czech letters).
    public static func csv(_ invoices: [PayableInvoice]) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for invoice in invoices {
            let f = invoice.fields
            let values = [
                invoice.name, f.supplierID ?? "", f.invoiceNumber ?? "",
                f.total.map { Money.decimal(minor: $0.minor) } ?? "", f.total?.currency ?? "",
                f.account?.description ?? f.iban?.value ?? "", f.variableSymbol ?? "", f.dueDate?.iso ?? "", invoice.month.iso,
            ]
            lines.append(values.map(csvField).joined(separator: ","))
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    static func csvField(_ value: String) -> String {
        // A leading =, +, - or @ would be a formula in a spreadsheet: a quote mark keeps it text.
        var text = value
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        guard text.contains(where: { ",\"\r\n".contains($0) }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The credit transfer of the payable invoices. `messageID` is unique per file; amounts are
    /// summed exactly in minor units.
    public static func pain001(
        _ invoices: [PayableInvoice], debtor: Debtor, messageID: String, created: Date, executionDate: LocalDate
    ) -> String {
        let payable = invoices.filter(\.payable)
        let total = payable.reduce(Int64(0)) { $0 + ($1.fields.total?.minor ?? 0) }
        let stamp = ISO8601DateFormatter().string(from: created)
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
          <CstmrCdtTrfInitn>
            <GrpHdr>
              <MsgId>\(escape(messageID))</MsgId>
              <CreDtTm>\(stamp)</CreDtTm>
              <NbOfTxs>\(payable.count)</NbOfTxs>
              <CtrlSum>\(Money.decimal(minor: total))</CtrlSum>
              <InitgPty><Nm>\(escape(text(debtor.name, max: 70)))</Nm></InitgPty>
            </GrpHdr>
            <PmtInf>
              <PmtInfId>\(escape(messageID))-1</PmtInfId>
              <PmtMtd>TRF</PmtMtd>
              <NbOfTxs>\(payable.count)</NbOfTxs>
              <CtrlSum>\(Money.decimal(minor: total))</CtrlSum>
              <ReqdExctnDt>\(executionDate.iso)</ReqdExctnDt>
              <Dbtr><Nm>\(escape(text(debtor.name, max: 70)))</Nm></Dbtr>
              <DbtrAcct><Id><IBAN>\(debtor.iban.value)</IBAN></Id></DbtrAcct>
              <DbtrAgt><FinInstnId>\(debtor.bic.map { "<BIC>\($0)</BIC>" } ?? "<Othr><Id>NOTPROVIDED</Id></Othr>")</FinInstnId></DbtrAgt>
              <ChrgBr>SLEV</ChrgBr>

        """
        for invoice in payable {
            guard let amount = invoice.fields.total, let iban = invoice.creditorIBAN else { continue }
            let symbol = invoice.fields.variableSymbol
            let endToEnd = symbol ?? invoice.fields.invoiceNumber.map { text($0, max: 35) } ?? "NOTPROVIDED"
            let remittance = [symbol.map { "VS:" + $0 }, invoice.fields.invoiceNumber.map { "Faktura " + $0 },
                              invoice.month.iso].compactMap { $0 }.joined(separator: " ")
            xml += """
                  <CdtTrfTxInf>
                    <PmtId><EndToEndId>\(escape(endToEnd))</EndToEndId></PmtId>
                    <Amt><InstdAmt Ccy="\(amount.currency)">\(Money.decimal(minor: amount.minor))</InstdAmt></Amt>
                    <Cdtr><Nm>\(escape(text(invoice.name, max: 70)))</Nm></Cdtr>
                    <CdtrAcct><Id><IBAN>\(iban.value)</IBAN></Id></CdtrAcct>
                    <RmtInf><Ustrd>\(escape(text(remittance, max: 140)))</Ustrd></RmtInf>
                  </CdtTrfTxInf>

            """
        }
        xml += """
            </PmtInf>
          </CstmrCdtTrfInitn>
        </Document>

        """
        return xml
    }

    static func text(_ value: String, max: Int) -> String { String(value.prefix(max)) }

    /// XML text: without the control characters XML 1.0 forbids, escaped as for HTML.
    static func escape(_ value: String) -> String {
        HTML.text(String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" })))
    }
}

extension Money {
    /// "84700.00", "-5.05": minor units as a plain decimal with two places, for files.
    public static func decimal(minor: Int64) -> String {
        let sign = minor < 0 ? "-" : ""
        let magnitude = minor.magnitude
        let cents = magnitude % 100
        return sign + String(magnitude / 100) + "." + (cents < 10 ? "0" : "") + String(cents)
    }
}
