import Foundation
import PostgresNIO
import Testing
@testable import App

/// Names that try to be markup or formulas, through the desk and both exports.
@Suite struct HostileNameExportTests {
    typealias R = ReviewRoutesTests
    static let slug = DemoData.slug
    static let first = "e\u{0301}<script>\"\u{0301}'&"
    static let last = "X\u{0600}<meta http-equiv=refresh content=0;url=//evil>"

    static func rename(_ world: TestWorld, _ user: User, first: String, last: String) async throws {
        _ = try await world.db.transaction(tenant: user.tenantID) {
            try await $0.query("UPDATE users SET first_name = \(first), last_name = \(last) WHERE id = \(user.id)")
        }
    }

    /// Whether the bytes hold these bytes (never `String.contains`, which compares Characters).
    static func has(_ data: Data, _ text: String) -> Bool { data.range(of: Data(text.utf8)) != nil }

    @Test func aNameThatTriesToBeMarkupIsTextOnTheDeskAndInThePaymentOrder() async throws {
        try await withWorld { world in
            try await Self.rename(world, world.employee, first: Self.first, last: Self.last)
            let id = try await R.submit(world, world.employee, R.october,
                                        [R.text(amount: 10_000), "Bankovní účet: 19-2000145399/0800", "VS: 202510"])
            var jana = try await world.signedIn(world.admin)
            let desk = try await jana.get(Paths.reviewDesk(Self.slug, month: R.october, state: .submitted))
            #expect(desk.status == .ok)
            // (The page's own head has <meta charset> and the desk its <script src>: the name's are these.)
            for markup in ["<meta http-equiv", "<script>", "\"\u{0301}", "'&"] {
                #expect(!Self.has(desk.bytes, markup), "\(markup.debugDescription) on the desk")
            }
            let escapedName = "e\u{0301}&lt;script&gt;&quot;\u{0301}&#39;&amp; X\u{0600}&lt;meta http-equiv=refresh content=0;url=//evil&gt;"
            #expect(Self.has(desk.bytes, ">\(escapedName)</label>"))
            #expect(Self.has(desk.bytes, " \(escapedName)\">"), "the reason field's label names the row")
            // The invoice page and the result page print it as text too.
            let page = try await jana.get(Paths.invoice(Self.slug, id))
            #expect(!Self.has(page.bytes, "<meta http-equiv") && !Self.has(page.bytes, "<script>"))
            let result = try await R.apply(&jana, action: "approve", picks: ["\(id):1"], csrfFrom: desk)
            #expect(result.body.contains("1 approved"))
            #expect(!Self.has(result.bytes, "<meta http-equiv") && !Self.has(result.bytes, "<script>"))
            let pay = try await jana.get(Paths.reviewDesk(Self.slug, month: R.october, state: .approved))
            #expect(!Self.has(pay.bytes, "<meta http-equiv") && !Self.has(pay.bytes, "<script>"))
            // The payment order is valid, and the creditor's name is the name, exactly.
            _ = try await jana.post(Paths.paymentSettings(Self.slug),
                                    form: ["debtorName": "Acme & <Sons>", "iban": "CZ6508000000192000145399"], csrfFrom: pay)
            let xml = try await R.export(&jana, format: "xml", picks: ["\(id):2"], csrfFrom: pay)
            #expect(xml.status == .ok)
            try R.validatePain001(xml.bytes)
            let script = """
                import json, sys, xml.etree.ElementTree as ET
                ns = {'p': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03'}
                root = ET.fromstring(sys.stdin.buffer.read())
                print(json.dumps([e.text for e in root.iterfind('.//p:Cdtr/p:Nm', ns)] + [root.find('.//p:Dbtr/p:Nm', ns).text]))
                """
            let names = try JSONDecoder().decode([String].self, from: R.runSync(["/usr/bin/python3", "-c", script], input: xml.bytes))
            #expect(names.map { Array($0.unicodeScalars) } == [Array((Self.first + " " + Self.last).unicodeScalars),
                                                               Array("Acme & <Sons>".unicodeScalars)])
        }
    }

    @Test func aNameThatTriesToBeAFormulaStaysOneTextCellInCzechExcel() async throws {
        try await withWorld { world in
            try await Self.rename(world, world.employee, first: "=1+1", last: "Dvořák;=cmd|' /C calc'!A0")
            try await Self.rename(world, world.leader, first: "@SUM(A1)", last: "Svoboda, \"Petr\"\t-2")
            let a = try await R.submit(world, world.employee, R.october, [R.text(amount: 10_000), "VS: 1"])
            let b = try await R.submit(world, world.leader, R.october, [R.text(amount: 20_000), "VS: 2"])
            var jana = try await world.signedIn(world.admin)
            let desk = try await jana.get(Paths.reviewDesk(Self.slug, month: R.october, state: .submitted))
            _ = try await R.apply(&jana, action: "approve", picks: ["\(a):1", "\(b):1"], csrfFrom: desk)
            let csv = try await R.export(&jana, format: "csv", picks: ["\(a):2", "\(b):2"], csrfFrom: desk)
            #expect(csv.status == .ok)
            // Read as RFC 4180 says: the names come back whole, behind the quote mark.
            let rows = try R.parseCSV(csv.bytes)
            #expect(Set(rows.dropFirst().map { $0[0] }) == ["'=1+1 Dvořák;=cmd|' /C calc'!A0",
                                                            "'@SUM(A1) Svoboda, \"Petr\"\t-2"])
            // Read as Czech Excel does (";" between cells): no cell starts a formula.
            let script = "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline=''), delimiter=';'))))"
            let cells = try JSONDecoder().decode([[String]].self, from: R.runSync(["/usr/bin/python3", "-c", script], input: csv.bytes))
            for cell in cells.joined() {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(where: { cell.unicodeScalars.first.map(String.init) == $0 }),
                        "\(cell.debugDescription) starts a formula")
            }
        }
    }
}
