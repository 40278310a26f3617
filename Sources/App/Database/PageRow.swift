import Foundation
import PostgresNIO

/// One row of a page read (`PageRead`). The page's columns come first (`page_part`, `page_n`,
/// then the page's own), so a page decodes the prefix it needs by place.
struct PageRow: Sendable {
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
    /// (`PageLayout.places(of:)`), read in one walk along the row that steps over the cells
    /// between by their lengths and reads only its own (a random-access copy of every cell of a
    /// wide row cost the month of time a sixth of its server's time).
    func cells(at places: [Int]) -> PlaceCursor {
        PlaceCursor(row: row, places: places)
    }

    /// A column asked for beyond the part's places.
    struct MissingColumn: Error, CustomStringConvertible {
        let place: Int
        var description: String { "a page read's part has no column \(place)" }
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
