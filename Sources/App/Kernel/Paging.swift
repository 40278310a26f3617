/// Which page of a list is asked for: 1-based and bounded (a hostile `?page=` cannot ask for
/// an offset the database would have to walk), with the list's page size.
public struct PageRequest: Sendable, Equatable {
    /// The highest page number taken; beyond it, the last one asked for is this.
    public static let maxNumber = 10_000

    public let number: Int
    public let size: Int

    /// `number` clamped to 1…`maxNumber` (nil: the first page).
    public init(number: Int?, size: Int) {
        precondition(size > 0, "a page holds at least one row")
        self.number = min(max(number ?? 1, 1), Self.maxNumber)
        self.size = size
    }

    /// The SQL `OFFSET` of this page.
    public var offset: Int { (number - 1) * size }

    /// The SQL `LIMIT`: one row more than a page, which tells whether there is a next page.
    public var limit: Int { size + 1 }

    /// This page from the rows a statement with `limit` and `offset` returned.
    public func page<Row>(fetched rows: [Row]) -> Page<Row> {
        Page(rows: Array(rows.prefix(size)), number: number, hasNext: rows.count > size)
    }

    /// This page of a list held in memory; a number past the end shows the last page.
    public func page<Row>(of all: [Row]) -> Page<Row> {
        let count = max(1, (all.count + size - 1) / size)
        let shown = min(number, count)
        return Page(rows: Array(all.dropFirst((shown - 1) * size).prefix(size)), number: shown, hasNext: shown < count)
    }
}

/// One page of a list: its rows, its number, and whether another follows.
public struct Page<Row> {
    public let rows: [Row]
    public let number: Int
    public let hasNext: Bool

    public init(rows: [Row], number: Int, hasNext: Bool) {
        self.rows = rows
        self.number = number
        self.hasNext = hasNext
    }

    /// The links to the neighbouring pages, from the address of a page number.
    public func links(_ url: (Int) -> String) -> PageLinks {
        PageLinks(number: number, previousURL: number > 1 ? url(number - 1) : nil, nextURL: hasNext ? url(number + 1) : nil)
    }

    /// The same page with its rows changed (into what a page shows).
    public func map<Other>(_ transform: (Row) throws -> Other) rethrows -> Page<Other> {
        Page<Other>(rows: try rows.map(transform), number: number, hasNext: hasNext)
    }
}

extension Page: Sendable where Row: Sendable {}
extension Page: Equatable where Row: Equatable {}

/// What a pager shows: the page number and the links before and after it.
public struct PageLinks: Sendable, Equatable {
    public let number: Int
    public let previousURL: String?
    public let nextURL: String?
}

/// A window of a list for the API: `limit` items from `offset` (docs/ARCHITECTURE.md, "The API").
public struct ListWindow: Sendable, Equatable {
    public static let defaultLimit = 25
    public static let maxLimit = 100
    public static let maxOffset = 100_000

    public let limit: Int
    public let offset: Int

    /// Which of the two is out of range.
    public enum Problem: Error, Equatable { case limit, offset }

    /// The defaults for what is left out; throws for a value out of range.
    public init(limit: Int?, offset: Int?) throws(Problem) {
        let limit = limit ?? Self.defaultLimit, offset = offset ?? 0
        guard (1...Self.maxLimit).contains(limit) else { throw .limit }
        guard (0...Self.maxOffset).contains(offset) else { throw .offset }
        self.limit = limit
        self.offset = offset
    }

    /// This window of a list held in memory.
    public func slice<Row>(_ all: [Row]) -> [Row] {
        Array(all.dropFirst(offset).prefix(limit))
    }
}

/// A window of a list's rows and, when it was asked to count, how many the list holds in all
/// (`DirectoryRead`, `RateIncreasesRead`: the web's page and the API's window with its total).
public struct CountedRows<Row: Sendable>: Sendable {
    public let rows: [Row]
    public let total: Int?
}
