import Foundation
import PostgresNIO
import Testing
@testable import App

/// A page's read is a named prepared statement, inside a transaction too (`PageRead`); the
/// people the list pages' tests seed (`PageReadTests`).
@Suite struct PreparedListTests {
    static let month = Month(iso: "2026-09")!

    @Test func aPageReadInATransactionIsPrepared() async throws {
        try await withWorld { world in
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await Self.addPeople(3, on: db)
                let read = OverviewRead(month: Self.month, state: nil, teamID: nil, search: "", limit: 26, offset: 0, now: Date())
                #expect(try await db.read(read, viewer: world.admin.id)?.rows.count == 3)
                let statements = OverviewRead.sql.statements[OverviewRead.sql.place(of: read.shape)]
                #expect(try await Self.isPrepared(statements.name + "_tx", on: db))
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
