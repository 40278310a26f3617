import PDFInspection

/// Reads the Czech banks' fixed-width statement ("ABO", files `.gpc`), in CP1250 as the banks
/// write it (or UTF-8, which some offer). Positions count characters from 1 (docs/ARCHITECTURE.md,
/// Bank statements):
///
///     074  4–19 own account (prefix 6 + number 10)   20–39 account name   40–45 old balance date DDMMYY
///          46–59 old balance  60 sign  61–74 new balance  75 sign  76–89 debits  90 sign
///          91–104 credits  105 sign  106–108 statement number  109–114 statement date DDMMYY
///     075  4–19 own account  20–35 counterparty (prefix 6 + number 10)  36–48 document number
///          49–60 amount in haléř  61 posting code (1 debit, 2 credit, 4 reversed debit, 5 reversed credit)
///          62–71 variable symbol  72–81 "00" + counterparty bank (4) + constant symbol (4)
///          82–91 specific symbol  92–97 value date  98–117 counterparty name  118 change code
///          119–122 currency (ISO 4217 number, 0203 CZK)  123–128 due (booking) date DDMMYY
///     078, 079  messages for the recipient, added to the line before.
///
/// A line may end early (banks drop trailing spaces) but not before the fields every line needs.
/// A file may hold several days' statements of one account (each 075 names the account of its
/// 074), not several accounts'.
/// Accounts in the "internal" digit order of some banks fail their check and so name no account.
public enum ABOReader {
    static let maxLineLength = 256

    public static func read(_ bytes: [UInt8]) -> Result<BankStatement, StatementRefusal> {
        guard bytes.count <= BankStatement.maxBytes else { return .failure(.tooLarge) }
        guard let text = decode(bytes) else { return .failure(.wrongEncoding) }
        var headers: [(account: String, digits: String, number: String, date: LocalDate?)] = []
        var drafts: [Draft] = []
        var lineNumber = 0
        // Positions count Unicode scalars: one a byte of CP1250.
        for raw in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Array(raw.last == "\r" ? raw.dropLast() : raw[...])
            guard !line.allSatisfy({ $0 == " " }) else { continue }
            guard line.count <= maxLineLength, !line.contains(where: { $0.value < 0x20 }) else { return .failure(.badLine(lineNumber)) }
            switch field(line, 1, 3) {
            case "074":
                guard line.count >= 114, let date = date(line, 109) else { return .failure(.badLine(lineNumber)) }
                // Several days' statements of one account may share a file; several accounts may not.
                guard headers.isEmpty || field(line, 4, 19) == headers[0].digits else { return .failure(.severalStatements) }
                headers.append((account(field(line, 4, 19)) ?? field(line, 4, 19), field(line, 4, 19), field(line, 106, 108), date))
            case "075":
                guard let header = headers.last else { return .failure(.noStatement) }
                guard field(line, 4, 19) == header.digits else { return .failure(.badLine(lineNumber)) }
                guard drafts.count < BankStatement.maxLines else { return .failure(.tooManyLines) }
                guard let draft = Draft(line, number: drafts.count + 1, header: headers.last?.date)
                else { return .failure(.badLine(lineNumber)) }
                drafts.append(draft)
            case "076", "077":
                continue
            case "078", "079":
                guard !drafts.isEmpty else { continue }
                let message = field(line, 4, line.count).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                if !message.isEmpty { drafts[drafts.count - 1].messages.append(message) }
            default:
                return .failure(lineNumber == 1 ? .unknownFormat : .badLine(lineNumber))
            }
        }
        guard let first = headers.first else { return .failure(.noStatement) }
        // The bank's name for it: the account, the first statement's number and date, and the
        // last one's when the file holds several days.
        let name = { (header: (account: String, digits: String, number: String, date: LocalDate?)) in
            "#\(Int(header.number) ?? 0) \(header.date?.iso ?? "")"
        }
        let last = headers[headers.count - 1]
        let reference = "\(first.account) " + name(first) + (headers.count > 1 ? " – " + name(last) + " (\(headers.count))" : "")
        let lines = drafts.filter { $0.minor > 0 }.enumerated().map { $0.element.line(number: $0.offset + 1) }
        let (from, to) = BankStatement.period(of: lines)
        return .success(BankStatement(format: .abo, reference: reference.scalarPrefix(100), account: first.account,
                                      from: from ?? first.date, to: to ?? headers.last?.date, lines: lines))
    }

    /// One 075 record while its messages are gathered.
    struct Draft {
        let bookedOn: LocalDate
        let code: Unicode.Scalar
        let minor: Int64
        let currency: String
        let variableSymbol: String?
        let counterparty: String?
        let name: String?
        let document: String?
        var messages: [String] = []

        init?(_ line: [Unicode.Scalar], number: Int, header: LocalDate?) {
            let amount = field(line, 49, 60)
            guard line.count >= 61, amount.utf8.count == 12, amount.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let minor = Int64(amount), ["1", "2", "4", "5"].contains(line[60]) else { return nil }
            let code = line[60]
            let padded = line + Array(repeating: " " as Unicode.Scalar, count: max(0, 128 - line.count))
            guard let booked = date(padded, 123) ?? date(padded, 92) ?? header else { return nil }
            self.bookedOn = booked
            self.code = code
            self.minor = minor
            let numeric = field(padded, 119, 122)
            self.currency = numeric.isEmpty || Int(numeric) == 0 ? "CZK" : ABOReader.currencies[Int(numeric) ?? -1] ?? "XXX"
            self.variableSymbol = VariableSymbol.normalised(field(padded, 62, 71))
            let digits = field(padded, 20, 35), bank = field(padded, 74, 77)
            if let number = ABOReader.account(digits), bank.utf8.count == 4, bank.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                self.counterparty = number + "/" + bank
            } else {
                self.counterparty = ABOReader.account(digits)
            }
            self.name = field(padded, 98, 117).nonEmpty
            self.document = field(padded, 36, 48).nonEmpty
        }

        func line(number: Int) -> StatementLine {
            // A reversed debit brings the money back (a credit), as camt.053 books it; a reversed credit takes it away.
            StatementLine(
                number: number, bookedOn: bookedOn, isDebit: code == "1" || code == "5", isReversal: code == "4" || code == "5",
                amount: InvoiceAmount(minor: minor, currency: currency), variableSymbol: variableSymbol,
                counterpartyIBAN: counterparty.flatMap { CzechAccount($0) }?.iban, counterpartyAccount: counterparty,
                counterpartyName: name, reference: document,
                message: messages.joined(separator: " ").scalarPrefix(StatementLine.maxText).nonEmpty)
        }
    }

    /// The ISO 4217 numbers of the currencies a Czech company pays in.
    static let currencies: [Int: String] = [
        203: "CZK", 978: "EUR", 840: "USD", 826: "GBP", 756: "CHF", 985: "PLN", 348: "HUF", 752: "SEK", 208: "DKK", 578: "NOK",
    ]

    /// Characters `from` to `to` (from 1, inclusive), without the spaces around them.
    static func field(_ line: [Unicode.Scalar], _ from: Int, _ to: Int) -> String {
        guard from - 1 < line.count else { return "" }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: line[(from - 1)..<min(to, line.count)])
        return String(text).trimmingCharacters(in: .whitespaces)
    }

    /// DDMMYY at `from` (the years 2000–2099).
    static func date(_ line: [Unicode.Scalar], _ from: Int) -> LocalDate? {
        let text = field(line, from, from + 5)
        guard text.utf8.count == 6, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
              let year = Int(text.suffix(2)) else { return nil }
        return LocalDate(year: 2000 + year, month: month, day: day)
    }

    /// Sixteen digits (a prefix of 6, a number of 10) as "prefix-number" without leading zeros;
    /// nil when they are not digits or all zero.
    static func account(_ digits: String) -> String? {
        guard digits.utf8.count == 16, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let prefix = String(digits.prefix(6).drop { $0 == "0" }), number = String(digits.suffix(10).drop { $0 == "0" })
        guard !number.isEmpty else { return nil }
        return prefix.isEmpty ? number : prefix + "-" + number
    }

    /// UTF-8 when the bytes are UTF-8, else CP1250; nil when a byte is not a CP1250 character.
    static func decode(_ bytes: [UInt8]) -> String? {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let text = String(validating: body, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(body.count)
        for byte in body {
            let value = byte < 0x80 ? UInt32(byte) : UInt32(cp1250High[Int(byte) - 0x80])
            guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Windows-1250 bytes 0x80–0xFF as Unicode (0: not a character).
    static let cp1250High: [UInt16] = [
        0x20AC, 0, 0x201A, 0, 0x201E, 0x2026, 0x2020, 0x2021,
        0, 0x2030, 0x0160, 0x2039, 0x015A, 0x0164, 0x017D, 0x0179,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0, 0x2122, 0x0161, 0x203A, 0x015B, 0x0165, 0x017E, 0x017A,
        0x00A0, 0x02C7, 0x02D8, 0x0141, 0x00A4, 0x0104, 0x00A6, 0x00A7,
        0x00A8, 0x00A9, 0x015E, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x017B,
        0x00B0, 0x00B1, 0x02DB, 0x0142, 0x00B4, 0x00B5, 0x00B6, 0x00B7,
        0x00B8, 0x0105, 0x015F, 0x00BB, 0x013D, 0x02DD, 0x013E, 0x017C,
        0x0154, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0139, 0x0106, 0x00C7,
        0x010C, 0x00C9, 0x0118, 0x00CB, 0x011A, 0x00CD, 0x00CE, 0x010E,
        0x0110, 0x0143, 0x0147, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x00D7,
        0x0158, 0x016E, 0x00DA, 0x0170, 0x00DC, 0x00DD, 0x0162, 0x00DF,
        0x0155, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x013A, 0x0107, 0x00E7,
        0x010D, 0x00E9, 0x0119, 0x00EB, 0x011B, 0x00ED, 0x00EE, 0x010F,
        0x0111, 0x0144, 0x0148, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x00F7,
        0x0159, 0x016F, 0x00FA, 0x0171, 0x00FC, 0x00FD, 0x0163, 0x02D9,
    ]
}
