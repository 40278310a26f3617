import Foundation
import PDFInspection

/// A bank statement as Roster reads it from the bank's file (docs/ARCHITECTURE.md, Bank
/// statements): the bank's name for it, the company's account, and its booked lines. Pure data,
/// made only by `StatementReader`.
public struct BankStatement: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable, Codable {
        /// ISO 20022 Bank-to-Customer Statement (XML).
        case camt053 = "camt053"
        /// The Czech banks' fixed-width "ABO" statement (GPC): a 074 header, 075 lines.
        case abo
    }

    public let format: Format
    /// The bank's identification of the statement (camt `Stmt/Id`; ABO: account, number and date).
    public let reference: String
    /// The company's account the statement is of, as the bank names it.
    public let account: String
    public let from: LocalDate?
    public let to: LocalDate?
    public let lines: [StatementLine]

    /// The most lines one statement may have: a month of a busy account is a few thousand.
    public static let maxLines = 20_000
    /// The largest file read: a camt.053 of 20,000 entries is about 30 MB, a month of a company
    /// paying its contractors well under one.
    public static let maxBytes = 8 << 20

    /// The first and the last booking day of the lines, when the file names no period.
    static func period(of lines: [StatementLine]) -> (LocalDate?, LocalDate?) {
        (lines.map(\.bookedOn).min(), lines.map(\.bookedOn).max())
    }
}

/// One booked movement on the account.
public struct StatementLine: Sendable, Equatable {
    /// Its place in the file, from 1.
    public let number: Int
    public let bookedOn: LocalDate
    /// Money leaving the account (a payment the company made), not a reversal of one.
    public let isDebit: Bool
    /// A reversal (storno) of an earlier booking: never a payment of an invoice.
    public let isReversal: Bool
    public let amount: InvoiceAmount
    /// Digits without leading zeros (`VariableSymbol.normalised`), when the bank names one.
    public let variableSymbol: String?
    /// The other side's account, when the bank names one that passes its check.
    public let counterpartyIBAN: IBAN?
    /// The other side's account as the bank printed it, when it names one.
    public let counterpartyAccount: String?
    public let counterpartyName: String?
    /// The bank's reference of the line.
    public let reference: String?
    /// The message for the recipient.
    public let message: String?

    /// The longest text kept of a field the bank fills.
    static let maxText = 140

    /// A payment the company made: the only lines matched to invoices.
    public var isPayment: Bool { isDebit && !isReversal }
}

/// Why a file is not read as a statement; each has its message for the page and the API.
public enum StatementRefusal: Error, Sendable, Equatable {
    case empty
    case tooLarge
    /// Neither XML nor an ABO file.
    case unknownFormat
    /// XML in another encoding than UTF-8 (a byte-order mark of UTF-16, a declaration, or bytes that are not UTF-8).
    case wrongEncoding
    /// A document type declaration: entities could expand or fetch anything, and a statement has none.
    case documentType
    /// XML that does not parse; the line where the parser stopped.
    case malformedXML(line: Int)
    /// Well-formed XML that is not a camt.053 statement (another message, or elements nested too deep).
    case notCamt053
    /// A camt file of several statements (several accounts).
    case severalStatements
    /// An entry or a record without what every line has (amount, direction, booking day); its number.
    case badLine(Int)
    case tooManyLines
    /// A file without any statement in it (an ABO file without a 074 header).
    case noStatement

    /// The translation key and its arguments.
    public var message: (key: String, arguments: [String]) {
        switch self {
        case .empty: ("statement.refused.empty", [])
        case .tooLarge: ("statement.refused.tooLarge", [String(BankStatement.maxBytes >> 20)])
        case .unknownFormat: ("statement.refused.unknownFormat", [])
        case .wrongEncoding: ("statement.refused.wrongEncoding", [])
        case .documentType: ("statement.refused.documentType", [])
        case .malformedXML(let line): ("statement.refused.malformedXML", [String(line)])
        case .notCamt053: ("statement.refused.notCamt053", [])
        case .severalStatements: ("statement.refused.severalStatements", [])
        case .badLine(let line): ("statement.refused.badLine", [String(line)])
        case .tooManyLines: ("statement.refused.tooManyLines", [String(BankStatement.maxLines)])
        case .noStatement: ("statement.refused.noStatement", [])
        }
    }

    /// The API's name for the refusal.
    public var kind: String {
        switch self {
        case .empty: "statement-empty"
        case .tooLarge: "statement-too-large"
        case .unknownFormat: "statement-unknown-format"
        case .wrongEncoding: "statement-wrong-encoding"
        case .documentType: "statement-document-type"
        case .malformedXML: "statement-malformed-xml"
        case .notCamt053: "statement-not-camt053"
        case .severalStatements: "statement-several"
        case .badLine: "statement-bad-line"
        case .tooManyLines: "statement-too-many-lines"
        case .noStatement: "statement-none"
        }
    }
}

/// Reads a statement file of either format, told apart by its first bytes.
public enum StatementReader {
    public static func read(_ bytes: [UInt8]) -> Result<BankStatement, StatementRefusal> {
        guard bytes.count <= BankStatement.maxBytes else { return .failure(.tooLarge) }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return .failure(.empty) }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
            || bytes[start] == 0x00 {
            return .failure(.wrongEncoding)
        }
        if bytes[start] == 0x3C { return CamtReader.read(bytes) }
        if bytes[start...].starts(with: Array("074".utf8)) { return ABOReader.read(bytes) }
        return .failure(.unknownFormat)
    }
}
