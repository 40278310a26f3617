import Foundation
@testable import App

/// Bank statement files as banks write them, made in the tests: camt.053 in its second and
/// eighth versions, and ABO/GPC in CP1250.
enum TestStatements {
    struct Entry {
        var amount: String
        var currency = "CZK"
        var debit = true
        var booked = "2026-11-10"
        var symbol: String?
        var iban: String?
        var other: String?
        var name: String?
        var reference: String?
        var message: String?
        var status = "BOOK"
        var reversal = false
        /// A batch: the transactions' own amounts.
        var batch: [String] = []
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A camt.053 statement; `version` "02" writes `Sts` as text and names directly, "08" as codes and parties.
    static func camt(id: String = "STMT-2026-11", account: String = "CZ6508000000192000145399", entries: [Entry],
                     version: String = "02") -> String {
        let modern = version != "02"
        let body = entries.map { entry -> String in
            let status = modern ? "<Sts><Cd>\(entry.status)</Cd></Sts>" : "<Sts>\(entry.status)</Sts>"
            func party(_ tag: String, _ name: String?) -> String {
                guard let name else { return "" }
                return modern ? "<\(tag)><Pty><Nm>\(escaped(name))</Nm></Pty></\(tag)>" : "<\(tag)><Nm>\(escaped(name))</Nm></\(tag)>"
            }
            func details(amount: String?) -> String {
                let account = entry.iban.map { "<Id><IBAN>\($0)</IBAN></Id>" }
                    ?? entry.other.map { "<Id><Othr><Id>\($0)</Id></Othr></Id>" } ?? ""
                let side = entry.debit ? "Cdtr" : "Dbtr"
                return """
                    <TxDtls>
                      <Refs>\(entry.reference.map { "<AcctSvcrRef>\($0)</AcctSvcrRef>" } ?? "")<EndToEndId>\(entry.symbol ?? "NOTPROVIDED")</EndToEndId></Refs>
                      \(amount.map { "<AmtDtls><TxAmt><Amt Ccy=\"\(entry.currency)\">\($0)</Amt></TxAmt></AmtDtls>" } ?? "")
                      <RltdPties>\(party(side, entry.name))\(account.isEmpty ? "" : "<\(side)Acct>\(account)</\(side)Acct>")</RltdPties>
                      \(entry.message.map { "<RmtInf><Ustrd>\(escaped($0))</Ustrd></RmtInf>" } ?? "")
                    </TxDtls>
                    """
            }
            let transactions = entry.batch.isEmpty ? details(amount: nil) : entry.batch.map { details(amount: $0) }.joined()
            return """
                <Ntry>
                  <Amt Ccy="\(entry.currency)">\(entry.amount)</Amt>
                  <CdtDbtInd>\(entry.debit ? "DBIT" : "CRDT")</CdtDbtInd>
                  \(entry.reversal ? "<RvslInd>true</RvslInd>" : "")
                  \(status)
                  <BookgDt><Dt>\(entry.booked)</Dt></BookgDt>
                  <ValDt><Dt>\(entry.booked)</Dt></ValDt>
                  <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
                  <NtryDtls>\(transactions)</NtryDtls>
                </Ntry>
                """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.\(version)">
              <BkToCstmrStmt>
                <GrpHdr><MsgId>MSG-\(id)</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>
                <Stmt>
                  <Id>\(id)</Id>
                  <CreDtTm>2026-11-20T08:00:00</CreDtTm>
                  <FrToDt><FrDtTm>2026-11-01T00:00:00</FrDtTm><ToDtTm>2026-11-19T23:59:59</ToDtTm></FrToDt>
                  <Acct><Id><IBAN>\(account)</IBAN></Id><Ccy>CZK</Ccy></Acct>
                  \(body)
                </Stmt>
              </BkToCstmrStmt>
            </Document>
            """
    }

    struct ABOLine {
        var minor: Int64
        /// 1 debit, 2 credit, 4 reversed debit, 5 reversed credit.
        var code = "1"
        var counterparty = "0000192000145399"
        var bank = "0800"
        var symbol = "0000000000"
        var name = ""
        var currency = "0203"
        var booked = "101126"
        var messages: [String] = []
    }

    static func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
        let cut = String(text.prefix(width))
        let fill = String(repeating: " ", count: width - cut.count)
        return left ? fill + cut : cut + fill
    }

    static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// An ABO/GPC statement, its text in CP1250 (or `encoding`) with CRLF line ends.
    static func abo(number: Int = 12, account: String = "0000002000145399", name: String = "Acme s.r.o.",
                    lines: [ABOLine], encoding: String.Encoding = .windowsCP1250) -> Data {
        var records = [
            "074" + account + padded(name, 20) + "011126" + digits(100_000_00, 14) + "+" + digits(50_000_00, 14) + "+"
                + digits(lines.filter { $0.code == "1" }.map(\.minor).reduce(0, +), 14) + "0"
                + digits(0, 14) + "0" + digits(Int64(number), 3) + "191126" + String(repeating: " ", count: 14),
        ]
        for (index, line) in lines.enumerated() {
            records.append("075" + account + line.counterparty + digits(Int64(index + 1), 13) + digits(line.minor, 12) + line.code
                           + line.symbol + "00" + line.bank + "0308" + "0000000000" + line.booked + padded(line.name, 20)
                           + "0" + line.currency + line.booked)
            for message in line.messages { records.append("078" + padded(message, 125)) }
        }
        let text = records.joined(separator: "\r\n") + "\r\n"
        return cp1250(text, encoding: encoding)
    }

    /// The text in CP1250 (or another encoding), by Foundation's own encoder, not Roster's table.
    static func cp1250(_ text: String, encoding: String.Encoding = .windowsCP1250) -> Data {
        text.data(using: encoding)!
    }
}
