import PostgresNIO

/// BEGIN and COMMIT as named prepared statements: every request opens and closes a transaction,
/// and an unnamed statement is parsed and described on both sides each time. Named, each pooled
/// connection parses them once and then only binds and executes them (docs/ARCHITECTURE.md,
/// "Page speed"). Behind a transaction pooler they are sent unnamed, as every statement is.
enum TransactionStatements {
    struct Begin: PostgresPreparedStatement {
        static let name = "roster_begin"
        static let sql = "BEGIN"
        static let bindingDataTypes: [PostgresDataType] = []
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    struct BeginReadOnly: PostgresPreparedStatement {
        static let name = "roster_begin_read_only"
        static let sql = "BEGIN READ ONLY"
        static let bindingDataTypes: [PostgresDataType] = []
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws {}
    }

    struct Commit: PostgresPreparedStatement {
        static let name = "roster_commit"
        static let sql = "COMMIT"
        static let bindingDataTypes: [PostgresDataType] = []
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
        func decodeRow(_ row: PostgresRow) throws {}
    }
}

extension PostgresConnection {
    /// Runs a statement that returns no rows, to its end.
    func complete<Statement: PostgresPreparedStatement>(_ statement: Statement, logger: Logger) async throws
    where Statement.Row == Void {
        for try await _ in try await run(statement, logger: logger) {}
    }
}
