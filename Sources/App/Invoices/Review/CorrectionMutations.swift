import Foundation
import PostgresNIO
import Vapor

/// What a correction did.
public enum CorrectionOutcome: Sendable, Equatable {
    /// The changes; whether an approved invoice went back to "submitted" (`InvoiceCorrection.reopens`).
    case corrected([FieldChange], reopened: Bool)
    /// Every value was as it is already.
    case unchanged
    /// Someone changed the invoice after the form was loaded.
    case stale
    /// Not submitted or approved, or in a payment order (`InvoiceCorrection.allowed`).
    case notAllowed
    /// The admin's own invoice, which another admin of the company can correct (`OwnInvoiceRule`).
    case ownInvoice
    case notFound
}

public enum CorrectionMutations {
    /// Corrects an invoice's values to `proposed` in the caller's transaction: the invoice is
    /// locked and must still be at `version`, correctable, and not the actor's own (changing one's
    /// own amount or account is moving money towards oneself: `OwnInvoiceRule`). The changed values are written, the fields added to `corrected`, the version
    /// raised, and each change recorded with its old and new value. An approved invoice whose
    /// total or account changes goes back to "submitted" (`InvoiceCorrection.reopens`), recorded
    /// in its history, to be approved again. Who may is the use case's (`InvoiceCorrections.correct`).
    public static func correct(
        _ id: UUID, version: Int, to proposed: InvoiceFields, by actor: User, on db: TenantConnection
    ) async throws -> CorrectionOutcome {
        // Before the invoice is locked (`InvoiceMarks`): a corrected number marks invoices.
        try await InvoiceMarks.lock(on: db)
        let rows = try await db.query("""
            SELECT i.user_id, i.state::text AS state, i.version, i.exported_at IS NOT NULL AS exported, i.document_id,
                   i.amount_minor, i.currency, i.bank_account, i.iban, i.variable_symbol, i.invoice_number,
                   i.supplier_ico, i.due_date::text AS due_date
            FROM invoices i WHERE i.tenant_id = \(db.tenant) AND i.id = \(id)
            FOR UPDATE
            """).collect()
        guard let first = rows.first else { return .notFound }
        let row = NamedRow(first)
        guard let state = InvoiceState(rawValue: try row("state")) else { return .notFound }
        guard try row("version", as: Int.self) == version else { return .stale }
        guard InvoiceCorrection.allowed(state: state, exported: try row("exported")) else { return .notAllowed }
        let owner: UUID = try row("user_id")
        // Correcting moves money as approving does: the rule of approving decides.
        if OwnInvoiceRule.verdict(.approve, actorIsOwner: owner == actor.id) == .refused {
            return .ownInvoice
        }
        let (changes, result) = InvoiceCorrection.changes(from: try InvoiceFields(invoiceRow: row), to: proposed)
        guard !changes.isEmpty else { return .unchanged }
        let document: UUID = try row("document_id")
        let reopens = InvoiceCorrection.reopens(state: state, changes: changes)
        try await db.query("""
            UPDATE invoices
            SET state = CASE WHEN \(reopens) THEN 'submitted'::invoice_state ELSE state END, amount_minor = \(result.total?.minor), currency = \(result.total?.currency),
                bank_account = \(result.account?.description), iban = \(result.iban?.value),
                variable_symbol = \(result.variableSymbol), invoice_number = \(result.invoiceNumber),
                supplier_ico = \(result.supplierID), due_date = \(result.dueDate)::date,
                corrected = ARRAY(SELECT DISTINCT f FROM unnest(corrected || \(changes.map(\.field.rawValue))::text[]) AS f ORDER BY f),
                version = version + 1, updated_at = now()
            WHERE tenant_id = \(db.tenant) AND id = \(id)
            """)
        // A value is never empty text (an empty input means "not known"), so "" stands for NULL.
        try await db.query("""
            INSERT INTO invoice_corrections (tenant_id, invoice_id, document_id, actor_id, field, old_value, new_value)
            SELECT \(db.tenant), \(id), \(document), \(actor.id), c.field, nullif(c.old, ''), nullif(c.new, '')
            FROM unnest(\(changes.map(\.field.rawValue))::text[], \(changes.map { $0.old ?? "" })::text[],
                        \(changes.map { $0.new ?? "" })::text[]) AS c(field, old, new)
            """)
        if reopens {
            try await db.query("""
                INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, own_invoice)
                VALUES (\(db.tenant), \(id), \(actor.id), 'approved', 'submitted', \(owner == actor.id))
                """)
        }
        return .corrected(changes, reopened: reopens)
    }
}

extension InvoiceFields {
    /// The values of an invoice row (the columns named as in `invoices`), as Roster stored them.
    init(invoiceRow row: NamedRow) throws {
        self.init(stored: try row("amount_minor"), currency: try row("currency"), account: try row("bank_account"),
                  iban: try row("iban"), variableSymbol: try row("variable_symbol"), invoiceNumber: try row("invoice_number"),
                  supplierID: try row("supplier_ico"), dueDate: try row("due_date"))
    }

    /// The values as `invoices` stores them: an amount only with its currency, the account and
    /// IBAN as stored texts.
    init(stored amount: Int64?, currency: String?, account: String?, iban: String?, variableSymbol: String?,
         invoiceNumber: String?, supplierID: String?, dueDate: String?) {
        self.init(
            total: amount.flatMap { minor in currency.map { InvoiceAmount(minor: minor, currency: $0) } },
            account: account.flatMap(CzechAccount.init(stored:)), iban: iban.map(IBAN.init(stored:)),
            variableSymbol: variableSymbol, invoiceNumber: invoiceNumber, supplierID: supplierID, dueDate: dueDate)
    }
}
