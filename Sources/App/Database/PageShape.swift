/// Which of a page read's statements runs: the read's optional filters that are set, and whether
/// its window is the web page's (docs/PERFORMANCE.md, "What keeps a page fast").
///
/// A prepared statement is planned once for any values (PostgreSQL's generic plan). A filter
/// written `($7 IS NULL OR u.team_id = $7)` leaves the planner guessing at how many rows it keeps,
/// and it guesses few: it then sorts every row of the month instead of walking the surname index
/// to the page's 26 rows; and a `LIMIT $10 OFFSET $11` is planned as a tenth of the rows, which
/// makes the one plan look dearer than planning each run anew, so PostgreSQL plans every run
/// (2 ms of the overview's 3). So a read with optional filters makes, from its one definition
/// (`PageSQL`), a statement for each set of its filters: an absent filter is not in the text, a
/// present one is a plain condition; and the web's first page, the one people open, has its
/// window written into the text (`LIMIT 26`, no offset). The values stay parameters.
struct PageShape: Sendable, Equatable {
    /// The read's optional filters this statement holds, a bit each, in the read's own order.
    let filters: UInt
    /// The web's first page's `LIMIT`, written into the statement's text (with no offset); nil
    /// when the window is the read's parameters (a later page, the API's and the exports' windows).
    let window: Int?

    /// The only statement of a read without optional filters or a window.
    static let only = PageShape(filters: 0, window: nil)

    /// Whether the statement holds `filter` (one of the read's, a bit of `filters`).
    func has<Filter: OptionSet>(_ filter: Filter) -> Bool where Filter.RawValue == UInt {
        filters & filter.rawValue == filter.rawValue
    }

    /// `text` when the statement holds `filter`, else nothing.
    func when<Filter: OptionSet>(_ filter: Filter, _ text: String) -> String where Filter.RawValue == UInt {
        has(filter) ? text : ""
    }

    /// The statement's window: the first page's `LIMIT` written as a number, else the parameters
    /// `limit` and `offset`.
    func limit(_ limit: String, offset: String) -> String {
        window.map { "LIMIT \($0)" } ?? "LIMIT \(limit) OFFSET \(offset)"
    }
}

/// A statement's place among its read's shapes, as a type: PostgresNIO names a prepared statement
/// after its type, so each shape's statement needs a type of its own (`pageShapeSlot(at:)`).
protocol PageShapeSlot: Sendable {
    static var index: Int { get }
}

private enum NoShapeBit: PageShapeSlot {
    static var index: Int { 0 }
}

/// The slot `Rest.index * 2 + bit`: a slot's type spells its index in binary.
private enum ShapeBit<Rest: PageShapeSlot, Bit: PageShapeSlot>: PageShapeSlot {
    static var index: Int { Rest.index * 2 + Bit.index }
}

private enum OneShapeBit: PageShapeSlot {
    static var index: Int { 1 }
}

/// The slot of the statement at `index` (at least 0).
func pageShapeSlot(at index: Int) -> any PageShapeSlot.Type {
    precondition(index >= 0, "a page read's statement has no negative place")
    if index < 2 { return index == 0 ? NoShapeBit.self : OneShapeBit.self }
    return appending(bit: index % 2, to: pageShapeSlot(at: index / 2))
}

private func appending<Rest: PageShapeSlot>(bit: Int, to _: Rest.Type) -> any PageShapeSlot.Type {
    bit == 0 ? ShapeBit<Rest, NoShapeBit>.self : ShapeBit<Rest, OneShapeBit>.self
}
