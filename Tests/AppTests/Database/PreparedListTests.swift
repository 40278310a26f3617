import Foundation
import PostgresNIO
import Testing
@testable import App

/// The list pages as first opened run prepared statements of their own (`OverviewMonthStatement`,
/// `DirectoryFirstPageStatement`, `RateIncreasesFirstPageStatement`); with any filter, a count or
/// another page they run the statement with filters. Both must give the same rows, in the same
/// order, and the first page must really be the prepared one.
@Suite struct PreparedListTests {
    static let month = Month(iso: "2026-09")!

    @Test func theFirstPagesAgreeWithTheStatementsWithFilters() async throws {
        try await withWorld { world in
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await Self.addPeople(30, on: db)
                let today = world.today

                let filter = InvoiceFilter(month: Self.month, state: nil, teamID: nil, search: "")
                let overview = try await OverviewQueries.rows(filter, limit: 26, offset: 0, timeZone: "Europe/Prague", on: db)
                let overviewWithFilters = try await OverviewQueries.rows(filter, limit: 27, offset: 0, timeZone: "Europe/Prague", on: db)
                #expect(overview.count == 26)
                #expect(overview == Array(overviewWithFilters.prefix(26)))
                #expect(try await Self.isPrepared(OverviewMonthStatement.name, on: db))

                let people = try await PeopleQueries.rows(PeopleFilter(), limit: 26, offset: 0, counting: false, today: today, on: db)
                let peopleWithCount = try await PeopleQueries.rows(PeopleFilter(), limit: 26, offset: 0, counting: true, today: today,
                                                                   on: db)
                #expect(people.rows.count == 26)
                #expect(people.rows.map(\.id) == peopleWithCount.rows.map(\.id))
                #expect(people.rows.map(\.contractKind) == peopleWithCount.rows.map(\.contractKind))
                #expect(try await Self.isPrepared(DirectoryFirstPageStatement.name, on: db))

                let increases = try await RateReportQueries.increases(RateIncreaseFilter(), limit: 26, offset: 0, counting: false,
                                                                      today: today, on: db)
                let increasesWithCount = try await RateReportQueries.increases(RateIncreaseFilter(), limit: 26, offset: 0,
                                                                               counting: true, today: today, on: db)
                #expect(increases.rows.count == 26)
                #expect(increases.rows.map(\.userID) == increasesWithCount.rows.map(\.userID))
                #expect(increases.rows.map(\.increaseMinor) == increasesWithCount.rows.map(\.increaseMinor))
                #expect(increases.rows.map(\.current) == increasesWithCount.rows.map(\.current))
                #expect(try await Self.isPrepared(RateIncreasesFirstPageStatement.name, on: db))

                let totals = try await OverviewQueries.totals(filter, on: db)
                // 1,000 + 2,000 + … + 30,000 Kč
                let submitted = try #require(totals.first { $0.state == .submitted })
                #expect(submitted.count == 30)
                #expect(submitted.sums == [InvoiceAmount(minor: 46_500_000, currency: "CZK")])
                #expect(try await Self.isPrepared(OverviewTotalsStatement.name, on: db))
            }
        }
    }

    /// People with names that sort differently with and without diacritics, each with a contract,
    /// two rates and an invoice for `month`.
    static func addPeople(_ count: Int, on db: TenantConnection) async throws {
        let surnames = ["Čapek", "Cibulka", "Adámek", "Žák", "Zeman", "Šťastný", "Svoboda", "Ondráček"]
        for index in 0..<count {
            let user = try await UserQueries.upsert(
                email: "listed\(index)@acme.example", firstName: index % 2 == 0 ? "Ája" : "Adam",
                lastName: "\(surnames[index % surnames.count]) \(index)", title: "", roles: [.employee], on: db)
            try await PeopleMutations.addContract(
                Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2025-01-01")!, validTo: nil, capacityTenths: 400),
                for: user.id, actor: nil, on: db)
            for (day, amount) in [("2025-01-01", 50_000 + Int64(index) * 100), ("2026-03-01", 55_000 + Int64(index) * 150)] {
                try await RateMutations.add(amountMinor: amount, currency: "CZK", from: LocalDate(iso: day)!, for: user.id,
                                            actor: nil, notifying: nil, on: db)
            }
            let upload = AcceptedUpload(
                filename: "faktura-\(index).pdf", content: TestPDF.invoice(["Faktura \(index)"]),
                report: InspectionReport(verdict: .ok, pages: 1, text: "Faktura \(index)\nCelkem k úhradě: \(index + 1) 000,00 Kč"))
            _ = try await InvoiceMutations.upload(upload, month: month, for: user.id, actor: user.id, on: db).get()
        }
    }

    /// Whether the transaction's connection holds the named prepared statement.
    static func isPrepared(_ name: String, on db: TenantConnection) async throws -> Bool {
        let rows = try await db.query("SELECT count(*)::int FROM pg_prepared_statements WHERE name = \(name)").collect()
        return try rows.first?.decode(Int.self) == 1
    }
}
