import Foundation
import Logging
import PostgresNIO

/// One stored file version of an invoice, without its bytes.
public struct InvoiceDocumentInfo: Sendable, Equatable, Decodable {
    public let id: UUID
    public let versionNo: Int
    public let filename: String
    public let sizeBytes: Int
    public let uploadedBy: String
    public let uploadedAt: String
    public let pages: Int
}

/// One row of an invoice's history.
public struct InvoiceHistoryEntry: Sendable, Equatable, Decodable {
    public let at: String
    public let actor: String
    public let fromState: InvoiceState?
    public let toState: InvoiceState
    public let reason: String?
    /// The change brought a file (an upload or a replacement).
    public let newFile: Bool
    /// The actor changed their own invoice (`OwnInvoiceRule`).
    public let ownInvoice: Bool
}

/// Another upload of the very same file in this tenant.
public struct DuplicateUpload: Sendable, Equatable {
    public let invoiceID: UUID
    public let userID: UUID
    public let personName: String
    public let month: Month
    public let uploadedOn: LocalDate
}

/// An invoice with its current document and what was read from it, its versions and history.
public struct InvoiceDetail: Sendable {
    public let id: UUID
    public let userID: UUID
    public let personName: String
    public let month: Month
    public let state: InvoiceState
    public let version: Int
    public let documentID: UUID
    public let pages: Int
    public let hasText: Bool
    public let hasThumbnail: Bool
    public let fields: InvoiceFields
    public let sha256: Data
    public let documents: [InvoiceDocumentInfo]
    public let history: [InvoiceHistoryEntry]
}

public enum InvoiceQueries {
    /// A person's invoices with the current file's amount and upload day; one statement.
    public static func summaries(
        of user: UUID, timeZone: String, on db: TenantConnection
    ) async throws -> [InvoiceSummary] {
        var result: [InvoiceSummary] = []
        for try await (id, month, state, amount, currency, uploaded, document, reason) in try await db.query("""
            SELECT i.id, to_char(i.month, 'YYYY-MM'), i.state::text, d.amount_minor, d.currency,
                   to_char(d.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD'), d.id,
                   CASE WHEN i.state = 'returned' THEN (
                       SELECT h.reason FROM invoice_history h
                       WHERE h.tenant_id = i.tenant_id AND h.invoice_id = i.id AND h.to_state = 'returned'
                       ORDER BY h.at DESC LIMIT 1) END
            FROM invoices i
            JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
            WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(user)
            ORDER BY i.month DESC
            """).decode((UUID, String, String, Int64?, String?, String, UUID, String?).self) {
            guard let month = Month(iso: month), let state = InvoiceState(rawValue: state),
                  let day = LocalDate(iso: uploaded) else { continue }
            result.append(InvoiceSummary(id: id, month: month, state: state, amountMinor: amount, currency: currency,
                                         uploadedOn: day, documentID: document, returnReason: reason))
        }
        return result
    }

    /// One invoice with everything its page shows, in one statement; nil when not in this tenant.
    public static func detail(
        _ id: UUID, timeZone: String, on db: TenantConnection
    ) async throws -> InvoiceDetail? {
        let rows = try await db.query("""
            SELECT i.user_id, u.first_name || ' ' || u.last_name, to_char(i.month, 'YYYY-MM'), i.state::text, i.version,
                   d.id, d.pages, d.has_text, d.thumbnail_png IS NOT NULL, d.amount_minor, d.currency, d.bank_account,
                   d.iban, d.variable_symbol, d.invoice_number, d.supplier_ico, d.sha256,
                   (SELECT coalesce(json_agg(json_build_object(
                        'id', v.id, 'versionNo', v.version_no, 'filename', v.filename, 'sizeBytes', v.size_bytes,
                        'uploadedBy', vu.first_name || ' ' || vu.last_name,
                        'uploadedAt', to_char(v.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI'),
                        'pages', v.pages) ORDER BY v.version_no DESC), '[]')::text
                    FROM invoice_documents v JOIN users vu ON vu.tenant_id = v.tenant_id AND vu.id = v.uploaded_by
                    WHERE v.tenant_id = i.tenant_id AND v.invoice_id = i.id),
                   (SELECT coalesce(json_agg(json_build_object(
                        'at', to_char(h.at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI'),
                        'actor', hu.first_name || ' ' || hu.last_name,
                        'fromState', h.from_state, 'toState', h.to_state, 'reason', h.reason,
                        'newFile', h.document_id IS NOT NULL,
                        'ownInvoice', h.own_invoice AND h.from_state IS NOT NULL) ORDER BY h.at DESC, h.id), '[]')::text
                    FROM invoice_history h JOIN users hu ON hu.tenant_id = h.tenant_id AND hu.id = h.actor_id
                    WHERE h.tenant_id = i.tenant_id AND h.invoice_id = i.id),
                   d.due_date::text
            FROM invoices i
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
            WHERE i.tenant_id = \(db.tenant) AND i.id = \(id)
            """).collect()
        guard let row = rows.first else { return nil }
        let r = row.makeRandomAccess()
        let monthText = try r[2].decode(String.self), stateText = try r[3].decode(String.self)
        let amount = try r[9].decode(Int64?.self), currency = try r[10].decode(String?.self)
        let documentsJSON = try r[17].decode(String.self), historyJSON = try r[18].decode(String.self)
        guard let month = Month(iso: monthText), let state = InvoiceState(rawValue: stateText) else { return nil }
        let decoder = JSONDecoder()
        return InvoiceDetail(
            id: id, userID: try r[0].decode(UUID.self), personName: try r[1].decode(String.self), month: month, state: state,
            version: try r[4].decode(Int.self), documentID: try r[5].decode(UUID.self), pages: try r[6].decode(Int.self),
            hasText: try r[7].decode(Bool.self), hasThumbnail: try r[8].decode(Bool.self),
            fields: InvoiceFields(
                total: zip(amount, currency).map { InvoiceAmount(minor: $0, currency: $1) },
                account: try r[11].decode(String?.self).flatMap { CzechAccount($0) },
                iban: try r[12].decode(String?.self).flatMap { IBAN($0) },
                variableSymbol: try r[13].decode(String?.self), invoiceNumber: try r[14].decode(String?.self),
                supplierID: try r[15].decode(String?.self),
                dueDate: try r[19].decode(String?.self).flatMap(LocalDate.init(iso:))),
            sha256: try r[16].decode(Data.self),
            documents: try decoder.decode([InvoiceDocumentInfo].self, from: Data(documentsJSON.utf8)),
            history: try decoder.decode([InvoiceHistoryEntry].self, from: Data(historyJSON.utf8)))
    }

    /// The bytes of one document version of an invoice, with the invoice's owner (for the
    /// permission check) and stored name; nil when the document is not this invoice's.
    public static func document(
        _ document: UUID, of invoice: UUID, on db: TenantConnection
    ) async throws -> (owner: UUID, month: Month, filename: String, content: Data)? {
        let rows = try await db.query("""
            SELECT i.user_id, to_char(i.month, 'YYYY-MM'), d.filename, d.content
            FROM invoice_documents d JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
            WHERE d.tenant_id = \(db.tenant) AND d.invoice_id = \(invoice) AND d.id = \(document)
            """).collect()
        guard let (owner, month, filename, content) = try rows.first?.decode((UUID, String, String, Data).self),
              let period = Month(iso: month) else { return nil }
        return (owner, period, filename, content)
    }

    /// The first-page thumbnail of one document version, with the invoice's owner.
    public static func thumbnail(
        _ document: UUID, of invoice: UUID, on db: TenantConnection
    ) async throws -> (owner: UUID, png: Data?)? {
        let rows = try await db.query("""
            SELECT i.user_id, d.thumbnail_png
            FROM invoice_documents d JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
            WHERE d.tenant_id = \(db.tenant) AND d.invoice_id = \(invoice) AND d.id = \(document)
            """).collect()
        guard let (owner, png) = try rows.first?.decode((UUID, Data?).self) else { return nil }
        return (owner, png)
    }

    /// Other uploads of a file with this SHA-256 in the tenant (by anyone), oldest first.
    public static func duplicates(
        of sha256: Data, except document: UUID, timeZone: String, on db: TenantConnection
    ) async throws -> [DuplicateUpload] {
        var result: [DuplicateUpload] = []
        for try await (invoice, user, name, month, day) in try await db.query("""
            SELECT i.id, i.user_id, u.first_name || ' ' || u.last_name, to_char(i.month, 'YYYY-MM'),
                   to_char(d.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD')
            FROM invoice_documents d
            JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            WHERE d.tenant_id = \(db.tenant) AND d.sha256 = \(sha256) AND d.id <> \(document)
            ORDER BY d.uploaded_at
            LIMIT 5
            """).decode((UUID, UUID, String, String, String).self) {
            guard let month = Month(iso: month), let day = LocalDate(iso: day) else { continue }
            result.append(DuplicateUpload(invoiceID: invoice, userID: user, personName: name, month: month, uploadedOn: day))
        }
        return result
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
