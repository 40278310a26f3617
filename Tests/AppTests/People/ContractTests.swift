import Foundation
import Testing
@testable import App

@Suite struct ContractTests {
    @Test func dayArithmeticAgreesWithTheGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let epoch = calendar.date(from: DateComponents(year: 1970, month: 1, day: 1))!
        // Every 13th day from 1900 to 2200, leap days and century years included.
        for offset in stride(from: -25_567, through: 84_000, by: 13) {
            let date = calendar.date(byAdding: .day, value: offset, to: epoch)!
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let day = LocalDate(daysSinceEpoch: offset)
            #expect((day.year, day.month, day.day) == (c.year!, c.month!, c.day!), "\(offset)")
            #expect(day.daysSinceEpoch == offset)
            #expect(day.adding(days: 400) == LocalDate(daysSinceEpoch: offset + 400))
        }
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil && LocalDate(year: 2100, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil && LocalDate(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDate(iso: "2026-11-30")!.adding(days: 1) == LocalDate(iso: "2026-12-01"))
        #expect(LocalDate(iso: "2026-02-30") == nil && LocalDate(iso: "2026-1a-01") == nil && LocalDate(iso: "2026/01/01") == nil)
        #expect(LocalDate(iso: " 2026-01-05 ") == LocalDate(year: 2026, month: 1, day: 5))
        #expect(Month(iso: "2026-13") == nil && Month(iso: "2026-x1") == nil && Month(iso: "2026-01") == Month(year: 2026, month: 1))
    }

    func contract(_ kind: ContractKind, _ from: String, _ to: String?) -> Contract {
        Contract(id: UUID(), kind: kind, validFrom: LocalDate(iso: from)!, validTo: to.flatMap(LocalDate.init(iso:)), capacityTenths: 400)
    }

    @Test func datesParseStrictly() {
        #expect(LocalDate(iso: "2026-02-28")?.iso == "2026-02-28")
        for bad in ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "", "2026-01-01T00:00"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
        #expect(Month(LocalDate(iso: "2024-02-10")!).last.iso == "2024-02-29")
        // Printed with leading zeros, without a format string.
        #expect(LocalDate(year: 2026, month: 3, day: 5)?.iso == "2026-03-05")
        #expect(Month(year: 2026, month: 9)?.iso == "2026-09" && Month(year: 2026, month: 12)?.iso == "2026-12")
        #expect(7.zeroPadded(2) == "07" && 123.zeroPadded(2) == "123" && (-5).zeroPadded(3) == "-005")
    }

    @Test func todayIsTheTenantsDay() {
        // 23:30 UTC on 31 May is already 1 June in Prague.
        let instant = ISO8601DateFormatter().date(from: "2026-05-31T23:30:00Z")!
        #expect(LocalDate.today(in: "Europe/Prague", now: instant).iso == "2026-06-01")
        #expect(LocalDate.today(in: "UTC", now: instant).iso == "2026-05-31")
    }

    @Test func overlapIsInclusiveOfBothEnds() {
        let a = contract(.dpp, "2024-01-01", "2024-06-30")
        #expect(a.overlaps(contract(.ico, "2024-06-30", nil)))
        #expect(!a.overlaps(contract(.ico, "2024-07-01", nil)))
        #expect(contract(.ico, "2024-07-01", nil).overlaps(contract(.hpp, "2030-01-01", nil)))
        #expect(!contract(.ico, "2025-01-01", nil).overlaps(a))
    }

    @Test func contractorInAMonth() {
        let history = [contract(.ico, "2024-07-15", nil), contract(.dpp, "2024-01-01", "2024-07-14")]
        #expect(ContractHistory.isContractor(history, in: Month(year: 2024, month: 7)!))
        #expect(!ContractHistory.isContractor(history, in: Month(year: 2024, month: 6)!))
        #expect(ContractHistory.current(history, on: LocalDate(iso: "2024-07-14")!)?.kind == .dpp)
        #expect(ContractHistory.current(history, on: LocalDate(iso: "2023-12-31")!) == nil)
    }

    @Test func capacityIsExact() {
        #expect(ContractHistory.parseCapacity("37,5") == 375)
        #expect(ContractHistory.parseCapacity("40") == 400)
        for bad in ["0", "81", "-1", "abc", "37.55", ""] { #expect(ContractHistory.parseCapacity(bad) == nil, "\(bad)") }
        #expect(ContractHistory.formatCapacity(375) == "37.5")
        #expect(ContractHistory.formatCapacity(400) == "40")
    }

    @Test func moneyPrintsExactly() {
        #expect(Money.format(minor: 100_050, currency: "CZK", language: .cs) == "1\u{00A0}000,50\u{00A0}Kč")
        #expect(Money.format(minor: 123_456_789, currency: "EUR", language: .en) == "EUR\u{00A0}1,234,567.89")
        #expect(Money.format(minor: 5, currency: "CZK", language: .en) == "CZK\u{00A0}0.05")
        #expect(Money.format(minor: -99_900, currency: "CZK", language: .cs) == "−999,00\u{00A0}Kč")
        // Groups at every width, zero, and the extremes of the type.
        #expect(Money.format(minor: 0, currency: "CZK", language: .cs) == "0,00\u{00A0}Kč")
        #expect(Money.format(minor: 99_999, currency: "USD", language: .en) == "USD\u{00A0}999.99")
        #expect(Money.format(minor: 100_000, currency: "USD", language: .en) == "USD\u{00A0}1,000.00")
        #expect(Money.format(minor: 1_000_000_00, currency: "EUR", language: .cs) == "1\u{00A0}000\u{00A0}000,00\u{00A0}EUR")
        #expect(Money.format(minor: -12_345_678_90, currency: "CZK", language: .en) == "CZK\u{00A0}−12,345,678.90")
        #expect(Money.format(minor: .min, currency: "CZK", language: .en) == "CZK\u{00A0}−92,233,720,368,547,758.08")
        #expect(Money.format(minor: .max, currency: "CZK", language: .cs)
                == "92\u{00A0}233\u{00A0}720\u{00A0}368\u{00A0}547\u{00A0}758,07\u{00A0}Kč")
        // A currency of any length and script is printed as it is.
        #expect(Money.format(minor: -1_234_56, currency: "€", language: .en) == "€\u{00A0}−1,234.56")
        #expect(Money.format(minor: 7, currency: "", language: .cs) == "0,07\u{00A0}")
        #expect(Money.format(minor: 123_456_7, currency: "Kčs<b>", language: .cs) == "12\u{00A0}345,67\u{00A0}Kčs<b>")
    }
}

@Suite struct ContractDatabaseTests {
    @Test func theDatabaseRefusesOverlappingContracts() async throws {
        try await withWorld { world in
            let eva = world.employee
            await #expect(throws: PeopleMutations.Refusal.contractOverlaps) {
                try await world.db.transaction(tenant: eva.tenantID) { connection in
                    try await PeopleMutations.addContract(
                        Contract(id: UUID(), kind: .dpp, validFrom: LocalDate(iso: "2025-01-01")!, validTo: LocalDate(iso: "2025-03-31"),
                                 capacityTenths: 100),
                        for: eva.id, actor: world.admin.id, on: connection)
                }
            }
            // Before the current one started, it fits.
            try await world.db.transaction(tenant: eva.tenantID) { connection in
                try await PeopleMutations.addContract(
                    Contract(id: UUID(), kind: .dpp, validFrom: LocalDate(iso: "2024-01-01")!, validTo: LocalDate(iso: "2024-08-31"),
                             capacityTenths: 100),
                    for: eva.id, actor: world.admin.id, on: connection)
            }
        }
    }
}
