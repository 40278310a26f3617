import PostgresNIO

/// BEGIN and COMMIT as named prepared statements: every request opens and closes a transaction,
/// and an unnamed statement is parsed and described on both sides each time. Named, each pooled
/// connection parses them once and then only binds and executes them (docs/PERFORMANCE.md,
/// "What keeps a page fast"). Behind a transaction pooler they are sent unnamed, as every statement is.
enum TransactionStatements {
    struct Begin: BareStatement {
        static let name = "roster_begin"
        static let sql = "BEGIN"
    }

    struct BeginReadOnly: BareStatement {
        static let name = "roster_begin_read_only"
        static let sql = "BEGIN READ ONLY"
    }

    struct Commit: BareStatement {
        static let name = "roster_commit"
        static let sql = "COMMIT"
    }
}

/// A prepared statement without parameters or rows.
protocol BareStatement: PostgresPreparedStatement where Row == Void {}

extension BareStatement {
    static var bindingDataTypes: [PostgresDataType] { [] }
    func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    func decodeRow(_ row: PostgresRow) throws {}
}

extension PostgresConnection {
    /// Runs a statement that returns no rows, to its end.
    func complete<Statement: BareStatement>(_ statement: Statement, named: Bool, logger: Logger) async throws {
        for try await _ in try await run(statement, named: named, logger: logger) {}
    }
}
