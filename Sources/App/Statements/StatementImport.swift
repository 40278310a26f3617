import Foundation
import Vapor

/// The use case of importing a bank statement (admins, `reviewInvoices`), for the web's upload and
/// the API's operation alike. It takes no connection while the file arrives or is read: the file is
/// read off the event loops (`read`), then stored in a transaction of its own (`store`).
enum StatementImport {
    /// The largest request body an import accepts: the largest statement and its form's parts.
    static var maxBodyBytes: Int { BankStatement.maxBytes + 64 * 1024 }

    /// A statement read from its file, not stored yet.
    struct Received: Sendable {
        let statement: BankStatement
        let bytes: [UInt8]
        let filename: String
    }

    /// The form's `file`, read as a statement on the thread pool; why it is not one, else.
    static func read(_ form: MultipartForm?, app: Application) async throws -> Result<Received, StatementRefusal> {
        guard let file = form?.file("file"), file.content.readableBytes > 0 else { return .failure(.empty) }
        guard file.content.readableBytes <= BankStatement.maxBytes else { return .failure(.tooLarge) }
        let bytes = Array(file.content.readableBytesView)
        let read = try await app.threadPool.runIfActive { StatementReader.read(bytes) }
        return read.map { Received(statement: $0, bytes: bytes, filename: file.filename) }
    }

    /// Stores a read statement for `user` (403 unless they review invoices) in a transaction of
    /// its own, a statement known already (the same file or the same bank reference) not twice;
    /// `then` reads what the caller answers with, in the same transaction.
    static func store<T: Sendable>(
        _ received: Received, by user: User, tenant: Tenant, database: Database,
        then answer: @Sendable (StatementQueries.Imported, TenantConnection) async throws -> T
    ) async throws -> T {
        guard Permissions.can(user, .reviewInvoices, .company) else { throw ActionRefusal.forbidden }
        return try await database.transaction(tenant: tenant.id) { db in
            let stored = try await StatementQueries.store(received.statement, filename: received.filename, bytes: received.bytes,
                                                          by: user.id, on: db)
            return try await answer(stored, db)
        }
    }
}
