import Foundation
import PostgresNIO
import Testing
@testable import App

/// The use cases of paying invoices, without HTTP: who may export and set the paying account,
/// another company's invoices, the account a payment order needs, and an invoice exported once
/// unless asked again (`PaymentExporting`).
@Suite struct PaymentExportingTests {
    /// Eva's approved invoice of October 2026, with an amount and an account: payable.
    static func approvedInvoice(_ world: TestWorld) async throws -> UUID {
        let id = try await InvoiceUploadingTests.upload(world, "2026-10", as: world.employee).invoice
        let version = try await InvoiceUploadingTests.state(world, id).1
        let fields = InvoiceFields(total: InvoiceAmount(minor: 1_000_00, currency: "CZK"), account: CzechAccount("19-2000145399/0800"))
        #expect(try await world.act(as: world.admin) { try await InvoiceCorrections.correct(id, version: version, to: fields, $0) }
                == .corrected(reopened: false))
        let approved = try await world.act(as: world.admin) {
            try await InvoiceReview.act(.approve, on: [ReviewPick(id: id, version: version + 1, reason: nil)], $0)
        }
        #expect(approved[id] == .changed)
        return id
    }

    static func order(_ ids: [UUID], _ format: PaymentExporting.Format, again: Bool = false) -> PaymentExporting.Order {
        PaymentExporting.Order(selected: ids, month: Month(iso: "2026-10")!, format: format, again: again)
    }

    static func exported(_ world: TestWorld, _ id: UUID) async throws -> Bool {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await db.query("SELECT exported_at IS NOT NULL FROM invoices WHERE tenant_id = \(db.tenant) AND id = \(id)")
                .collect()[0].decode(Bool.self)
        }
    }

    @Test func onlyAnAdminExportsAndAnotherCompanysInvoicesAreNone() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let id = try await Self.approvedInvoice(world)
            let csv = Self.order([id], .csv)
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await PaymentExporting.export(csv, $0) }
                }
            }
            #expect(try await world.act(as: world.otherAdmin) { try await PaymentExporting.export(csv, $0) } == .failure(.nothing))
            #expect(try await !Self.exported(world, id), "nobody's refusal claims the invoice")
            #expect(try await world.act(as: world.admin) { try await PaymentExporting.export(Self.order([], .csv), $0) }
                    == .failure(.nothingSelected))
            guard case .success(let file) = try await world.act(as: world.admin, { try await PaymentExporting.export(csv, $0) }) else {
                Issue.record("the admin's export was refused")
                return
            }
            #expect(file.filename == "invoices-2026-10.csv" && file.contentType.hasPrefix("text/csv"))
            #expect(try await Self.exported(world, id))
            // Once, unless asked again.
            #expect(try await world.act(as: world.admin) { try await PaymentExporting.export(csv, $0) } == .failure(.nothing))
            let again = Self.order([id], .csv, again: true)
            #expect(try await world.act(as: world.admin) { try await PaymentExporting.export(again, $0) } == .success(file))
        }
    }

    @Test func aPaymentOrderNeedsThePayingAccountThatOnlyAnAdminSets() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let id = try await Self.approvedInvoice(world)
            try await world.db.transaction(tenant: world.admin.tenantID) { db in
                _ = try await db.query("DELETE FROM payment_settings WHERE tenant_id = \(db.tenant)")
            }
            let xml = Self.order([id], .pain001)
            #expect(try await world.act(as: world.admin) { try await PaymentExporting.export(xml, $0) } == .failure(.noDebtor))
            #expect(try await !Self.exported(world, id))
            let debtor = Debtor(name: "Acme s.r.o.", iban: IBAN("CZ6508000000192000145399")!, bic: nil)
            for someone in [world.employee, world.leader] {
                await #expect(throws: ActionRefusal.forbidden) {
                    try await world.act(as: someone) { try await PaymentExporting.setPayingAccount(debtor, $0) }
                }
            }
            try await world.act(as: world.admin) { try await PaymentExporting.setPayingAccount(debtor, $0) }
            guard case .success(let file) = try await world.act(as: world.admin, { try await PaymentExporting.export(xml, $0) }) else {
                Issue.record("the payment order was refused")
                return
            }
            #expect(file.filename == "payment-order-2026-10.xml" && file.body.contains("CZ6508000000192000145399"))
            #expect(try await Self.exported(world, id))
        }
    }
}
