import Foundation

/// The columns of a page read's parts (`PageRead`). A row holds one part's values; the other parts' columns
/// are NULL in it. The parts share columns where they can: each part's columns are placed, in
/// order, on the first column after the previous one that has the same SQL type, and a new
/// column is added at the end only where none is free. A statement whose parts each had columns
/// of their own was as wide as all its parts together (the week's 40 columns, 19 now), and
/// PostgreSQL sets up and fills every column of every branch for every execution: a wide row
/// cost the week about a quarter of its database time. The places are increasing within a part,
/// so a part's columns are read in one walk along the row (`PageRow.cells(at:)`). The
/// select lists are generated from one table of the parts' SQL types, so no one counts NULLs or
/// places by hand.
struct PageLayout: Sendable {
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
                     "part \(part) of a page read gives \(own.count) values for \(parts[part].count) columns")
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
