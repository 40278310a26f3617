import Foundation
import PDFInspection
import PostgresNIO
import Testing
@testable import App

/// The use case of correcting an invoice's values, without HTTP: who may, another company's
/// invoice, a stale version, a state that does not allow it, the approval it undoes and one's own
/// invoice (`InvoiceCorrections`).
@Suite struct InvoiceCorrectionsTests {
    static func fields(total minor: Int64, symbol: String? = nil) -> InvoiceFields {
        InvoiceFields(total: InvoiceAmount(minor: minor, currency: "CZK"), variableSymbol: symbol)
    }

    @Test func onlyAnAdminCorrectsAndAStaleVersionIsToldApart() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let stored = try await InvoiceUploadingTests.upload(world, "2026-10", as: world.employee)
            let id = stored.invoice, version = try await InvoiceUploadingTests.state(world, id).1
            let symbol = Self.fields(total: 1_000_00, symbol: "202610")
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await InvoiceCorrections.correct(id, version: version, to: symbol, $0) }
                }
            }
            await #expect(throws: ActionRefusal.notFound) {
                try await world.act(as: world.otherAdmin) { try await InvoiceCorrections.correct(id, version: version, to: symbol, $0) }
            }
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version + 1, to: symbol, $0) }
                    == .stale)
            #expect(try await InvoiceUploadingTests.state(world, id) == ("submitted", version), "a refusal changes nothing")
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version, to: symbol, $0) }
                    == .corrected(reopened: false))
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version + 1, to: symbol, $0) }
                    == .unchanged)
            let recorded = try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
                try await db.query("""
                    SELECT field, new_value FROM invoice_corrections WHERE tenant_id = \(db.tenant) AND invoice_id = \(id)
                    """).collect().map { try $0.decode((String, String?).self) }
            }
            #expect(recorded.count == 1 && recorded.first?.0 == "variable-symbol" && recorded.first?.1 == "202610")
        }
    }

    @Test func aChangedTotalUndoesTheApprovalAndAReturnedInvoiceIsNotCorrected() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let id = try await InvoiceUploadingTests.upload(world, "2026-10", as: world.employee).invoice
            let submitted = try await InvoiceUploadingTests.state(world, id).1
            _ = try await world.act(as: world.admin) {
                try await InvoiceReview.act(.approve, on: [ReviewPick(id: id, version: submitted, reason: nil)], $0)
            }
            let version = try await InvoiceUploadingTests.state(world, id).1
            // The symbol alone keeps the approval; the total does not.
            let symbol = Self.fields(total: 1_000_00, symbol: "1"), total = Self.fields(total: 2_000_00, symbol: "1")
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version, to: symbol, $0) }
                    == .corrected(reopened: false))
            #expect(try await InvoiceUploadingTests.state(world, id) == ("approved", version + 1))
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version + 1, to: total, $0) }
                    == .corrected(reopened: true))
            #expect(try await InvoiceUploadingTests.state(world, id) == ("submitted", version + 2))
            _ = try await world.act(as: world.admin) {
                try await InvoiceReview.act(.returnToEmployee, on: [ReviewPick(id: id, version: version + 2, reason: "Wrong month")], $0)
            }
            let more = Self.fields(total: 3_000_00)
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version + 3, to: more, $0) }
                    == .notAllowed)
        }
    }

    @Test func anAdminsOwnInvoiceIsAnotherAdminsWhileThereIsOne() async throws {
        try await withWorld { (world: TestWorld) async throws in
            // The admin's own invoice (as a contractor once was), stored past the upload's rules.
            let command = InvoiceUploadingTests.command("2026-10", for: world.admin.id)
            let id = try await world.db.transaction(tenant: world.admin.tenantID) { db in
                try await InvoiceMutations.upload(command.file, month: command.month, for: world.admin.id, actor: world.admin.id, on: db)
            }.get().invoice
            let version = try await InvoiceUploadingTests.state(world, id).1
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                _ = try await db.query("UPDATE users SET roles = roles || 'admin'::text WHERE tenant_id = \(db.tenant) AND id = \(world.leader.id)")
            }
            let more = Self.fields(total: 9_000_00)
            #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version, to: more, $0) }
                    == .ownInvoice)
            // The other admin may: the leader, with the role now.
            let petr: User = { var user = world.leader; user.roles.insert(.admin); return user }()
            #expect(try await world.act(as: petr) { try await InvoiceCorrections.correct(id, version: version, to: more, $0) }
                    == .corrected(reopened: false))
        }
    }
}
