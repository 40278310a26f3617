import Foundation
import PDFInspection
import PostgresNIO
import Testing
@testable import App

/// The use case of storing an accepted invoice file, without HTTP and without the inspector: the
/// month rule said again on the contracts as they are, the state rule, and whose month it is
/// (`InvoiceUploading`).
@Suite struct InvoiceUploadingTests {
    /// A file the inspector would have accepted, for `month` of `person`.
    static func command(_ month: String, for person: UUID, total: String = "1 000,00") -> InvoiceUploading.Upload {
        let file = AcceptedUpload(filename: "faktura.pdf", content: TestPDF.invoice(["Faktura \(month)"]),
                                  report: InspectionReport(verdict: .ok, pages: 1, text: "Faktura \(month)\nCelkem k úhradě: \(total) Kč"))
        return InvoiceUploading.Upload(file: file, month: Month(iso: month)!, person: person)
    }

    /// Uploads as `user` for themselves; the stored invoice.
    static func upload(_ world: TestWorld, _ month: String, as user: User) async throws -> InvoiceMutations.Stored {
        let command = Self.command(month, for: user.id)
        return try await world.act(as: user) { try await InvoiceUploading.store(command, $0) }.get()
    }

    /// An invoice's state and version, as stored.
    static func state(_ world: TestWorld, _ invoice: UUID) async throws -> (String, Int) {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await db.query("SELECT state::text, version FROM invoices WHERE tenant_id = \(db.tenant) AND id = \(invoice)")
                .collect()[0].decode((String, Int).self)
        }
    }

    /// How many invoices `person` has.
    static func invoices(_ world: TestWorld, of person: UUID) async throws -> Int {
        try await world.db.transaction(tenant: world.admin.tenantID, readOnly: true) { db in
            try await db.query("SELECT count(*)::int FROM invoices WHERE tenant_id = \(db.tenant) AND user_id = \(person)")
                .collect()[0].decode(Int.self)
        }
    }

    @Test func theOwnerUploadsAndReplacesWhileTheStateAllows() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee
            let first = try await Self.upload(world, "2026-10", as: eva)
            #expect(!first.replaced)
            #expect(try await Self.state(world, first.invoice).0 == "submitted")
            // Another file (the same one again stores nothing: `IdenticalUploadTests`).
            let corrected = Self.command("2026-10", for: eva.id, total: "1 200,00")
            let other = InvoiceUploading.Upload(
                file: AcceptedUpload(filename: "faktura-2.pdf", content: TestPDF.invoice(["Faktura 2026-10, opravená"]),
                                     report: corrected.file.report),
                month: corrected.month, person: corrected.person)
            let second = try await world.act(as: eva) { try await InvoiceUploading.store(other, $0) }.get()
            #expect(second.replaced && second.invoice == first.invoice && second.document != first.document)
            // Approved, it keeps its file.
            let version = try await Self.state(world, first.invoice).1
            let approved = try await world.act(as: world.admin) {
                try await InvoiceReview.act(.approve, on: [ReviewPick(id: first.invoice, version: version, reason: nil)], $0)
            }
            #expect(approved[first.invoice] == .changed)
            let command = Self.command("2026-10", for: eva.id)
            #expect(try await world.act(as: eva) { try await InvoiceUploading.store(command, $0) } == .failure(.locked(.approved)))
            #expect(try await Self.state(world, first.invoice).0 == "approved")
        }
    }

    @Test func theMonthRuleIsTheUseCasesOwn() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, before = try await Self.invoices(world, of: eva.id)
            // Whatever the caller checked before: a future month, a month before the contract, no contract of a contractor.
            let future = Self.command("2026-12", for: eva.id), early = Self.command("2024-08", for: eva.id)
            #expect(try await world.act(as: eva) { try await InvoiceUploading.store(future, $0) } == .failure(.futureMonth))
            #expect(try await world.act(as: eva) { try await InvoiceUploading.store(early, $0) } == .failure(.notContractor))
            let jana = Self.command("2026-10", for: world.admin.id)
            #expect(try await world.act(as: world.admin) { try await InvoiceUploading.store(jana, $0) } == .failure(.notContractor))
            #expect(try await Self.invoices(world, of: eva.id) == before, "a refusal stores nothing")
        }
    }

    @Test func anUploadIsForOneselfOnly() async throws {
        try await withWorld { (world: TestWorld) async throws in
            let eva = world.employee, before = try await Self.invoices(world, of: eva.id)
            let hers = Self.command("2026-10", for: eva.id)
            // Someone else's month, in the company or another one, is not there for them.
            for someone in [world.leader, world.admin, world.otherAdmin] {
                await #expect(throws: ActionRefusal.notFound) {
                    try await world.act(as: someone) { try await InvoiceUploading.store(hers, $0) }
                }
            }
            // A deactivated person submits nothing.
            let gone: User = { var user = eva; user.active = false; return user }()
            await #expect(throws: ActionRefusal.forbidden) {
                try await world.act(as: gone) { try await InvoiceUploading.store(hers, $0) }
            }
            #expect(try await Self.invoices(world, of: eva.id) == before)
        }
    }
}
