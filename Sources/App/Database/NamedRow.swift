import PostgresNIO

/// A row read by column name: a column added to a statement cannot shift the others, and a name
/// the statement does not return is a thrown error, not a crash.
///
///     let row = NamedRow(rows[0])
///     let state: String = try row("state")
public struct NamedRow: Sendable {
    public struct MissingColumn: Error, CustomStringConvertible {
        public let name: String
        public var description: String { "the statement returns no column \"\(name)\"" }
    }

    private let row: PostgresRandomAccessRow

    public init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    /// The value of `column`, decoded as `T` (`PostgresCell.anyValue`: read from its bytes for
    /// the types Roster reads most; every page's shell is a row of some thirty named columns).
    public func callAsFunction<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        guard row.contains(column) else { throw MissingColumn(name: column) }
        return try row[column].anyValue(T.self)
    }
}
