import Foundation
import PostgresNIO
import PropertyBased
import Testing
@testable import App

/// The rate reports' SQL states the definitions of `RateHistory`, `RateChange` and
/// `IncreaseSummary`; on generated people the two must give the same answers.
@Suite struct RateSQLAgreementTests {
    /// A generated person: their rates, when their one contract starts (a month offset from
    /// 2025-01) and how many months it lasts (nil: open-ended), and whether they are still active.
    struct Spec: Sendable {
        let rates: [Rate]
        let contractStart: Int
        let contractMonths: Int?
        let active: Bool
        let euro: Bool
    }

    static var spec: Generator<Spec, some Sequence & SendableMetatype> {
        zip(RateGenerators.history(count: 0...6), Gen.int(in: -3...20), Gen.int(in: 0...30), Gen.bool(0.8), Gen.bool(0.1))
            .map { rates, start, months, active, euro in
                // A few people change currency once, which is not an increase.
                let converted = euro ? rates.enumerated().map { index, rate in
                    index % 2 == 0 ? rate : Rate(effectiveFrom: rate.effectiveFrom, amountMinor: rate.amountMinor, currency: "EUR")
                } : rates
                return Spec(rates: converted, contractStart: start, contractMonths: months == 0 ? nil : months,
                            active: active, euro: euro)
            }
    }

    @Test func reportsAgreeWithThePureDefinitions() async {
        await propertyCheck(count: 3, input: Self.spec.array(of: 20...35)) { specs in
            try await withWorld { world in
                let tenant = world.admin.tenantID
                try await world.db.transaction(tenant: tenant) { connection in
                    try await Self.insert(specs, tenant: tenant, on: connection)
                    try await Self.compare(tenant: tenant, on: connection)
                }
            }
        }
    }

    static func insert(_ specs: [Spec], tenant: UUID, on connection: TenantConnection) async throws {
        for (index, spec) in specs.enumerated() {
            let user = try await UserQueries.upsert(
                email: "person\(index)@acme.example", firstName: "Person", lastName: "Generated \(index % 7)",
                title: "", roles: [.employee], on: connection)
            let start = Month(RateGenerators.origin).adding(months: spec.contractStart).first
            let end = spec.contractMonths.map { Month(start).adding(months: $0).first.adding(days: -1) }
            try await PeopleMutations.addContract(
                Contract(id: UUID(), kind: .ico, validFrom: start, validTo: end, capacityTenths: 400),
                for: user.id, actor: nil, on: connection)
            for rate in spec.rates {
                try await RateMutations.add(amountMinor: rate.amountMinor, currency: rate.currency, from: rate.effectiveFrom,
                                            for: user.id, actor: nil, notifying: nil, on: connection)
            }
            if !spec.active {
                try await UserQueries.setActive(false, user: user.id, on: connection)
            }
        }
    }

    /// Reads the raw rows back and works out every report in Swift, then asks SQL.
    static func compare(tenant: UUID, on connection: TenantConnection) async throws {
        var people: [UUID: (active: Bool, last: String, first: String)] = [:]
        for try await (id, active, last, first) in try await connection.query(
            "SELECT id, active, last_name, first_name FROM users WHERE tenant_id = \(tenant)"
        ).decode((UUID, Bool, String, String).self) {
            people[id] = (active, last, first)
        }
        var histories: [UUID: [Rate]] = [:]
        var contracts: [UUID: [Contract]] = [:]
        for id in people.keys {
            histories[id] = try await RateQueries.history(of: id, on: connection).map(\.rate)
            contracts[id] = try await PeopleQueries.contracts(of: id, on: connection)
        }
        func contracted(_ id: UUID, _ month: Month) -> Bool { contracts[id, default: []].contains { $0.overlaps(month) } }

        // Average increase, month by month.
        let first = Month(year: 2024, month: 12)!, last = Month(year: 2027, month: 1)!
        let fromSQL = try await RateReportQueries.monthlySummaries(
            from: first, to: last, currency: "CZK", on: connection)
        var month = first
        var expected: [IncreaseSummary] = []
        while month <= last {
            expected.append(IncreaseSummary.of(month, histories: histories, currency: "CZK", contracted: contracted))
            month = month.adding(months: 1)
        }
        #expect(fromSQL == expected)
        #expect(expected.map(\.employees).reduce(0, +) > 10, "the generated data has increases to average")

        // Rate increases: today, and for some months.
        let today = LocalDate(iso: "2026-03-15")!
        for month in [nil, Month(year: 2025, month: 1), Month(year: 2025, month: 6), Month(year: 2026, month: 2)] {
            var rows: [RateIncreaseRow] = []
            let filter = RateIncreaseFilter(month: month)
            var number = 1
            while true {
                // Noon of `today` in Prague (`RateIncreasesRead` takes the clock's instant).
                let noon = try #require(ISO8601DateFormatter().date(from: "\(today.iso)T11:00:00Z"))
                let request = PageRequest(number: number, size: RateReportQueries.pageSize)
                let read = try #require(try await connection.read(RateIncreasesRead(filter, page: request, now: noon)))
                let page = request.page(fetched: read.rows)
                rows += page.rows
                guard page.hasNext else { break }
                number += 1
            }
            var swift: [UUID: (current: Rate, change: RateChange?)] = [:]
            for (id, rates) in histories {
                if let month {
                    guard contracted(id, month), rates.contains(where: { Month($0.effectiveFrom) == month }),
                          let current = RateHistory.inEffect(rates, on: month.last) else { continue }
                    let before = RateHistory.inEffect(rates, on: month.first.adding(days: -1))
                    swift[id] = (current, before.flatMap { RateChange(from: $0, to: current) })
                } else {
                    guard people[id]!.active, let latest = RateChange.latest(in: rates, on: today) else { continue }
                    swift[id] = latest
                }
            }
            #expect(Set(rows.map(\.userID)) == Set(swift.keys), "the same people for \(month?.iso ?? "today")")
            #expect(rows.count == swift.count, "nobody twice")
            for row in rows {
                guard let expected = swift[row.userID] else { continue }
                #expect(row.current == expected.current)
                #expect(row.previousMinor == expected.change?.previous.amountMinor)
                #expect(row.increaseMinor == expected.change?.increaseMinor)
                #expect(row.increaseBasisPoints == expected.change?.increaseBasisPoints)
            }
            // Sorted by surname, then first name.
            let names = rows.map { (fold($0.lastName), fold($0.firstName)) }
            #expect(zip(names, names.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    }
}
