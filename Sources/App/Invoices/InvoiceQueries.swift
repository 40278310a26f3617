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
    /// A payment read from a bank statement: the statement's reference and the day the bank booked it.
    public var statement: String? = nil
    public var bookedOn: String? = nil
}

/// One corrected value in an invoice's history.
public struct InvoiceCorrectionEntry: Sendable, Equatable, Decodable {
    public let at: String
    public let actor: String
    public let field: InvoiceField
    /// As stored (`InvoiceField.storedText`); nil where nothing was known.
    public let old: String?
    public let new: String?
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
    /// The leader of the owner's team, for the rules (`subject`).
    public let ownerTeamLeader: UUID?
    public let personName: String
    public let month: Month
    public let state: InvoiceState
    public let version: Int
    /// In a payment order (claimed by an export).
    public let exported: Bool
    public let documentID: UUID
    public let pages: Int
    public let hasText: Bool
    public let hasThumbnail: Bool
    /// What was read, as corrected.
    public let fields: InvoiceFields
    /// The fields an admin corrected.
    public let corrected: Set<InvoiceField>
    public let sha256: Data
    public let documents: [InvoiceDocumentInfo]
    public let history: [InvoiceHistoryEntry]
    /// Newest first.
    public let corrections: [InvoiceCorrectionEntry]

    /// Whether an admin may correct its values now (`InvoiceCorrection.allowed`).
    public var correctable: Bool { InvoiceCorrection.allowed(state: state, exported: exported) }

    /// The invoice as the rules see it.
    public var subject: InvoiceSubject { InvoiceSubject(owner: PersonSubject(id: userID, teamLeader: ownerTeamLeader)) }
}

/// One stored file of an invoice, with whose invoice it is (for the rules).
public struct InvoiceFile: Sendable {
    public let subject: InvoiceSubject
    public let month: Month
    public let filename: String
    public let content: Data
}

/// The first-page picture of one stored file, with whose invoice it is.
public struct InvoiceThumbnail: Sendable {
    public let subject: InvoiceSubject
    public let png: Data?
}

public enum InvoiceQueries {
    /// A person's invoices with the current file's amount and upload day; one prepared statement
    /// ("My invoices" and a person's invoices).
    public static func summaries(
        of user: UUID, timeZone: String, on db: TenantConnection
    ) async throws -> [InvoiceSummary] {
        var result: [InvoiceSummary] = []
        for try await columns in try await db.execute({
            InvoiceSummariesStatement(tenant: $0, user: user, timeZone: timeZone)
        }) {
            if let summary = InvoiceSummary(columns) { result.append(summary) }
        }
        return result
    }

    /// One invoice with everything its page shows, in one statement; nil when not in this tenant.
    public static func detail(
        _ id: UUID, timeZone: String, on db: TenantConnection
    ) async throws -> InvoiceDetail? {
        let rows = try await db.query("""
            SELECT i.user_id, \(unescaped: ownerTeamLeader) AS owner_team_leader,
                   u.first_name || ' ' || u.last_name AS person_name, to_char(i.month, 'YYYY-MM') AS month,
                   i.state::text AS state, i.version, i.exported_at IS NOT NULL AS exported, d.id AS document_id, d.pages,
                   d.has_text, d.thumbnail_png IS NOT NULL AS has_thumbnail, i.amount_minor, i.currency, i.bank_account,
                   i.iban, i.variable_symbol, i.invoice_number, i.supplier_ico, d.sha256, i.due_date::text AS due_date,
                   i.corrected,
                   (SELECT coalesce(json_agg(json_build_object(
                        'id', v.id, 'versionNo', v.version_no, 'filename', v.filename, 'sizeBytes', v.size_bytes,
                        'uploadedBy', vu.first_name || ' ' || vu.last_name,
                        'uploadedAt', to_char(v.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI'),
                        'pages', v.pages) ORDER BY v.version_no DESC), '[]')::text
                    FROM invoice_documents v JOIN users vu ON vu.tenant_id = v.tenant_id AND vu.id = v.uploaded_by
                    WHERE v.tenant_id = i.tenant_id AND v.invoice_id = i.id) AS documents,
                   (SELECT coalesce(json_agg(json_build_object(
                        'at', to_char(h.at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI'),
                        'actor', hu.first_name || ' ' || hu.last_name,
                        'fromState', h.from_state, 'toState', h.to_state, 'reason', h.reason,
                        'newFile', h.document_id IS NOT NULL,
                        'ownInvoice', h.own_invoice AND h.from_state IS NOT NULL,
                        'statement', bs.reference, 'bookedOn', h.booked_on) ORDER BY h.at DESC, h.id), '[]')::text
                    FROM invoice_history h JOIN users hu ON hu.tenant_id = h.tenant_id AND hu.id = h.actor_id
                    LEFT JOIN bank_statements bs ON bs.tenant_id = h.tenant_id AND bs.id = h.statement_id
                    WHERE h.tenant_id = i.tenant_id AND h.invoice_id = i.id) AS history,
                   (SELECT coalesce(json_agg(json_build_object(
                        'at', to_char(c.at AT TIME ZONE \(timeZone), 'YYYY-MM-DD HH24:MI'),
                        'actor', cu.first_name || ' ' || cu.last_name,
                        'field', c.field, 'old', c.old_value, 'new', c.new_value) ORDER BY c.at DESC, c.id), '[]')::text
                    FROM invoice_corrections c JOIN users cu ON cu.tenant_id = c.tenant_id AND cu.id = c.actor_id
                    WHERE c.tenant_id = i.tenant_id AND c.invoice_id = i.id) AS corrections
            FROM invoices i
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
            WHERE i.tenant_id = \(db.tenant) AND i.id = \(id)
            """).collect()
        guard let first = rows.first else { return nil }
        let row = NamedRow(first)
        guard let month = Month(iso: try row("month")), let state = InvoiceState(rawValue: try row("state")) else { return nil }
        let decoder = JSONDecoder()
        return InvoiceDetail(
            id: id, userID: try row("user_id"), ownerTeamLeader: try row("owner_team_leader"), personName: try row("person_name"),
            month: month, state: state, version: try row("version"), exported: try row("exported"),
            documentID: try row("document_id"),
            pages: try row("pages"), hasText: try row("has_text"), hasThumbnail: try row("has_thumbnail"),
            fields: try InvoiceFields(invoiceRow: row), corrected: InvoiceField.set(try row("corrected")),
            sha256: try row("sha256"),
            documents: try decoder.decode([InvoiceDocumentInfo].self, from: Data(try row("documents", as: String.self).utf8)),
            history: try decoder.decode([InvoiceHistoryEntry].self, from: Data(try row("history", as: String.self).utf8)),
            corrections: try decoder.decode([InvoiceCorrectionEntry].self, from: Data(try row("corrections", as: String.self).utf8)))
    }

    /// The leader of the team of the invoice's owner `u` (a column expression).
    private static let ownerTeamLeader = "(SELECT t.leader_id FROM teams t WHERE t.tenant_id = u.tenant_id AND t.id = u.team_id)"

    /// The bytes of one document version of an invoice, with the invoice's owner (for the
    /// permission check) and stored name; nil when the document is not this invoice's.
    public static func document(
        _ document: UUID, of invoice: UUID, on db: TenantConnection
    ) async throws -> InvoiceFile? {
        let rows = try await db.query("""
            SELECT i.user_id, \(unescaped: ownerTeamLeader), to_char(i.month, 'YYYY-MM'), d.filename, d.content
            FROM invoice_documents d JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            WHERE d.tenant_id = \(db.tenant) AND d.invoice_id = \(invoice) AND d.id = \(document)
            """).collect()
        guard let (owner, leader, month, filename, content) = try rows.first?.decode((UUID, UUID?, String, String, Data).self),
              let period = Month(iso: month) else { return nil }
        return InvoiceFile(subject: InvoiceSubject(owner: PersonSubject(id: owner, teamLeader: leader)), month: period,
                           filename: filename, content: content)
    }

    /// The first-page thumbnail of one document version, with the invoice's owner.
    public static func thumbnail(
        _ document: UUID, of invoice: UUID, on db: TenantConnection
    ) async throws -> InvoiceThumbnail? {
        let rows = try await db.query("""
            SELECT i.user_id, \(unescaped: ownerTeamLeader), d.thumbnail_png
            FROM invoice_documents d JOIN invoices i ON i.tenant_id = d.tenant_id AND i.id = d.invoice_id
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            WHERE d.tenant_id = \(db.tenant) AND d.invoice_id = \(invoice) AND d.id = \(document)
            """).collect()
        guard let (owner, leader, png) = try rows.first?.decode((UUID, UUID?, Data?).self) else { return nil }
        return InvoiceThumbnail(subject: InvoiceSubject(owner: PersonSubject(id: owner, teamLeader: leader)), png: png)
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
