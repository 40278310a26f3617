import Foundation
import Testing
@testable import App

/// The downloads: CSV as Czech spreadsheet programs read it, XLSX re-read by openpyxl with the
/// figures of the page, for admins of the company only, with the page's filters.
@Suite struct ExportTests {
    /// Python's csv module with `;` (after the byte-order mark).
    static func readCSV(_ bytes: Data) throws -> [[String]] {
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "a byte-order mark")
        let script = "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline=''), delimiter=';'))))"
        return try JSONDecoder().decode([[String]].self, from: try ReviewRoutesTests.runSync(["/usr/bin/python3", "-c", script], input: bytes))
    }

    /// openpyxl reads every sheet: each cell as JSON (numbers as numbers), with the sheets' names.
    static func readXLSX(_ bytes: Data) throws -> [String: [[XLSXValue]]] {
        let python = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_PYTHON"],
                                  "ROSTER_TEST_PYTHON is not set: run the tests with scripts/test")
        let script = """
            import io, json, sys, openpyxl
            book = openpyxl.load_workbook(io.BytesIO(sys.stdin.buffer.read()), read_only=True)
            print(json.dumps({s.title: [[c for c in row] for row in s.iter_rows(values_only=True)] for s in book.worksheets}))
            """
        return try JSONDecoder().decode([String: [[XLSXValue]]].self, from: try ReviewRoutesTests.runSync([python, "-c", script], input: bytes))
    }

    enum XLSXValue: Decodable, Equatable {
        case text(String), number(Double), none
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .none } else if let number = try? container.decode(Double.self) { self = .number(number) }
            else { self = .text(try container.decode(String.self)) }
        }
    }

    @Test func csvQuotesNeutralisesAndUsesDecimalCommas() throws {
        let table = ExportTable(name: "x", columns: ["Name", "Amount"], rows: [
            [.text("=HYPERLINK(\"http://evil\")"), .amount(-5_05)],
            [.text("Nováková; Jana"), .amount(123_456_78)],
            [.text("+420 123"), .percentHundredths(588)],
            [.text("a\r\nb"), .empty],
        ])
        let csv = ExportCSV.write(table)
        #expect(csv.hasPrefix("\u{FEFF}Name;Amount\r\n"))
        let rows = try Self.readCSV(Data(csv.utf8))
        #expect(rows == [["Name", "Amount"], ["'=HYPERLINK(\"http://evil\")", "-5,05"], ["Nováková; Jana", "123456,78"],
                         ["'+420 123", "5,88"], ["a\r\nb", ""]])
    }

    @Test func xlsxKeepsTextAsTextAndNumbersAsNumbers() throws {
        let table = ExportTable(name: "Faktury: 2026/10 [x]", columns: ["Jméno", "Částka"], rows: [
            [.text("=1+1"), .amount(123_456_78)],
            [.text("Žluťoučký kůň \u{7}"), .integer(3)],
        ])
        let sheets = try Self.readXLSX(try XLSXFile.write([table, table]))
        #expect(Set(sheets.keys) == ["Faktury 202610 x", "Faktury 202610 x 2"])
        #expect(sheets["Faktury 202610 x"] == [[.text("Jméno"), .text("Částka")], [.text("=1+1"), .number(123_456.78)],
                                                [.text("Žluťoučký kůň "), .number(3)]])
    }

    @Test func everyReportDownloadsWithThePagesFiguresForAdminsOnly() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            // The overview's download link carries its filters.
            let overview = try await admin.get(Paths.reviewOverview("acme") + "?month=2024-10&q=Dvo")
            let link = Paths.export("acme", .invoices, format: .xlsx, filters: ExportFilters(month: "2024-10", q: "Dvo"))
            #expect(overview.body.contains(#"href="\#(link.replacingOccurrences(of: "&", with: "&amp;"))""#))
            let xlsx = try await admin.get(link)
            #expect(xlsx.status == .ok && xlsx.headers.first(name: .contentDisposition) == "attachment; filename=\"invoices-2024-10.xlsx\"")
            let sheet = try #require(try Self.readXLSX(xlsx.bytes).values.first)
            #expect(sheet.count == 2 && sheet[1].first == .text("Eva Dvořáková") && sheet[1][4] == .number(1_000))
            let csv = try await admin.get(Paths.export("acme", .invoices, format: .csv, filters: ExportFilters(month: "2024-10")))
            let line = try Self.readCSV(csv.bytes)[1]
            #expect(line[0] == "Eva Dvořáková" && Array(line[2...5]) == ["2024-10", "Submitted", "1000,00", "CZK"], "\(line)")
            // The directory, filtered as the page is.
            let people = try Self.readCSV(try await admin.get(Paths.export("acme", .people, format: .csv,
                                                                           filters: ExportFilters(q: "Svob", status: "all"))).bytes)
            #expect(people.count == 2 && people[1][0] == "Svoboda")
            #expect(try await admin.get(Paths.people("acme")).body.contains("/export/people?format=csv"))
            // The rate reports.
            let increases = try Self.readCSV(try await admin.get(Paths.export("acme", .rateIncreases, format: .csv,
                                                                              filters: ExportFilters())).bytes)
            #expect(increases.count == 4 && increases[0].count == 9)
            let average = try Self.readXLSX(try await admin.get(Paths.export("acme", .averageIncrease, format: .xlsx,
                                                                             filters: ExportFilters(month: "2025-09"))).bytes)
            #expect(average.values.first?.count == 13, "a header and twelve months")
            // Nobody else; no other company's rows; bad input.
            for user in [world.leader, world.employee] {
                var browser = try await world.signedIn(user)
                for report in ExportReport.allCases {
                    #expect(try await browser.get(Paths.export("acme", report, format: .csv, filters: ExportFilters())).status == .forbidden)
                }
            }
            var globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            let theirs = try await globex.get(Paths.export("globex", .people, format: .csv, filters: ExportFilters(status: "all")))
            let names = String(decoding: theirs.bytes, as: UTF8.self)
            #expect(names.contains("Malá") && !names.contains("Dvořáková") && !names.contains("Nováková"))
            #expect(try await admin.get("/t/acme/export/salaries?format=csv").status == .notFound)
            #expect(try await admin.get("/t/acme/export/people?format=pdf").status == .badRequest)
            #expect(try await admin.get("/t/acme/export/invoices?format=csv&month=2026-13&team=nope&state=%3Cx%3E").status == .ok)
            let nul = try await admin.get("/t/acme/export/invoices?format=csv&q=%00").status
            #expect(nul.code >= 400 && nul.code < 500, "\(nul)")
            // The API gives the same file.
            let api = try await APIClient.signIn(world, world.admin)
            let viaAPI = try await api.get("/exports/invoices?format=csv&month=2024-10")
            #expect(viaAPI.status == .ok && viaAPI.bytes == csv.bytes)
            let unknown = try await api.get("/exports/nothing").status
            #expect(unknown == .notFound || unknown == .badRequest, "\(unknown)")
            let employee = try await APIClient.signIn(world, world.employee)
            #expect(try await employee.get("/exports/people").status == .forbidden)
        }
    }

    /// A workbook of many people of one long name: every sheet name stays within the format's 31
    /// characters and unique, so the file is written (libxlsxwriter refuses a longer name).
    @Test func manySheetsOfOneLongNameAreAllNamed() throws {
        let name = String(repeating: "Nováková-Dvořáková ", count: 3)
        var used: Set<String> = []
        let names = (0..<1_200).map { _ in XLSXFile.sheetName(name, used: &used) }
        #expect(names.allSatisfy { $0.unicodeScalars.count <= 31 } && Set(names.map { $0.lowercased() }).count == 1_200)
        let tables = (0..<120).map { _ in ExportTable(name: name, columns: ["a"], rows: [[.integer(1)]]) }
        #expect(try Self.readXLSX(try XLSXFile.write(tables)).count == 120)
    }
}
