import Foundation
import PDFInspection
import Testing
@testable import App

/// Reading camt.053 and ABO/GPC statements, and refusing what is not one: pure, without HTTP.
@Suite struct StatementReaderTests {
    typealias Entry = TestStatements.Entry

    static func read(_ text: String) -> Result<BankStatement, StatementRefusal> { StatementReader.read(Array(text.utf8)) }
    static func read(_ data: Data) -> Result<BankStatement, StatementRefusal> { StatementReader.read(Array(data)) }

    @Test(arguments: ["02", "08"]) func camtLinesKeepAmountDirectionSymbolAndAccount(version: String) throws {
        let file = TestStatements.camt(entries: [
            Entry(amount: "1200.50", symbol: "202410", iban: "CZ65 0800 0000 1920 0014 5399".replacingOccurrences(of: " ", with: ""),
                  name: "Eva Dvořáková", reference: "REF-1", message: "VS:202410 Faktura FV-2024-10"),
            Entry(amount: "99.9", debit: false, booked: "2026-11-12", symbol: nil, iban: "DE89370400440532013000", name: "Kunde & Co"),
            Entry(amount: "5000", symbol: "0000000777", other: "19-2000145399/0800", status: "PDNG"),
            Entry(amount: "300.00", symbol: nil, message: "Platba VS 4455 díky"),
        ], version: version)
        let statement = try Self.read(file).get()
        #expect(statement.format == .camt053 && statement.reference == "STMT-2026-11")
        #expect(statement.account == "CZ6508000000192000145399")
        #expect(statement.from == LocalDate(iso: "2026-11-01") && statement.to == LocalDate(iso: "2026-11-19"))
        // The pending entry is not a booking.
        #expect(statement.lines.count == 3)
        let first = statement.lines[0]
        #expect(first.amount == InvoiceAmount(minor: 1_200_50, currency: "CZK") && first.isPayment)
        #expect(first.variableSymbol == "202410" && first.counterpartyIBAN == IBAN("CZ6508000000192000145399"))
        #expect(first.counterpartyName == "Eva Dvořáková" && first.reference == "REF-1")
        #expect(first.message == "VS:202410 Faktura FV-2024-10" && first.bookedOn == LocalDate(iso: "2026-11-10"))
        let credit = statement.lines[1]
        #expect(!credit.isDebit && credit.amount.minor == 99_90 && credit.counterpartyName == "Kunde & Co")
        #expect(credit.counterpartyIBAN == IBAN("DE89370400440532013000") && credit.bookedOn == LocalDate(iso: "2026-11-12"))
        // No symbol in the references: the one in the message ("VS 4455") is found.
        #expect(statement.lines[2].variableSymbol == "4455" && statement.lines[2].number == 3)
    }

    @Test func aBatchGivesALinePerTransactionAndAReversalIsNoPayment() throws {
        let file = TestStatements.camt(entries: [
            Entry(amount: "3000.00", symbol: "11", iban: "CZ6508000000192000145399", batch: ["1000.00", "2000.00"]),
            Entry(amount: "10.00", symbol: "12", reversal: true),
        ])
        let lines = try Self.read(file).get().lines
        #expect(lines.map(\.amount.minor) == [1_000_00, 2_000_00, 10_00])
        #expect(lines.map(\.isPayment) == [true, true, false])
    }

    @Test func variableSymbolsAreFoundWhereBanksWriteThem() {
        #expect(VariableSymbol.find(in: "0000202410") == "202410")
        #expect(VariableSymbol.find(in: "VS:202410 Faktura") == "202410")
        #expect(VariableSymbol.find(in: "/VS/77/SS/1/KS/0308") == "77")
        #expect(VariableSymbol.find(in: "platba vs.  42") == "42")
        #expect(VariableSymbol.find(in: "NOTPROVIDED") == nil)
        #expect(VariableSymbol.find(in: "VS12345678901") == nil, "eleven digits are no symbol")
        #expect(VariableSymbol.find(in: "CVS 12") == nil, "inside a word")
        #expect(VariableSymbol.find(in: "0000000000") == nil)
        // Long hostile text: linear, and nothing found.
        #expect(VariableSymbol.find(in: String(repeating: "VS:", count: 100_000)) == nil)
    }

    @Test(arguments: [
        ("", StatementRefusal.empty),
        ("  \n ", .empty),
        ("%PDF-1.7 not a statement", .unknownFormat),
        ("<html><body>bank</body></html>", .notCamt053),
        (#"<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><x/></Document>"#, .notCamt053),
        (#"<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>"#, .malformedXML(line: 1)),
        (#"<?xml version="1.0" encoding="ISO-8859-2"?><Document/>"#, .wrongEncoding),
        ("""
         <?xml version="1.0"?>
         <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
         <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&lol2;</Document>
         """, .documentType),
        ("""
         <?xml version="1.0"?>
         <!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
         <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&xxe;</Id></Stmt></BkToCstmrStmt></Document>
         """, .documentType),
    ]) func hostileOrForeignFilesAreRefusedWithTheirReason(file: String, refusal: StatementRefusal) {
        #expect(Self.read(file) == .failure(refusal))
    }

    @Test func wrongEncodingsAndDepthAndSizeAreRefused() {
        let xml = TestStatements.camt(entries: [Entry(amount: "1.00", symbol: "1")])
        // UTF-16 with its byte-order mark.
        #expect(Self.read(xml.data(using: .utf16)!) == .failure(.wrongEncoding))
        // Latin-2 bytes in a file that says nothing of its encoding.
        let latin = TestStatements.camt(entries: [Entry(amount: "1.00", symbol: "1", name: "Dvořák")]).data(using: .isoLatin2)!
        #expect(Self.read(latin) == .failure(.wrongEncoding))
        // Elements nested deeper than any statement.
        let deep = #"<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">"# + String(repeating: "<a>", count: 10_000)
            + String(repeating: "</a>", count: 10_000) + "</Document>"
        #expect(Self.read(deep) == .failure(.notCamt053))
        // Beyond the size limit, refused before anything is parsed.
        #expect(StatementReader.read([UInt8](repeating: 0x20, count: BankStatement.maxBytes + 1)) == .failure(.tooLarge))
        // Two accounts' statements in one file.
        let two = xml.replacingOccurrences(of: "</Stmt>", with: "</Stmt><Stmt><Id>B</Id></Stmt>")
        #expect(Self.read(two) == .failure(.severalStatements))
        // An entry without its amount.
        let noAmount = xml.replacingOccurrences(of: #"<Amt Ccy="CZK">1.00</Amt>"#, with: "")
        #expect(Self.read(noAmount) == .failure(.badLine(1)))
        // A huge text inside an element is kept short, not refused.
        let long = TestStatements.camt(entries: [Entry(amount: "1.00", symbol: "1", message: String(repeating: "x", count: 2_000_000))])
        #expect((try? Self.read(long).get().lines[0].message?.count) == StatementLine.maxText)
    }

    @Test func textsAreCutInCodePointsAsTheDatabaseCountsThem() throws {
        // Two messages of 80 make one of 140 at most; an account of combining marks 40 code points.
        let marks = String(repeating: "e\u{301}", count: 40)
        let file = TestStatements.camt(entries: [Entry(amount: "1.00", symbol: "1", other: marks, reference: String(repeating: "r\u{301}", count: 80),
                                                       message: String(repeating: "m", count: 80))])
            .replacingOccurrences(of: "</Ustrd></RmtInf>", with: "</Ustrd><Ustrd>" + String(repeating: "n\u{301}", count: 80) + "</Ustrd></RmtInf>")
        let line = try Self.read(file).get().lines[0]
        #expect(line.message?.unicodeScalars.count == StatementLine.maxText)
        #expect(line.counterpartyAccount?.unicodeScalars.count == 40)
        #expect(line.reference?.unicodeScalars.count == 100)
    }

    @Test func markupThatWouldStallTheParserIsRefused() {
        let xml = TestStatements.camt(entries: [Entry(amount: "1.00", symbol: "1")])
        // Thousands of attributes on one tag: the parser compares each with every other.
        let attributes = (0..<20_000).map { " a\($0)=\"1\"" }.joined()
        #expect(Self.read(xml.replacingOccurrences(of: "<BkToCstmrStmt>", with: "<BkToCstmrStmt\(attributes)>")) == .failure(.notCamt053))
        // UTF-16 without a byte-order mark: its NULs give it away.
        let utf16 = xml.data(using: .utf16LittleEndian)!
        #expect(Self.read(utf16) == .failure(.wrongEncoding))
        // A comment or CDATA with quotes and brackets in it is text, not markup.
        let commented = xml.replacingOccurrences(of: "<BkToCstmrStmt>", with: "<BkToCstmrStmt><!-- it's \"quoted\" > -->")
        #expect((try? Self.read(commented).get().lines.count) == 1)
    }

    @Test func camtAmountsAreReadExactlyOrNotAtAll() {
        #expect(CamtAmount.minor("1200.50") == 1_200_50)
        #expect(CamtAmount.minor("0.01") == 1)
        #expect(CamtAmount.minor("7") == 7_00)
        #expect(CamtAmount.minor("12.3") == 12_30)
        #expect(CamtAmount.minor("12.30000") == 12_30)
        #expect(CamtAmount.minor("12.301") == nil)
        #expect(CamtAmount.minor("1,00") == nil)
        #expect(CamtAmount.minor("-5.00") == nil)
        #expect(CamtAmount.minor("0.00") == nil)
        #expect(CamtAmount.minor(".5") == nil)
        #expect(CamtAmount.minor("5.") == nil)
        #expect(CamtAmount.minor(String(repeating: "9", count: 13)) == nil)
    }

    @Test func aboInCP1250KeepsCzechLettersAndItsFields() throws {
        let file = TestStatements.abo(lines: [
            .init(minor: 1_200_50, symbol: "0000202410", name: "Dvořáková Eva", messages: ["Faktura září, díky"]),
            .init(minor: 99_90, code: "2", counterparty: "0000000000000000", name: "Příchozí úhrada"),
            .init(minor: 10_00, code: "4", symbol: "0000000012"),
            .init(minor: 500_00, counterparty: "0000192000145399", bank: "0300", currency: "0978"),
        ])
        #expect(String(data: file, encoding: .utf8) == nil, "the file is CP1250, not UTF-8")
        let statement = try Self.read(file).get()
        #expect(statement.format == .abo && statement.account == "2000145399")
        #expect(statement.reference == "2000145399 #12 2026-11-19")
        #expect(statement.lines.count == 4)
        let first = statement.lines[0]
        #expect(first.amount == InvoiceAmount(minor: 1_200_50, currency: "CZK") && first.isPayment)
        #expect(first.variableSymbol == "202410" && first.counterpartyAccount == "19-2000145399/0800")
        #expect(first.counterpartyIBAN == IBAN("CZ6508000000192000145399"))
        #expect(first.counterpartyName == "Dvořáková Eva" && first.message == "Faktura září, díky")
        #expect(first.bookedOn == LocalDate(iso: "2026-11-10"))
        #expect(!statement.lines[1].isDebit && statement.lines[1].counterpartyName == "Příchozí úhrada")
        #expect(statement.lines[1].counterpartyAccount == nil)
        // A reversed debit brings the money back, as camt.053 books it: a credit.
        #expect(!statement.lines[2].isDebit && statement.lines[2].isReversal && !statement.lines[2].isPayment)
        #expect(statement.lines[3].amount.currency == "EUR")
        // The same number at another bank is another account.
        #expect(statement.lines[3].counterpartyAccount == "19-2000145399/0300")
        #expect(statement.lines[3].counterpartyIBAN != nil && statement.lines[3].counterpartyIBAN != first.counterpartyIBAN)
        // The same file in UTF-8 reads the same.
        let utf8 = TestStatements.abo(lines: [.init(minor: 1_200_50, symbol: "0000202410", name: "Dvořáková Eva")], encoding: .utf8)
        #expect(try Self.read(utf8).get().lines[0].counterpartyName == "Dvořáková Eva")
    }

    @Test func brokenABOFilesAreRefusedByLine() throws {
        let good = String(decoding: TestStatements.abo(lines: [.init(minor: 1_00)], encoding: .utf8), as: UTF8.self)
        let header = good.components(separatedBy: "\r\n")[0], line = good.components(separatedBy: "\r\n")[1]
        #expect(Self.read(line + "\r\n") == .failure(.unknownFormat), "a file must start with its header")
        #expect(ABOReader.read(Array((line + "\r\n").utf8)) == .failure(.noStatement))
        #expect(Self.read(header + "\r\n" + line.replacingOccurrences(of: "000000000100", with: "0000000001x0")) == .failure(.badLine(2)))
        #expect(Self.read(header + "\r\n" + String(line.prefix(50))) == .failure(.badLine(2)))
        #expect(Self.read(header + "\r\n" + "099 what is this") == .failure(.badLine(2)))
        #expect(Self.read(header + "\r\n" + line + String(repeating: " ", count: 300)) == .failure(.badLine(2)))
        #expect(Self.read(header + "\r\n" + line.replacingOccurrences(of: "0800", with: "08\u{0}0")) == .failure(.badLine(2)))
        // A line of another account than its header's.
        #expect(Self.read(header + "\r\n" + line.replacingOccurrences(of: "0000002000145399", with: "0000002000145398"))
                == .failure(.badLine(2)))
        // Two accounts' statements in one file are refused; two days of one account are read as one.
        let other = String(decoding: TestStatements.abo(number: 13, account: "0000000123456789", lines: [.init(minor: 2_00)],
                                                        encoding: .utf8), as: UTF8.self)
        #expect(Self.read(good + other) == .failure(.severalStatements))
        let nextDay = String(decoding: TestStatements.abo(number: 13, lines: [.init(minor: 2_00)], encoding: .utf8), as: UTF8.self)
        let both = try? Self.read(good + nextDay).get()
        #expect(both?.lines.map(\.amount.minor) == [1_00, 2_00])
        #expect(both?.reference == "2000145399 #12 2026-11-19 – #13 2026-11-19 (2)")
        // 0x81 is no character of CP1250.
        #expect(StatementReader.read(Array((header + "\r\n").utf8) + [0x81]) == .failure(.wrongEncoding))
    }
}
