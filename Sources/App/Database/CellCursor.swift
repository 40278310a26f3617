import PostgresNIO

/// Reads a row's cells in order, each as a concrete type: for the desk's thousand rows of 21
/// columns. PostgresNIO's tuple decoding reaches each column's type through its parameter pack
/// at run time, and an optional column's type is looked up in the runtime's metadata cache on
/// every cell; here each read is compiled for its type. Measured against the tuples, that saved
/// the desk only a few per cent (each cell is still a `PostgresCell`); reading by place instead
/// of by name (`NamedRow`) is what saved most.
struct CellCursor {
    struct MissingCell: Error, CustomStringConvertible {
        let index: Int
        var description: String { "the row has no column \(index)" }
    }

    private let row: PostgresRow
    private var position: PostgresRow.Index
    private var index = 0

    init(_ row: PostgresRow) {
        self.row = row
        position = row.startIndex
    }

    /// The cells of `row` from its column `first` on (a row whose columns are several
    /// statements' side by side: `DeskPeople`). The cells before it are stepped over by their
    /// lengths, not read.
    init(_ row: PostgresRow, from first: Int) {
        self.init(row)
        skip(to: first)
    }

    /// Steps over the cells before column `column` by their lengths, without reading them (a
    /// page read's part reads its own columns among others', `PageRow.cells(at:)`). Nothing
    /// happens when the cursor is at or past it already.
    mutating func skip(to column: Int) {
        let end = row.endIndex
        while index < column, position < end {
            position = row.index(after: position)
            index += 1
        }
    }

    private mutating func cell() throws -> PostgresCell {
        guard position < row.endIndex else { throw MissingCell(index: index) }
        let cell = row[position]
        position = row.index(after: position)
        index += 1
        return cell
    }

    /// The next cell, which is not NULL.
    mutating func next<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
        try cell().value(T.self)
    }

    /// The next cell, nil when NULL.
    mutating func optional<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T? {
        try cell().optionalValue(T.self)
    }

    /// The next cell as `T`, which may be an optional type (`PostgresCell.anyValue`).
    mutating func anyValue<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
        try cell().anyValue(T.self)
    }
}
