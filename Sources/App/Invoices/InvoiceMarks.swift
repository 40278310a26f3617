import PostgresNIO

/// The company's lock on the invoices' "may share" marks (migration 0031), taken by a writer of an
/// invoice's file or number before it locks any invoice row.
///
/// The triggers take it themselves, but only once the statement that needs it runs, by which time
/// the writer may hold an invoice row (an upload locks its month's invoice first, a correction the
/// invoice it corrects). Another writer holding the lock may be marking that very row (the same
/// file uploaded for another month, the same number): each would wait for the other, and
/// PostgreSQL would end one of them after its deadlock timeout. Taken first, the lock orders them:
/// the second writer waits before it holds anything the first needs.
enum InvoiceMarks {
    static func lock(on db: TenantConnection) async throws {
        _ = try await db.query("SELECT invoice_marks_lock(\(db.tenant))").collect()
    }
}
