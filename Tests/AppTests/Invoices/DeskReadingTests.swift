import Foundation
import PostgresNIO
import Testing
@testable import App

/// The desk is read in two halves at once, on the request's connection and another one
/// (`DeskReading.read(month:state:on:alongside:)`): the same rows in the same order, with the same
/// lines, as one transaction reads; the tenant's rows only; and without a second connection free,
/// the request's own connection reads both halves.
@Suite struct DeskReadingTests {
    static let month = PreparedListTests.month

    @Test func twoHalvesAtOnceReadWhatOneTransactionReadsInTheDesksOrder() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            try await world.db.transaction(tenant: acme) { try await PreparedListTests.addPeople(30, on: $0) }
            // Another company's invoices of the same month are never on this desk.
            try await world.db.transaction(tenant: world.otherAdmin.tenantID) { try await PreparedListTests.addPeople(4, on: $0) }
            let (whole, halves, parts, order) = try await world.db.transaction(tenant: acme, readOnly: true) { db in
                (try await DeskReading.read(month: Self.month, state: .submitted, on: db),
                 try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: world.db),
                 [try await ReviewQueries.desk(month: Self.month, state: .submitted, part: DeskPart(index: 0, count: 2), on: db),
                  try await ReviewQueries.desk(month: Self.month, state: .submitted, part: DeskPart(index: 1, count: 2), on: db)],
                 try await db.query("""
                     SELECT i.id FROM invoices i JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
                     WHERE i.tenant_id = \(db.tenant) AND i.month = \(Self.month.first.iso)::date AND i.state = 'submitted'
                     ORDER BY u.sort_last, u.sort_first, i.id
                     """).collect().map { try $0.decode(UUID.self) })
            }
            #expect(whole.rows.count == 30)
            // Both halves hold invoices (30 random ids, each half by the id's last byte).
            #expect(parts.allSatisfy { !$0.isEmpty } && parts.map(\.count).reduce(0, +) == 30)
            #expect(Set(parts[0].map(\.row.id)).isDisjoint(with: parts[1].map(\.row.id)))
            // The desk's order is the people's sort keys (Čapek between Adámek and Cibulka).
            #expect(whole.rows.map(\.id) == order)
            #expect(halves.rows == whole.rows)
            #expect(Set(halves.people.keys) == Set(whole.people.keys) && halves.people.count == 30)
            #expect(halves.rows.map { halves.line($0, viewer: world.admin.id) } == whole.rows.map { whole.line($0, viewer: world.admin.id) })
            #expect(halves.rows.allSatisfy { row in whole.people[row.userID]?.rates.isEmpty == false })
        }
    }

    @Test func withoutASecondConnectionTheRequestsConnectionReadsBothHalves() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            try await world.db.transaction(tenant: acme) { try await PreparedListTests.addPeople(12, on: $0) }
            let pool = DatabasePool(url: try world.database.appURL, maxConnections: 1, waitTimeout: .seconds(60),
                                    logger: TestPostgres.logger)
            pool.start()
            defer { pool.shutdown() }
            let single = App.Database(pool: pool, logger: TestPostgres.logger)
            let (whole, halves) = try await single.transaction(tenant: acme, readOnly: true) { db in
                (try await DeskReading.read(month: Self.month, state: .submitted, on: db),
                 try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: single))
            }
            #expect(whole.rows.count == 12)
            #expect(halves.rows == whole.rows)
            #expect(halves.rows.map { halves.line($0, viewer: world.admin.id) } == whole.rows.map { whole.line($0, viewer: world.admin.id) })
        }
    }

    @Test func anEmptyHalfKeepsTheCompanysDaysOffAndTolerance() {
        var bases = TimeBases()
        bases.toleranceBP = 250
        let empty = DeskReading.PartReading(rows: [], people: [:], time: nil)
        let read = DeskReading.PartReading(rows: [], people: [:], time: bases)
        #expect(DeskReading.merged([empty, read]).time.toleranceBP == 250)
        #expect(DeskReading.merged([read, empty]).time.toleranceBP == 250)
    }
}

extension DeskReading {
    /// The whole desk in the one transaction `db`: what the halves are checked against.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection) async throws -> DeskReading {
        merged([try await part(.whole, month: month, state: state, on: db)])
    }
}
