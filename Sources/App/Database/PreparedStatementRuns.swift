import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs `statement`: named (parsed and planned once per connection) on a connection that
    /// keeps named statements (`DatabasePool.namedStatements`), else unnamed with the same text,
    /// bindings and row decoding.
    func run<Statement: PostgresPreparedStatement>(
        _ statement: Statement, named: Bool, logger: Logger
    ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> {
        if named { return try await execute(statement, logger: logger) }
        let rows = try await query(PostgresQuery(unsafeSQL: Statement.sql, binds: try statement.makeBindings()), logger: logger)
        return rows.map { try statement.decodeRow($0) }
    }

    /// Runs `statement` (`run`) and reads it to its end.
    func rows<Statement: PostgresPreparedStatement>(
        of statement: Statement, named: Bool, logger: Logger
    ) async throws -> [Statement.Row] {
        try await run(statement, named: named, logger: logger).reduce(into: []) { $0.append($1) }
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
