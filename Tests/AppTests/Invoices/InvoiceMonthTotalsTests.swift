import Foundation
import PostgresNIO
import Testing
@testable import App

/// The counts and sums of a month's invoices per state and currency, kept by the invoices'
/// triggers (`0030_invoice_month_totals.sql`), against the aggregate over the invoices.
@Suite struct InvoiceMonthTotalsTests {
    typealias Totals = [String: (count: Int, sum: Int64?)]

    /// Per "state currency" of the month: as kept (`InvoiceMonthTotalsSQL`) and as summed now.
    static func totals(_ world: TestWorld, tenant: UUID, month: String) async throws -> (kept: Totals, summed: Totals) {
        try await world.db.transaction(tenant: tenant) { db in
            var kept: Totals = [:], summed: Totals = [:]
            let keptSQL = InvoiceMonthTotalsSQL.select(tenant: "$1", month: "$2::date")
            for try await (state, currency, count, sum) in try await db.query(
                PostgresQuery(unsafeSQL: keptSQL, binds: .of(db.tenant, month))
            ).decode((String, String?, Int, Int64?).self) {
                kept["\(state) \(currency ?? "-")"] = (count, sum)
            }
            for try await (state, currency, count, sum) in try await db.query("""
                SELECT state::text, currency, count(*)::int, sum(amount_minor)::bigint FROM invoices
                WHERE tenant_id = \(db.tenant) AND month = \(month)::date GROUP BY state, currency
                """).decode((String, String?, Int, Int64?).self) {
                summed["\(state) \(currency ?? "-")"] = (count, sum)
            }
            return (kept, summed)
        }
    }

    static func expectAgree(_ totals: (kept: Totals, summed: Totals), sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(totals.kept.keys.sorted() == totals.summed.keys.sorted(), sourceLocation: sourceLocation)
        for (key, summed) in totals.summed {
            #expect(totals.kept[key]?.count == summed.count && totals.kept[key]?.sum == summed.sum, "\(key)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The changes not yet folded into the totals, of the tenant.
    static func unfolded(_ world: TestWorld, tenant: UUID) async throws -> Int {
        try await world.db.transaction(tenant: tenant) { db in
            try await db.query("SELECT count(*)::int FROM invoice_month_total_changes WHERE tenant_id = \(db.tenant)")
                .collect()[0].decode(Int.self)
        }
    }

    /// An invoice of `user` for `month` with a document reading `minor` in `currency`.
    @discardableResult
    static func invoice(of user: UUID, month: String, minor: Int64?, currency: String?, on db: TenantConnection) async throws -> UUID {
        let invoice = UUID(), document = UUID()
        try await db.query("""
            INSERT INTO invoices (tenant_id, id, user_id, month, document_id)
            VALUES (\(db.tenant), \(invoice), \(user), \(month)::date, \(document))
            """)
        try await InvoiceAmountCopyTests.addDocument(document, of: invoice, version: 1, minor: minor, currency: currency,
                                                     by: user, on: db)
        return invoice
    }

    /// Leaves a change of the totals unfolded, as a writer does that finds another folding: one of
    /// the company's invoices moved to another state while another transaction holds the fold.
    static func leaveUnfoldedChange(_ world: TestWorld, tenant: UUID) async throws {
        try await world.db.transaction(tenant: tenant) { holder in
            _ = try await holder.query("""
                SELECT pg_advisory_xact_lock(hashtextextended('invoice-month-totals:' || \(holder.tenant)::text, 0))
                """).collect()
            try await world.db.transaction(tenant: tenant) { writer in
                _ = try await writer.query("""
                    UPDATE invoices SET state = CASE state WHEN 'submitted' THEN 'returned' ELSE 'submitted' END::invoice_state,
                                        version = version + 1
                    WHERE tenant_id = \(writer.tenant) AND id = (SELECT id FROM invoices WHERE tenant_id = \(writer.tenant) ORDER BY id LIMIT 1)
                    """).collect()
            }
        }
    }

    static func run(_ world: TestWorld, tenant: UUID, _ sql: PostgresQuery) async throws {
        try await world.db.transaction(tenant: tenant) { db in _ = try await db.query(sql).collect() }
    }

    @Test func everyWriteOfInvoicesKeepsTheMonthsTotals() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, month = "2026-08-01"
            let (eva, petr) = try await world.db.transaction(tenant: tenant) { db in
                (try await Self.invoice(of: world.employee.id, month: month, minor: 1_000_00, currency: "CZK", on: db),
                 try await Self.invoice(of: world.leader.id, month: month, minor: nil, currency: nil, on: db))
            }
            var totals = try await Self.totals(world, tenant: tenant, month: month)
            Self.expectAgree(totals)
            #expect(totals.kept["submitted CZK"]?.count == 1 && totals.kept["submitted CZK"]?.sum == 1_000_00)
            #expect(totals.kept["submitted -"]?.count == 1 && totals.kept["submitted -"]?.sum == nil)
            // Both approved in one statement; then one statement that changes none of the four.
            try await Self.run(world, tenant: tenant, """
                UPDATE invoices SET state = 'approved', version = version + 1 WHERE tenant_id = \(tenant) AND id IN (\(eva), \(petr))
                """)
            try await Self.run(world, tenant: tenant, "UPDATE invoices SET version = version + 1 WHERE tenant_id = \(tenant) AND id = \(eva)")
            totals = try await Self.totals(world, tenant: tenant, month: month)
            Self.expectAgree(totals)
            #expect(totals.kept["approved CZK"]?.count == 1 && totals.kept["submitted CZK"] == nil)
            // Petr's amount read in euros (the document's trigger updates the invoice), then paid.
            try await world.db.transaction(tenant: tenant) { db in
                let document = UUID()
                try await InvoiceAmountCopyTests.addDocument(document, of: petr, version: 2, minor: 50_00, currency: "EUR",
                                                             by: world.leader.id, on: db)
                try await db.query("UPDATE invoices SET document_id = \(document) WHERE tenant_id = \(db.tenant) AND id = \(petr)")
            }
            try await Self.run(world, tenant: tenant, "UPDATE invoices SET state = 'paid' WHERE tenant_id = \(tenant) AND id = \(petr)")
            totals = try await Self.totals(world, tenant: tenant, month: month)
            Self.expectAgree(totals)
            #expect(totals.kept["paid EUR"]?.count == 1 && totals.kept["paid EUR"]?.sum == 50_00)
            #expect(totals.kept["approved -"] == nil)
            // An invoice written and deleted before its document (documents are append-only: only
            // an erasure deletes invoices that have one).
            try await world.db.transaction(tenant: tenant) { db in
                let ghost = UUID()
                _ = try await db.query("""
                    INSERT INTO invoices (tenant_id, id, user_id, month, document_id, amount_minor, currency)
                    VALUES (\(db.tenant), \(ghost), \(world.admin.id), \(month)::date, \(UUID()), 500, 'CZK')
                    """).collect()
                _ = try await db.query("DELETE FROM invoices WHERE tenant_id = \(db.tenant) AND id = \(ghost)").collect()
            }
            totals = try await Self.totals(world, tenant: tenant, month: month)
            Self.expectAgree(totals)
            #expect(totals.kept.count == 2)
            // One writer at a time folds at once: nothing is left over.
            #expect(try await Self.unfolded(world, tenant: tenant) == 0)
            // The demo company's other months agree too (written by the seed through the triggers).
            Self.expectAgree(try await Self.totals(world, tenant: tenant, month: TestClock.thisMonth.adding(months: -1).first.iso))
        }
    }

    /// A writer never waits for another's totals: while one transaction holds the fold, another
    /// writes, commits and leaves its change for the next fold; readers count it all the while.
    @Test func aSecondWriterNeitherWaitsNorIsLost() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, month = "2026-07-01"
            let (eva, petr) = try await world.db.transaction(tenant: tenant) { db in
                (try await Self.invoice(of: world.employee.id, month: month, minor: 700_00, currency: "CZK", on: db),
                 try await Self.invoice(of: world.leader.id, month: month, minor: 300_00, currency: "CZK", on: db))
            }
            try await world.db.transaction(tenant: tenant) { first in
                // The first approves Eva's invoice: it folds, and holds the fold and the totals' rows.
                _ = try await first.query("UPDATE invoices SET state = 'approved' WHERE tenant_id = \(first.tenant) AND id = \(eva)").collect()
                // The second returns Petr's, in the same month, and must not wait for the first.
                try await world.db.transaction(tenant: tenant) { second in
                    _ = try await second.query("SET LOCAL lock_timeout = '5s'").collect()
                    _ = try await second.query("UPDATE invoices SET state = 'returned' WHERE tenant_id = \(second.tenant) AND id = \(petr)").collect()
                }
                #expect(try await Self.unfolded(world, tenant: tenant) == 2)  // submitted −1, returned +1
                let meanwhile = try await Self.totals(world, tenant: tenant, month: month)
                Self.expectAgree(meanwhile)
                #expect(meanwhile.kept["returned CZK"]?.count == 1 && meanwhile.kept["submitted CZK"]?.count == 1)
            }
            Self.expectAgree(try await Self.totals(world, tenant: tenant, month: month))
            // The next write of the company's invoices folds what was left.
            try await Self.run(world, tenant: tenant, "UPDATE invoices SET state = 'submitted' WHERE tenant_id = \(tenant) AND id = \(petr)")
            #expect(try await Self.unfolded(world, tenant: tenant) == 0)
            let after = try await Self.totals(world, tenant: tenant, month: month)
            Self.expectAgree(after)
            #expect(after.kept["approved CZK"]?.sum == 700_00 && after.kept["submitted CZK"]?.sum == 300_00)
        }
    }

    @Test func aRolledBackWriteAndAnotherCompanysInvoicesLeaveTheTotalsAlone() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, other = world.otherAdmin.tenantID, month = "2026-06-01"
            struct Undo: Error {}
            await #expect(throws: Undo.self) {
                try await world.db.transaction(tenant: tenant) { db in
                    try await Self.invoice(of: world.employee.id, month: month, minor: 1_00, currency: "CZK", on: db)
                    throw Undo()
                }
            }
            _ = try await world.db.transaction(tenant: other) { db in
                try await Self.invoice(of: world.otherAdmin.id, month: month, minor: 9_00, currency: "CZK", on: db)
            }
            let mine = try await Self.totals(world, tenant: tenant, month: month)
            #expect(mine.kept.isEmpty && mine.summed.isEmpty)
            let theirs = try await Self.totals(world, tenant: other, month: month)
            Self.expectAgree(theirs)
            #expect(theirs.kept["submitted CZK"]?.sum == 9_00)
        }
    }

    @Test func theOverviewShowsTheKeptTotals() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID, month = "2026-05-01"
            _ = try await world.db.transaction(tenant: tenant) { db in
                try await Self.invoice(of: world.employee.id, month: month, minor: 12_345_00, currency: "CZK", on: db)
            }
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/review/invoices?month=2026-05")
            #expect(page.status == .ok)
            #expect(page.body.contains(Money.format(minor: 12_345_00, currency: "CZK", language: .en)))
        }
    }
}
