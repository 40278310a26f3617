import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PDFInspection

/// Reads an ISO 20022 camt.053 statement (any version: the elements it reads have kept their
/// names and places). Hostile files are refused before or while parsing: a file must be UTF-8
/// without a NUL, must not declare a document type (no entities to expand, nothing external to
/// fetch), may give a tag at most `MarkupShape.maxAttributes` attributes, may nest elements at
/// most `maxDepth` deep, and keeps at most `BankStatement.maxText` code points of a text.
///
/// Of each booked entry (`Sts` BOOK) it keeps the amount, the direction, the booking day, the
/// reversal mark, the bank's reference and, from its transaction details, the counterparty (the
/// creditor of a debit, the debtor of a credit), the variable symbol (`VariableSymbol.find` in
/// the creditor reference, the end-to-end id, then the unstructured message) and the message. An
/// entry of several transactions with their own amounts (a batch) gives a line per transaction.
public enum CamtReader {
    static let maxDepth = 24

    public static func read(_ bytes: [UInt8]) -> Result<BankStatement, StatementRefusal> {
        guard bytes.count <= BankStatement.maxBytes else { return .failure(.tooLarge) }
        if let refusal = precheck(bytes) { return .failure(refusal) }
        let parser = XMLParser(data: Data(bytes))
        let reader = CamtParserDelegate()
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.shouldReportNamespacePrefixes = false
        let parsed = parser.parse()
        if let refusal = reader.refusal { return .failure(refusal) }
        // A document cut short can leave the parser without an error: its elements are still open.
        guard parsed, parser.parserError == nil, reader.path.isEmpty else {
            return .failure(.malformedXML(line: max(1, parser.lineNumber)))
        }
        return reader.statement()
    }

    /// What is refused before a parser sees the bytes: another encoding, and any document type
    /// declaration (the XML form of entity expansion and external entities).
    static func precheck(_ bytes: [UInt8]) -> StatementRefusal? {
        // A NUL is no character of a UTF-8 text; UTF-16 or UTF-32 without a byte-order mark has
        // them (and would be read as such by the parser after passing the checks below).
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return .wrongEncoding }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard MarkupShape.isPlain(body) else { return .notCamt053 }
        if body.starts(with: Array("<?xml".utf8)) {
            let end = TextBytesSearch.find(Array("?>".utf8), in: body, from: 0, limit: 512) ?? min(body.count, 512)
            let declaration = String(decoding: body[0..<end], as: UTF8.self).lowercased()
            if let range = declaration.range(of: "encoding") {
                let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
                let name = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " }
                guard name == "utf-8" || name == "utf8" || name == "us-ascii" else { return .wrongEncoding }
            }
        }
        for marker in ["<!DOCTYPE", "<!ENTITY", "<!doctype", "<!entity"] where
            TextBytesSearch.find(Array(marker.utf8), in: body, from: 0, limit: body.count) != nil {
            return .documentType
        }
        return nil
    }
}

/// The parser's delegate: a path of element names, and the entry being read.
private final class CamtParserDelegate: NSObject, XMLParserDelegate {
    struct Transaction {
        var amount: String?
        var currency: String?
        var direction: String?
        var endToEnd: String?
        var reference: String?
        var creditorIBAN: String?
        var creditorOther: String?
        var creditorName: String?
        var debtorIBAN: String?
        var debtorOther: String?
        var debtorName: String?
        var creditorReference: String?
        var messages: [String] = []
    }

    struct Entry {
        var amount: String?
        var currency: String?
        var direction: String?
        var reversal = false
        var status: String?
        var booked: String?
        var reference: String?
        var transactions: [Transaction] = []
    }

    var path: [String] = []
    var text = ""
    var refusal: StatementRefusal?
    var isCamt053 = false
    var statementID: String?
    var accountIBAN: String?
    var accountOther: String?
    var from: String?
    var to: String?
    var entry: Entry?
    var transaction: Transaction?
    var entries = 0
    var lines: [StatementLine] = []
    var statements = 0

    func statement() -> Result<BankStatement, StatementRefusal> {
        guard isCamt053, statements > 0, let id = statementID, !id.isEmpty else { return .failure(.notCamt053) }
        let account = accountIBAN.flatMap(IBAN.init)?.value ?? accountOther ?? ""
        let day = { (text: String?) in text.flatMap { LocalDate(iso: String($0.prefix(10))) } }
        let (first, last) = BankStatement.period(of: lines)
        return .success(BankStatement(format: .camt053, reference: id.scalarPrefix(100), account: account.scalarPrefix(40),
                                      from: day(from) ?? first, to: day(to) ?? last, lines: lines))
    }

    func stop(_ parser: XMLParser, _ refusal: StatementRefusal) {
        guard self.refusal == nil else { return }
        self.refusal = refusal
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard refusal == nil else { return }
        if path.isEmpty {
            guard name == "Document", namespaceURI?.contains("camt.053") == true else { return stop(parser, .notCamt053) }
            isCamt053 = true
        }
        path.append(name)
        guard path.count <= CamtReader.maxDepth else { return stop(parser, .notCamt053) }
        text = ""
        switch name {
        case "Stmt" where path.count == 3:
            statements += 1
            // A file of several statements (several accounts) is refused rather than read in part.
            guard statements == 1 else { return stop(parser, .severalStatements) }
        case "Ntry" where inStatement:
            entries += 1
            guard lines.count < BankStatement.maxLines else { return stop(parser, .tooManyLines) }
            entry = Entry()
        case "TxDtls" where entry != nil:
            transaction = Transaction()
        case "Amt" where transaction != nil && ["TxAmt", "TxDtls"].contains(path[path.count - 2]):
            transaction?.currency = attributes["Ccy"]
        case "Amt" where entry != nil && path.dropLast().last == "Ntry":
            entry?.currency = attributes["Ccy"]
        default:
            break
        }
    }

    /// Inside the statement of the document.
    var inStatement: Bool { path.count >= 3 && path[1] == "BkToCstmrStmt" && path[2] == "Stmt" }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard refusal == nil, text.storedLength < StatementLine.maxText else { return }
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard refusal == nil else { return }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines).scalarPrefix(StatementLine.maxText)
        text = ""
        defer { path.removeLast() }
        guard inStatement else { return }
        let tail = Array(path.suffix(4))
        let parent = tail.count >= 2 ? tail[tail.count - 2] : ""
        if transaction != nil, path.contains("TxDtls") {
            readTransaction(name, parent: parent, tail: tail, value: value)
            if name == "TxDtls", let done = transaction {
                entry?.transactions.append(done)
                transaction = nil
            }
            return
        }
        if entry != nil, path.contains("Ntry") {
            switch (parent, name) {
            case ("Ntry", "Amt"): entry?.amount = value
            case ("Ntry", "CdtDbtInd"): entry?.direction = value
            case ("Ntry", "RvslInd"): entry?.reversal = value == "true" || value == "1"
            case ("Ntry", "Sts"): if entry?.status == nil { entry?.status = value }
            case ("Sts", "Cd") where tail.count >= 3 && tail[tail.count - 3] == "Ntry": entry?.status = value
            case ("BookgDt", "Dt"), ("BookgDt", "DtTm"): entry?.booked = value
            case ("Ntry", "AcctSvcrRef"): entry?.reference = value
            case (_, "Ntry"):
                if let done = entry { finish(done, parser: parser) }
                entry = nil
            default: break
            }
            return
        }
        switch (parent, name) {
        case ("Stmt", "Id"): statementID = statementID ?? value
        case ("Id", "IBAN") where path.dropLast().suffix(2).first == "Acct": accountIBAN = value
        case ("Othr", "Id") where path.suffix(4).first == "Acct": accountOther = value
        case ("FrToDt", "FrDtTm"): from = value
        case ("FrToDt", "ToDtTm"): to = value
        default: break
        }
    }

    private func readTransaction(_ name: String, parent: String, tail: [String], value: String) {
        let grand = tail.count >= 3 ? tail[tail.count - 3] : ""
        let great = tail.count >= 4 ? tail[tail.count - 4] : ""
        switch (parent, name) {
        case ("TxAmt", "Amt"), ("TxDtls", "Amt"): transaction?.amount = value
        case ("TxDtls", "CdtDbtInd"): transaction?.direction = value
        case ("Refs", "EndToEndId"): transaction?.endToEnd = value
        case ("Refs", "AcctSvcrRef"): transaction?.reference = value
        case ("Id", "IBAN") where grand == "CdtrAcct": transaction?.creditorIBAN = value
        case ("Id", "IBAN") where grand == "DbtrAcct": transaction?.debtorIBAN = value
        case ("Othr", "Id") where great == "CdtrAcct": transaction?.creditorOther = value
        case ("Othr", "Id") where great == "DbtrAcct": transaction?.debtorOther = value
        case ("Cdtr", "Nm"): transaction?.creditorName = value
        case ("Pty", "Nm") where grand == "Cdtr": transaction?.creditorName = value
        case ("Dbtr", "Nm"): transaction?.debtorName = value
        case ("Pty", "Nm") where grand == "Dbtr": transaction?.debtorName = value
        case ("CdtrRefInf", "Ref"): transaction?.creditorReference = value
        case ("RmtInf", "Ustrd"): if !value.isEmpty { transaction?.messages.append(value) }
        default: break
        }
    }

    /// The entry as lines: booked ones only, one per transaction of a batch with its own amounts.
    private func finish(_ entry: Entry, parser: XMLParser) {
        guard entry.status == nil || entry.status == "BOOK" else { return }
        let number = entries
        guard let amount = CamtAmount.minor(entry.amount ?? ""), let currency = entry.currency, CamtAmount.isCurrency(currency),
              let direction = entry.direction, direction == "DBIT" || direction == "CRDT",
              let booked = entry.booked.flatMap({ LocalDate(iso: String($0.prefix(10))) })
        else { return stop(parser, .badLine(number)) }
        // A batch is split when each of its transactions names its own amount; else it stays one line.
        let split = entry.transactions.compactMap { tx -> (Int64, String, Transaction?)? in
            guard let minor = tx.amount.flatMap(CamtAmount.minor), CamtAmount.isCurrency(tx.currency ?? currency) else { return nil }
            return (minor, tx.currency ?? currency, tx)
        }
        let parts = entry.transactions.count > 1 && split.count == entry.transactions.count
            ? split : [(amount, currency, entry.transactions.count == 1 ? entry.transactions[0] : nil)]
        for (minor, code, tx) in parts {
            guard lines.count < BankStatement.maxLines else { return stop(parser, .tooManyLines) }
            let isDebit = (tx?.direction ?? direction) == "DBIT"
            let iban = isDebit ? tx?.creditorIBAN : tx?.debtorIBAN
            let other = isDebit ? tx?.creditorOther : tx?.debtorOther
            let texts = [tx?.creditorReference, tx?.endToEnd].compactMap { $0 } + (tx?.messages ?? [])
            lines.append(StatementLine(
                number: lines.count + 1, bookedOn: booked, isDebit: isDebit, isReversal: entry.reversal,
                amount: InvoiceAmount(minor: minor, currency: code),
                variableSymbol: texts.lazy.compactMap(VariableSymbol.find).first,
                counterpartyIBAN: iban.flatMap { IBAN($0) } ?? other.flatMap { CzechAccount($0) }?.iban,
                counterpartyAccount: (iban ?? other).map { $0.scalarPrefix(40) },
                counterpartyName: isDebit ? tx?.creditorName : tx?.debtorName,
                reference: (tx?.reference ?? entry.reference).map { $0.scalarPrefix(100) },
                message: tx?.messages.joined(separator: " ").scalarPrefix(StatementLine.maxText).nonEmpty))
        }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard refusal == nil, text.storedLength < StatementLine.maxText else { return }
        text += String(decoding: CDATABlock.prefix(4 * StatementLine.maxText), as: UTF8.self)
    }
}

extension String {
    /// nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
