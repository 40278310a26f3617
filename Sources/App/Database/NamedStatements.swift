import Logging
import PostgresNIO
import Synchronization

/// Whether named prepared statements may be used (`DATABASE_POOLER`).
///
/// A named prepared statement lives in one server session. Behind a pooler in transaction mode
/// (PgBouncer's `pool_mode = transaction`) each transaction may land on another server session,
/// where the name is unknown, so there the same statements are sent unnamed: parsed and planned
/// with each execution, as every other statement is. The choice belongs to the deployment, not to
/// a request, so it is made once for the process when the application is configured.
public enum NamedStatements {
    private static let allowed = Atomic<Bool>(true)

    public static var areAllowed: Bool { allowed.load(ordering: .relaxed) }

    /// Set from the settings at configuration (`AppSettings.transactionPooler`).
    public static func allow(_ value: Bool) { allowed.store(value, ordering: .relaxed) }
}

extension PostgresConnection {
    /// Runs `statement`: named (parsed and planned once per connection) unless a transaction
    /// pooler forbids it, then unnamed with the same text, bindings and row decoding.
    func run<Statement: PostgresPreparedStatement>(
        _ statement: Statement, named: Bool = NamedStatements.areAllowed, logger: Logger
    ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> {
        if named { return try await execute(statement, logger: logger) }
        let rows = try await query(PostgresQuery(unsafeSQL: Statement.sql, binds: try statement.makeBindings()), logger: logger)
        return rows.map { try statement.decodeRow($0) }
    }

    /// Runs `statement` (`run`) and reads it to its end.
    func rows<Statement: PostgresPreparedStatement>(
        of statement: Statement, logger: Logger
    ) async throws -> [Statement.Row] {
        try await run(statement, logger: logger).reduce(into: []) { $0.append($1) }
    }
}

/// A named prepared statement whose rows its caller decodes, as it decodes a query's: for the
/// statements every view of a page runs (`TenantConnection.rows(of:)`; docs/PERFORMANCE.md,
/// "What keeps a page fast"). An unnamed statement is parsed and planned on each run: a tenth to a third of a
/// millisecond of the database's time for each of the time pages' statements, more than running it.
protocol RowsStatement: PostgresPreparedStatement where Row == PostgresRow {}

extension RowsStatement {
    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }
}
