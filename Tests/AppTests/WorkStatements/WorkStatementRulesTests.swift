import Foundation
import PropertyBased
import Testing
@testable import App

/// The statement of an employee's month, as pure code: its lines add up to `Earnings.expected`
/// exactly, it counts only employee days, and its name and table survive hostile names.
@Suite struct WorkStatementRulesTests {
    static let november = Month(year: 2026, month: 11)!

    static func contract(_ kind: ContractKind, _ from: String, _ to: String? = nil, tenths: Int = 400) -> Contract {
        Contract(id: UUID(), kind: kind, validFrom: LocalDate(iso: from)!, validTo: to.flatMap(LocalDate.init(iso:)), capacityTenths: tenths)
    }

    static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// Entries as a month of approved hours would have them: the approved seconds are their days' sums.
    static func input(_ entries: [WorkStatementEntry], contracts: [Contract], rates: [Rate], month: Month = november,
                      absences: [Absence] = []) -> WorkStatementInput {
        let byDay = Dictionary(entries.map { ($0.day, $0.seconds) }, uniquingKeysWith: +)
        return WorkStatementInput(name: "Nováková Jana", month: month, contracts: contracts, rates: rates,
                                  time: TimeBasis(approvedSeconds: byDay.isEmpty ? nil : byDay, absences: absences), entries: entries)
    }

    @Test func aMonthOfHoursListsEachDayAndProjectAndAddsUpToTheEarnings() {
        let rates = [Rate(effectiveFrom: Self.day("2026-01-01"), amountMinor: 333_33, currency: "CZK"),
                     Rate(effectiveFrom: Self.day("2026-11-16"), amountMinor: 400_00, currency: "CZK")]
        let entries = [
            WorkStatementEntry(day: Self.day("2026-11-16"), project: "Web", client: "Globus", seconds: 3 * 3600),
            WorkStatementEntry(day: Self.day("2026-11-02"), project: "Web", client: "Globus", seconds: 7 * 3600 + 1),
            WorkStatementEntry(day: Self.day("2026-11-02"), project: "App", client: "Kofola", seconds: 1800),
        ]
        let vacation = Absence(id: UUID(), userID: UUID(), kind: .vacation, first: Self.day("2026-11-19"), last: Self.day("2026-11-22"),
                               halfDay: false, note: "", status: .approved, decidedBy: nil, reason: nil)
        let statement = WorkStatementRules.build(Self.input(entries, contracts: [Self.contract(.hpp, "2026-01-01")], rates: rates,
                                                            absences: [vacation]), t: TestTranslator.en)
        let expected = Earnings.expected(in: Self.november, contracts: [Self.contract(.hpp, "2026-01-01")], rates: rates,
                                         time: Self.input(entries, contracts: [], rates: rates).time)
        #expect(statement.earnings == expected && expected.basis == .hours)
        #expect(statement.seconds == 10 * 3600 + 1801)
        let rows = statement.table.rows
        // By day, then project; then the vacation's working days (the 19th and 20th; the 21st and
        // 22nd are a weekend); then the total.
        #expect(rows.map { $0.first } == [.date("2026-11-02"), .date("2026-11-02"), .date("2026-11-16"), .date("2026-11-19"),
                                          .date("2026-11-20"), nil, .text("Total")])
        #expect(rows[0][2] == .text("App") && rows[0][3] == .text("Kofola") && rows[0][4] == .hours(seconds: 1800) && rows[0][5] == .amount(333_33))
        #expect(rows[2][5] == .amount(400_00) && rows[2][6] == .amount(1_200_00))
        #expect(rows[3][2] == .text("Vacation") && rows[3][6] == .empty)
        let lines = rows.compactMap { row -> Int64? in if row.count == 7, case .amount(let a) = row[6], row[0] != .text("Total") { a } else { nil } }
        #expect(lines.reduce(0, +) == expected.amountMinor)
        #expect(rows.last == [.text("Total"), .empty, .empty, .empty, .hours(seconds: 10 * 3600 + 1801), .empty, .amount(expected.amountMinor)])
        #expect(statement.table.preamble[0] == [.text("Person"), .text("Nováková Jana")])
        #expect(statement.table.preamble[2] == [.text("Contract"), .text("Employment (HPP)")])
    }

    /// Whatever the hours and the rates, the rounded lines add up to the one total, and none is off
    /// its exact share by a whole minor unit or more.
    @Test func linesAlwaysAddUpToTheTotal() async {
        let entry = zip(Gen.int(in: 1...30), Gen.int(in: 1...(12 * 3600)), Gen.int(in: 0...3))
        await propertyCheck(count: 300, input: entry.array(of: 0...40), RateGenerators.history(count: 1...5)) { picks, rates in
            let entries = picks.map { day, seconds, project in
                WorkStatementEntry(day: Self.november.first.adding(days: day - 1), project: "P\(project)", client: nil, seconds: seconds)
            }
            let contracts = [Self.contract(.dpp, "2026-11-05", "2026-11-25")]
            let statement = WorkStatementRules.build(Self.input(entries, contracts: contracts, rates: rates), t: TestTranslator.cs)
            var sum: Int64 = 0
            for row in statement.table.rows.dropLast(2) {
                guard case .hours(let seconds) = row[4], case .date(let iso) = row[0] else { continue }
                if case .amount(let amount) = row[6], let rate = RateHistory.inEffect(rates, on: LocalDate(iso: iso)!) {
                    sum += amount
                    #expect(abs(amount * 3600 - Int64(seconds) * rate.amountMinor) < 2 * 3600)
                }
            }
            if statement.earnings.basis == .hours {
                #expect(sum == statement.earnings.amountMinor)
            }
            // Only the contract's days are listed.
            #expect(statement.seconds == entries.filter { (5...25).contains($0.day.day) }.reduce(0) { $0 + $1.seconds })
        }
    }

    @Test func withoutApprovedHoursTheContractedHoursCountAndNoLineHasAnAmount() {
        let rates = [Rate(effectiveFrom: Self.day("2026-01-01"), amountMinor: 250_00, currency: "CZK")]
        let statement = WorkStatementRules.build(Self.input([], contracts: [Self.contract(.hpp, "2026-01-01")], rates: rates),
                                                 t: TestTranslator.en)
        #expect(statement.earnings.basis == .capacity)
        #expect(statement.earnings == Earnings.expected(in: Self.november, contracts: [Self.contract(.hpp, "2026-01-01")], rates: rates))
        #expect(statement.table.rows.last?.last == .amount(statement.earnings.amountMinor))
        #expect(statement.table.preamble[3] == [.text("Basis"), .text("contracted hours less holidays and absences")])
    }

    @Test func onlyEmployeesMonthsNeedAStatementAndOnlyTheirDaysCount() {
        let ico = Self.contract(.ico, "2026-01-01", "2026-11-15"), hpp = Self.contract(.hpp, "2026-11-16")
        #expect(!WorkStatementRules.isRequired([ico], in: Self.november))
        #expect(WorkStatementRules.isRequired([ico, hpp], in: Self.november))
        #expect(!WorkStatementRules.isRequired([hpp], in: Month(year: 2026, month: 10)!))
        let rates = [Rate(effectiveFrom: Self.day("2026-01-01"), amountMinor: 100_00, currency: "CZK")]
        let entries = [WorkStatementEntry(day: Self.day("2026-11-10"), project: "Invoiced", client: nil, seconds: 3600),
                       WorkStatementEntry(day: Self.day("2026-11-17"), project: "Employed", client: nil, seconds: 7200)]
        let statement = WorkStatementRules.build(Self.input(entries, contracts: [ico, hpp], rates: rates), t: TestTranslator.en)
        #expect(statement.seconds == 7200 && statement.earnings.amountMinor == 200_00)
        #expect(!statement.table.rows.contains { $0.contains(.text("Invoiced")) })
    }

    @Test func theFileNameIsPlainWhateverTheName() {
        #expect(WorkStatementRules.filename(name: "Nováková Jana", month: Self.november) == "statement-2026-11-novakova-jana.xlsx")
        #expect(WorkStatementRules.filename(name: "../../etc/passwd\"; x=\r\n", month: Self.november)
            == "statement-2026-11-etc-passwd-x.xlsx")
        #expect(WorkStatementRules.filename(name: "李 雷", month: Self.november) == "statement-2026-11.xlsx")
        #expect(WorkStatementRules.filename(name: String(repeating: "a ", count: 10_000), month: Self.november).count < 200)
    }

    @Test func theTableIsKeptAndReadBackUnchanged() throws {
        let rates = [Rate(effectiveFrom: Self.day("2026-01-01"), amountMinor: 100_00, currency: "CZK")]
        let entries = [WorkStatementEntry(day: Self.day("2026-11-10"), project: "=cmd|' /C calc'!A0", client: "<b>", seconds: 3600)]
        let table = WorkStatementRules.build(Self.input(entries, contracts: [Self.contract(.dpc, "2026-01-01")], rates: rates),
                                             t: TestTranslator.cs).table
        #expect(try JSONDecoder().decode(ExportTable.self, from: JSONEncoder().encode(table)) == table)
        let sheet = try #require(try ExportTests.readXLSX(try XLSXFile.write([table])).values.first)
        // The preamble, a blank line, the header, then the line: the formula stays text.
        #expect(Array(sheet[0].prefix(3)) == [.text("Osoba"), .text("Nováková Jana"), .none])
        #expect(sheet[6].first == .text("Datum") && sheet[7][2] == .text("=cmd|' /C calc'!A0") && sheet[7][4] == .number(1))
    }
}
