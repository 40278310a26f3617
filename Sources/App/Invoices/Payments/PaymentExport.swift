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
    /// The person's registered account (`SupplierDetails`), when one is registered.
    public var registeredIBAN: IBAN? = nil

    /// The account on the invoice: read as an IBAN, or made from the Czech account number.
    public var invoiceIBAN: IBAN? { fields.iban ?? fields.account?.iban }

    /// The creditor's IBAN. Where an account is registered, only the registered one, and only
    /// when the invoice names no other (an invoice without an account is paid to it); otherwise
    /// the invoice's.
    public var creditorIBAN: IBAN? {
        guard let registeredIBAN else { return invoiceIBAN }
        return invoiceIBAN == nil || invoiceIBAN == registeredIBAN ? registeredIBAN : nil
    }

    /// Why it cannot be in a payment order, or nil when it can.
    public var payable: Bool { fields.total != nil && creditorIBAN != nil }

    /// The invoice names an account that is not the registered one: no file lists it for payment.
    public var contradictsRegistered: Bool {
        guard let registeredIBAN, let invoiceIBAN else { return false }
        return invoiceIBAN != registeredIBAN
    }

    /// The account a file names: the registered one where there is one, else the invoice's.
    public var accountText: String {
        registeredIBAN?.value ?? fields.account?.description ?? fields.iban?.value ?? ""
    }
}

/// The files for the accountant: CSV (every selected invoice) and an ISO 20022
/// pain.001.001.03 credit transfer (the invoices with an amount and an account). Pure.
public enum PaymentExport {
    public static let csvHeader = ["employee", "ico", "invoice_number", "amount", "currency", "account", "variable_symbol",
                                   "due_date", "month"]

    /// RFC 4180, comma-separated, CRLF, UTF-8 with a byte-order mark (so spreadsheet programs
    /// show Czech letters). Every field goes through `csvField`.
    public static func csv(_ invoices: [PayableInvoice]) -> String {
        var lines = [csvHeader.map(csvField).joined(separator: ",")]
        for invoice in invoices {
            let f = invoice.fields
            let values = [
                invoice.name, f.supplierID ?? "", f.invoiceNumber ?? "",
                f.total.map { Money.decimal(minor: $0.minor) } ?? "", f.total?.currency ?? "",
                invoice.accountText, f.variableSymbol ?? "", f.dueDate ?? "", invoice.month.iso,
            ]
            lines.append(values.map(csvField).joined(separator: ","))
        }
        return "\u{FEFF}" + lines.joined(separator: "\r\n") + "\r\n"
    }

    /// One cell, safe in any spreadsheet program: a cell starting with `=`, `+`, `-`, `@`, a tab
    /// or a carriage return, or their fullwidth forms (`＝`, `＋`, `－`, `＠`), even behind invisible
    /// format characters (a zero-width space, a byte-order mark), would be read as a formula, so
    /// it gets a leading `'` (shown as text); a cell holding `;` (the separator of Czech Excel),
    /// `,`, `"`, a tab, CR or LF is quoted, its quotes doubled. The separators are decided on UTF-8
    /// bytes: all are ASCII, so a combining mark after one of them cannot hide it.
    public static func csvField(_ value: String) -> String {
        let bytes = value.utf8
        let formula = startsLikeAFormula(value)
        let quoted = bytes.contains { [0x3B, 0x2C, 0x22, 0x09, 0x0D, 0x0A].contains($0) }
        guard formula || quoted else { return value }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 4)
        if quoted { out.append(0x22) }
        if formula { out.append(0x27) }
        for byte in bytes {
            out.append(byte)
            if byte == 0x22 { out.append(0x22) }
        }
        if quoted { out.append(0x22) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The characters a spreadsheet reads as the start of a formula, after any invisible format
    /// characters (Unicode's Cf: zero-width spaces and joiners, the byte-order mark).
    static func startsLikeAFormula(_ value: String) -> Bool {
        let starts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\u{FF1D}", "\u{FF0B}", "\u{FF0D}", "\u{FF20}"]
        guard let first = value.unicodeScalars.first(where: { $0.properties.generalCategory != .format }) else { return false }
        return starts.contains(first)
    }

    /// The credit transfer of the payable invoices. `messageID` is unique per file; amounts are
    /// summed exactly in minor units. Written by `XMLWriter`, which escapes every text.
    public static func pain001(
        _ invoices: [PayableInvoice], debtor: Debtor, messageID: String, created: Date, executionDate: LocalDate
    ) -> String {
        let payable = invoices.filter(\.payable)
        let total = payable.reduce(Int64(0)) { $0 + ($1.fields.total?.minor ?? 0) }
        let stamp = ISO8601DateFormatter().string(from: created)
        let count = String(payable.count), sum = Money.decimal(minor: total)
        let debtorName = text(debtor.name, max: 70)
        var xml = XMLWriter()
        xml.element("Document", ["xmlns": "urn:iso:std:iso:20022:tech:xsd:pain.001.001.03",
                                 "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"]) { xml in
            xml.element("CstmrCdtTrfInitn") { xml in
                xml.element("GrpHdr") { xml in
                    xml.element("MsgId", text: text(messageID, max: 35))
                    xml.element("CreDtTm", text: stamp)
                    xml.element("NbOfTxs", text: count)
                    xml.element("CtrlSum", text: sum)
                    xml.element("InitgPty") { $0.element("Nm", text: debtorName) }
                }
                xml.element("PmtInf") { xml in
                    xml.element("PmtInfId", text: text(messageID + "-1", max: 35))
                    xml.element("PmtMtd", text: "TRF")
                    xml.element("NbOfTxs", text: count)
                    xml.element("CtrlSum", text: sum)
                    xml.element("ReqdExctnDt", text: executionDate.iso)
                    xml.element("Dbtr") { $0.element("Nm", text: debtorName) }
                    xml.element("DbtrAcct") { $0.element("Id") { $0.element("IBAN", text: debtor.iban.value) } }
                    xml.element("DbtrAgt") { xml in
                        xml.element("FinInstnId") { xml in
                            if let bic = debtor.bic {
                                xml.element("BIC", text: bic)
                            } else {
                                xml.element("Othr") { $0.element("Id", text: "NOTPROVIDED") }
                            }
                        }
                    }
                    xml.element("ChrgBr", text: "SLEV")
                    for invoice in payable {
                        guard let amount = invoice.fields.total, let iban = invoice.creditorIBAN else { continue }
                        transaction(invoice, amount: amount, iban: iban, into: &xml)
                    }
                }
            }
        }
        return xml.string
    }

    private static func transaction(_ invoice: PayableInvoice, amount: InvoiceAmount, iban: IBAN, into xml: inout XMLWriter) {
        let symbol = invoice.fields.variableSymbol
        let endToEnd = text(symbol ?? invoice.fields.invoiceNumber ?? "NOTPROVIDED", max: 35)
        let remittance = [symbol.map { "VS:" + $0 }, invoice.fields.invoiceNumber.map { "Faktura " + $0 },
                          invoice.month.iso].compactMap { $0 }.joined(separator: " ")
        xml.element("CdtTrfTxInf") { xml in
            xml.element("PmtId") { $0.element("EndToEndId", text: endToEnd) }
            xml.element("Amt") { $0.element("InstdAmt", ["Ccy": amount.currency], text: Money.decimal(minor: amount.minor)) }
            xml.element("Cdtr") { $0.element("Nm", text: text(invoice.name, max: 70)) }
            xml.element("CdtrAcct") { $0.element("Id") { $0.element("IBAN", text: iban.value) } }
            xml.element("RmtInf") { $0.element("Ustrd", text: text(remittance, max: 140)) }
        }
    }

    /// At most `max` characters as XML counts them (code points, after leaving out what XML does
    /// not allow), never empty (the schema's texts have at least one).
    static func text(_ value: String, max: Int) -> String {
        let kept = String(String.UnicodeScalarView(XMLWriter.clean(value).unicodeScalars.prefix(max)))
        return kept.isEmpty ? "NOTPROVIDED" : kept
    }
}
