import Foundation
import Testing
@testable import App

/// One invoice's page as a model: what the owner and an admin each see.
@Suite struct InvoicePageTests {
    static let eva = User(id: UUID(), tenantID: UUID(), email: "eva@acme.example", firstName: "Eva", lastName: "Dvořáková",
                          title: "", roles: [.employee], active: true, preferredLanguage: nil)
    static let jana = User(id: UUID(), tenantID: UUID(), email: "jana@acme.example", firstName: "Jana", lastName: "Nováková",
                           title: "", roles: [.employee, .admin], active: true, preferredLanguage: nil)
    static let october = Month(year: 2026, month: 10)!

    static func invoice(_ state: InvoiceState) -> InvoiceDetail {
        let document = UUID()
        return InvoiceDetail(
            id: UUID(), userID: eva.id, ownerTeamLeader: nil, personName: "Eva Dvořáková", month: october, state: state,
            version: 3, exported: false, documentID: document, pages: 2, hasText: true, hasThumbnail: false,
            fields: InvoiceFields(total: InvoiceAmount(minor: 84_700_00, currency: "CZK"), variableSymbol: "202610",
                                  dueDate: "2026-11-14"),
            corrected: [], sha256: Data(), documents: [
                InvoiceDocumentInfo(id: document, versionNo: 2, filename: "faktura-2.pdf", sizeBytes: 3 << 20,
                                    uploadedBy: "Eva Dvořáková", uploadedAt: "2026-11-02 09:00", pages: 2),
                InvoiceDocumentInfo(id: UUID(), versionNo: 1, filename: "faktura.pdf", sizeBytes: 2_000,
                                    uploadedBy: "Eva Dvořáková", uploadedAt: "2026-11-01 09:00", pages: 2),
            ],
            history: [
                InvoiceHistoryEntry(at: "2026-11-03 10:00", actor: "Jana Nováková", fromState: .submitted, toState: state,
                                    reason: nil, newFile: false, ownInvoice: false),
                InvoiceHistoryEntry(at: "2026-11-02 09:00", actor: "Eva Dvořáková", fromState: .returned, toState: .submitted,
                                    reason: nil, newFile: true, ownInvoice: false),
                InvoiceHistoryEntry(at: "2026-11-01 09:00", actor: "Eva Dvořáková", fromState: nil, toState: .submitted,
                                    reason: nil, newFile: true, ownInvoice: false),
            ], corrections: [])
    }

    static func page(_ state: InvoiceState, viewer: User, duplicates: [DuplicateUpload] = []) -> InvoicePage {
        InvoicePage(layout: Layout(title: "x", language: .en), slug: "acme", viewer: viewer, invoice: invoice(state),
                    duplicates: duplicates, t: TestTranslator.en)
    }

    @Test func theOwnerSeesTheFileAndWhatTheyMayDo() {
        let approved = Self.page(.approved, viewer: Self.eva)
        #expect(approved.actions.isEmpty && approved.replaceURL == nil && approved.lockedNote != nil)
        #expect(approved.fields.first { $0.label == "Due date" }?.value == "2026-11-14")
        #expect(approved.versions.map(\.current) == [true, false] && approved.versions[0].detail.contains("3.0 MB"))
        #expect(approved.history.map(\.change) == ["Submitted → Approved", "File replaced: Returned → Submitted", "Uploaded: submitted"])
        #expect(approved.backURL == Paths.invoices("acme"))
        let returned = Self.page(.returned, viewer: Self.eva)
        #expect(returned.replaceURL == Paths.uploadInvoice("acme", month: Self.october) && returned.lockedNote == nil)
    }

    @Test func anAdminGetsTheActionsAndWhoseFileItWas() {
        let other = DuplicateUpload(invoiceID: UUID(), userID: UUID(), personName: "Petr Svoboda", month: Self.october,
                                    uploadedOn: LocalDate(iso: "2026-11-01")!)
        let page = Self.page(.submitted, viewer: Self.jana, duplicates: [other])
        #expect(page.actions.map(\.value) == ["approve", "return"] && page.actions[1].needsReason)
        #expect(page.heading.contains("Eva Dvořáková") && page.ownInvoice == nil)
        #expect(page.duplicates[0].contains("Petr Svoboda"))
        #expect(page.backURL == Paths.person("acme", Self.eva.id))
        // The owner is told only that someone else sent the same file.
        #expect(!Self.page(.submitted, viewer: Self.eva, duplicates: [other]).duplicates[0].contains("Petr"))
    }
}
