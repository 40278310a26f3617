import Crypto
import Foundation
import Logging
import PDFInspection
import PostgresNIO

/// An accepted file: the bytes, what the inspector reported, and what the text rules read.
public struct AcceptedUpload: Sendable {
    public let filename: String
    public let content: Data
    public let report: InspectionReport
    public let fields: InvoiceFields
    /// Computed once, where the upload is accepted (off the threads that serve pages).
    public let sha256: Data

    public init(filename: String, content: Data, report: InspectionReport) {
        self.filename = filename
        self.content = content
        self.report = report
        fields = InvoiceText.read(report)
        sha256 = Data(SHA256.hash(data: content))
    }
}

public enum InvoiceMutations {
    public struct Stored: Sendable, Equatable {
        public let invoice: UUID
        public let document: UUID
        public let replaced: Bool
        /// The file was the invoice's current one, byte for byte: nothing new was stored (a
        /// returned invoice is submitted again with it).
        public var identical = false
    }

    /// Stores an upload for a person's month: the first file creates the invoice, a later one
    /// becomes its next document version and submits the invoice again. The very file the
    /// invoice has now (a retried upload) is not stored again: a submitted invoice stays as it
    /// is, a returned one is submitted again with its current file (`Stored.identical`). Document,
    /// invoice and history row are written in the caller's transaction, so nothing is
    /// half-written; the invoice row is locked, so two uploads for one month queue instead of
    /// colliding.
    public static func upload(
        _ upload: AcceptedUpload, month: Month, for user: UUID, actor: UUID, on db: TenantConnection
    ) async throws -> Result<Stored, UploadRefusal> {
        let document = UUID()
        let newInvoice = UUID()
        // Before the month's invoice is locked (`InvoiceMarks`).
        try await InvoiceMarks.lock(on: db)
        // A first upload inserts the invoice; for an existing month nothing is inserted.
        let inserted = try await db.query("""
            INSERT INTO invoices (tenant_id, id, user_id, month, document_id)
            VALUES (\(db.tenant), \(newInvoice), \(user), \(month.first.iso)::date, \(document))
            ON CONFLICT (tenant_id, user_id, month) DO NOTHING
            RETURNING id
            """).collect()
        let invoice: UUID, current: InvoiceState?, versionNo: Int
        if inserted.isEmpty {
            let rows = try await db.query("""
                SELECT i.id, i.state::text, i.document_id, d.sha256 FROM invoices i
                JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
                WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(user) AND i.month = \(month.first.iso)::date
                FOR UPDATE OF i
                """).collect()
            guard let (id, state, currentDocument, sha256) = try rows.first?.decode((UUID, String, UUID, Data).self)
            else { throw InvoiceStoreFailure() }
            if sha256 == upload.sha256, let stateNow = InvoiceState(rawValue: state) {
                return try await resubmit(id, state: stateNow, document: currentDocument, actor: actor, on: db)
            }
            // A statement of its own, after the lock: it sees the versions that uploads which held
            // the lock before this one have committed (a subquery of the locking statement would not).
            let last = try await db.query("""
                SELECT coalesce(max(version_no), 0) FROM invoice_documents WHERE tenant_id = \(db.tenant) AND invoice_id = \(id)
                """).collect()[0].decode(Int.self)
            (invoice, current, versionNo) = (id, InvoiceState(rawValue: state), last + 1)
        } else {
            (invoice, current, versionNo) = (newInvoice, nil, 1)
        }
        let next: InvoiceState
        switch InvoiceRules.stateAfterUpload(current: current) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let state): next = state
        }
        let f = upload.fields, report = upload.report
        try await db.query("""
            INSERT INTO invoice_documents (
                tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256, uploaded_by,
                pages, has_text, text, thumbnail_png, amount_minor, currency, bank_account, iban,
                variable_symbol, invoice_number, supplier_ico, due_date)
            VALUES (\(db.tenant), \(document), \(invoice), \(versionNo), \(upload.filename), \(upload.content),
                    \(upload.content.count), \(upload.sha256), \(actor), \(report.pages),
                    \(!report.text.trimmingWhitespace().isEmpty), \(report.text), \(report.thumbnailPNG),
                    \(f.total?.minor), \(f.total?.currency), \(f.account?.description), \(f.iban?.value),
                    \(f.variableSymbol), \(f.invoiceNumber), \(f.supplierID), \(f.dueDate)::date)
            """)
        if current != nil {
            try await db.query("""
                UPDATE invoices SET document_id = \(document), state = \(next.rawValue)::invoice_state,
                       version = version + 1, updated_at = now(), exported_at = NULL
                WHERE tenant_id = \(db.tenant) AND id = \(invoice)
                """)
        }
        try await db.query("""
            INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, document_id)
            VALUES (\(db.tenant), \(invoice), \(actor), \(current?.rawValue)::invoice_state, \(next.rawValue)::invoice_state, \(document))
            """)
        return .success(Stored(invoice: invoice, document: document, replaced: current != nil))
    }
}

extension InvoiceMutations {
    /// The upload of the very file invoice `id` has now: nothing stored; a returned invoice is
    /// submitted again (recorded with that file), a submitted one stays; the others refuse it as
    /// any upload (`InvoiceRules.stateAfterUpload`).
    private static func resubmit(
        _ id: UUID, state: InvoiceState, document: UUID, actor: UUID, on db: TenantConnection
    ) async throws -> Result<Stored, UploadRefusal> {
        let next: InvoiceState
        switch InvoiceRules.stateAfterUpload(current: state) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let state): next = state
        }
        if next != state {
            try await db.query("""
                UPDATE invoices SET state = \(next.rawValue)::invoice_state, version = version + 1, updated_at = now(),
                       exported_at = NULL
                WHERE tenant_id = \(db.tenant) AND id = \(id)
                """)
            try await db.query("""
                INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, document_id)
                VALUES (\(db.tenant), \(id), \(actor), \(state.rawValue)::invoice_state, \(next.rawValue)::invoice_state, \(document))
                """)
        }
        return .success(Stored(invoice: id, document: document, replaced: false, identical: true))
    }
}

/// The invoice row vanished between the insert and the lock (it cannot be deleted; a bug).
struct InvoiceStoreFailure: Error {}
