import Foundation
import Logging
import PostgresNIO

/// A list page as first opened, read by the request's first statement itself: one round trip for
/// the whole page, with no BEGIN and no COMMIT (docs/PERFORMANCE.md, "What keeps a page fast": "One round
/// trip for a list as first opened").
///
/// The statement is the shell's (`EnterTenantSQL.text(firstView:teams:)`) with the page's
/// `LATERAL` subqueries after it. They hold to the shell's rule: each depends on the tenant row
/// (`sh.entered`) and on the live session (`sh.session_id IS NOT NULL`), and cannot be merged into
/// the outer query (a `LIMIT`, an aggregate, a `UNION ALL`), so it runs after `set_config` has set
/// the tenant, and reads nothing for a visitor who is not signed in. The statement runs in
/// PostgreSQL's implicit transaction of one statement, so the tenant it sets ends with it. It is a
/// `SELECT` that calls no function that writes, and the handler gets no connection (`Request.db`
/// throws): a GET stays read-only by construction.
///
/// The page's rows are `page`, and its columns come first: `page_part` tells a row's kind and
/// `page_n` its place. Part 0 is always there, one row that carries the shell's columns (the other
/// rows have them NULL); the page's other parts are its own.
protocol FirstViewQuery: Sendable {
    /// The prepared statement's name and text (`EnterTenantSQL.text(firstView:teams:)`).
    static var statementName: String { get }
    static var statementSQL: String { get }
    /// Whether the statement reads the teams (`EnterTenantSQL.text(firstView:teams:)`): a page
    /// with a team filter (`RouteOption.teamNames`). Another page asking for them gets an error,
    /// not an empty list (`Request.teamNames()`, and a first view has no connection to read them).
    static var readsTeams: Bool { get }
    /// The types of the page's own parameters: `$4` on.
    static var pageBindingTypes: [PostgresDataType] { get }
    func appendBindings(to bindings: inout PostgresBindings) throws
}

/// A first view whose one parameter is the application clock's instant (`$4`), from which the
/// statement works out the tenant's today.
protocol FirstViewAtInstant: FirstViewQuery {
    var now: Date { get }
}

extension FirstViewAtInstant {
    static var pageBindingTypes: [PostgresDataType] { [.timestamptz] }
    func appendBindings(to bindings: inout PostgresBindings) throws { bindings.append(now) }
}

/// A first view of a month: the one the address names (`$4`, its first day), or this month in the
/// tenant's time zone, which the statement works out from the application clock's instant (`$5`)
/// when the address names none (`month` nil).
protocol FirstViewOfMonth: FirstViewQuery {
    var month: Month? { get }
    var now: Date { get }
}

extension FirstViewOfMonth {
    static var pageBindingTypes: [PostgresDataType] { [.text, .timestamptz] }

    func appendBindings(to bindings: inout PostgresBindings) throws {
        bindings.append(month?.first.iso)
        bindings.append(now)
    }
}

/// The columns of a first view's parts. A row holds one part's values; the other parts' columns
/// are NULL in it. The parts share columns where they can: each part's columns are placed, in
/// order, on the first column after the previous one that has the same SQL type, and a new
/// column is added at the end only where none is free. A statement whose parts each had columns
/// of their own was as wide as all its parts together (the week's 40 columns, 19 now), and
/// PostgreSQL sets up and fills every column of every branch for every execution: a wide row
/// cost the week about a quarter of its database time. The places are increasing within a part,
/// so a part's columns are read in one walk along the row (`FirstViewRow.cells(at:)`). The
/// select lists are generated from one table of the parts' SQL types, so no one counts NULLs or
/// places by hand.
struct FirstViewLayout: Sendable {
    /// Per part, the SQL types of its columns, in order.
    let parts: [[String]]
    /// The SQL type of each shared column, in order.
    let columnTypes: [String]
    /// Per part, the place of each of its columns in a row (0 is `page_part`, 1 `page_n`).
    private let places: [[Int]]

    init(parts: [[String]]) {
        self.parts = parts
        var types: [String] = [], places: [[Int]] = []
        for part in parts {
            var placed: [Int] = [], after = -1
            for type in part {
                let column = types.indices.first { $0 > after && types[$0] == type } ?? {
                    types.append(type)
                    return types.count - 1
                }()
                placed.append(2 + column)
                after = column
            }
            places.append(placed)
        }
        columnTypes = types
        self.places = places
    }

    /// The places of part `part`'s columns in a row, in the part's order (increasing).
    func places(of part: Int) -> [Int] { places[part] }

    /// The select list of a row of part `part`: `page_part`, `page_n` (the expression `n`), then
    /// every column, the part's own from `values` (its expressions in order, separated by commas)
    /// and NULL for the others. Part 0's row names the columns. A part may have no columns
    /// (`values` empty).
    func columns(_ part: Int, _ n: String, _ values: String) -> String {
        let own = values.isEmpty ? [] : Self.expressions(values)
        precondition(own.count == parts[part].count,
                     "part \(part) of a first view gives \(own.count) values for \(parts[part].count) columns")
        var list = part == 0 ? ["0 AS page_part", "\(n)::bigint AS page_n"] : ["\(part)", "\(n)"]
        var next = 0
        for (column, type) in columnTypes.enumerated() {
            let value: String
            if next < own.count && places[part][next] == 2 + column {
                value = own[next]
                next += 1
            } else {
                value = "NULL::\(type)"
            }
            list.append(part == 0 ? "\(value) AS page_c\(column)" : value)
        }
        return list.joined(separator: ", ")
    }

    /// The comma-separated expressions of a select list, split where a comma stands outside
    /// parentheses, brackets and quotes (the lists are the statements' own text, never input).
    static func expressions(_ list: String) -> [String] {
        var result: [String] = [], current = "", depth = 0, quote: Character?
        for character in list {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
            } else if character == ",", depth == 0 {
                result.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
                current = ""
                continue
            }
            current.append(character)
        }
        result.append(current.trimmingCharacters(in: .whitespacesAndNewlines))
        return result
    }
}

/// What the first statement of a first view read: the shell's, and the page's rows.
struct EnteredFirstView: Sendable {
    let tenant: Tenant
    let session: BrowserSession?
    /// The tenant's teams by name, when the statement read them (`FirstViewQuery.readsTeams`).
    let teams: [(id: UUID, name: String)]?
    /// The page's rows in the order of their part and place (part 0 first); none when nobody is
    /// signed in.
    let rows: [FirstViewRow]
}

/// One row of a first view's statement. The page's columns come first (`page_part`, `page_n`,
/// then the page's own), so a page decodes the prefix it needs by place.
struct FirstViewRow: Sendable {
    let row: PostgresRow
    /// The kind of row (`page_part`).
    let part: Int
    /// Its place among the rows of its kind (`page_n`).
    let n: Int64

    /// The row's cells from column `first` on, each read as the type the call names
    /// (`CellCursor`): the pages of one kind of row read their columns this way.
    func cells(from first: Int) -> CellCursor {
        CellCursor(row, from: first)
    }

    /// The cells at `places` (increasing; 0 is `page_part`): one part's columns
    /// (`FirstViewLayout.places(of:)`), read in one walk along the row that steps over the cells
    /// between by their lengths and reads only its own (a random-access copy of every cell of a
    /// wide row cost the month of time a sixth of its server's time).
    func cells(at places: [Int]) -> PlaceCursor {
        PlaceCursor(row: row, places: places)
    }

    /// A column asked for beyond the part's places.
    struct MissingColumn: Error, CustomStringConvertible {
        let place: Int
        var description: String { "a first view's part has no column \(place)" }
    }

    /// Walks along a row to the cells at `places` (a `CellCursor` stepping over the cells between
    /// by their lengths), reading each as the type the call names (`PostgresCell.anyValue`; an
    /// optional type is nil for NULL). Called with a concrete type, each read is compiled for it;
    /// the tuples of a parameter pack PostgresNIO decodes are not, and each of their cells went
    /// through a dynamic cast and the runtime's metadata cache. A column beyond the row is the
    /// cursor's `MissingCell`.
    struct PlaceCursor {
        private var cells: CellCursor
        private let places: [Int]
        private var taken = 0

        fileprivate init(row: PostgresRow, places: [Int]) {
            cells = CellCursor(row)
            self.places = places
        }

        mutating func next<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
            guard taken < places.count else { throw MissingColumn(place: (places.last ?? -1) + 1) }
            cells.skip(to: places[taken])
            taken += 1
            return try cells.anyValue(T.self)
        }
    }
}

private struct FirstViewStatement<Query: FirstViewQuery>: RowsStatement {
    static var name: String { Query.statementName }
    static var sql: String { Query.statementSQL }
    static var bindingDataTypes: [PostgresDataType] { [.text, .bytea, .int4] + Query.pageBindingTypes }

    let slug: String
    let session: SessionLookup?
    let query: Query

    func makeBindings() throws -> PostgresBindings {
        var bindings = try EnterTenantSQL.bindings(slug: slug, session: session)
        try query.appendBindings(to: &bindings)
        return bindings
    }
}

extension PostgresConnection {
    /// A first view's one statement, outside any transaction (its own implicit one). Nil when no
    /// tenant has that slug.
    func enterFirstView(
        slug: String, session: SessionLookup?, query: some FirstViewQuery, logger: Logger
    ) async throws -> EnteredFirstView? {
        let rows = try await self.rows(of: FirstViewStatement(slug: slug, session: session, query: query), logger: logger)
        var page = try rows.map { row in
            var cells = CellCursor(row)
            return FirstViewRow(row: row, part: try cells.next(Int.self), n: try cells.next(Int64.self))
        }
        page.sort { ($0.part, $0.n) < ($1.part, $1.n) }
        guard let first = page.first, first.part == 0 else { return nil }
        let shell = try ShellRow(first.row, teams: type(of: query).readsTeams)
        return EnteredFirstView(tenant: shell.tenant, session: shell.session, teams: shell.teams,
                                rows: shell.session == nil ? [] : page)
    }
}
