/// The due date of an invoice ("Datum splatnosti: 14. 11. 2026", "Due date: 2026-11-14",
/// "Payment due 14 November 2026"), for the accountant's export. Only day-first or ISO dates
/// are read: "11/12/2026" could be either month first, so it is left empty. The answer is
/// `YYYY-MM-DD`.
public enum InvoiceDueDate {
    static let labels = ["datum splatnosti", "splatnost", "due date", "payment due", "date due", "due on"].map { Array($0.utf8) }

    static let englishMonths = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                "october", "november", "december"]

    /// A date sits right after its label: no more than this many bytes are looked through.
    static let reach = 80

    static func read(in text: InvoiceReader.Lines) -> String? {
        for (line, ends) in text.linesWithLabels(labels) {
            guard let label = ends.first else { continue }
            let range = text.lines[line]
            if let date = firstDate(in: text.folded, from: label, end: range.upperBound) { return date }
            // A layout that puts the value under its label: only when the label stands alone.
            if TextBytes.onlySpaceOrPunctuation(text.folded, from: label, end: min(range.upperBound, label + reach)),
               line + 1 < text.lines.count,
               let date = firstDate(in: text.folded, from: text.lines[line + 1].lowerBound, end: text.lines[line + 1].upperBound) {
                return date
            }
        }
        return nil
    }

    enum Token: Equatable {
        /// A run of ASCII digits: its value (while short) and length.
        case digits(Int, Int)
        /// A run of ASCII lower-case letters (nil when longer than a month's name).
        case letters(String?)
        /// A run of whitespace characters: how many.
        case space(Int)
        case other(UInt8)
    }

    /// The tokens that start within `reach` bytes of `from`; a run is read to its end.
    static func tokens(_ bytes: [UInt8], from: Int, end: Int) -> [Token] {
        var tokens: [Token] = []
        var index = from
        while index < end, index < from + reach {
            let start = index
            let byte = bytes[index]
            if TextBytes.isDigit(byte) {
                var value = 0
                while index < end, TextBytes.isDigit(bytes[index]) {
                    if index - start < 6 { value = value * 10 + TextBytes.digit(bytes[index]) }
                    index += 1
                }
                tokens.append(.digits(value, index - start))
            } else if byte >= 0x61, byte <= 0x7A {
                while index < end, bytes[index] >= 0x61, bytes[index] <= 0x7A { index += 1 }
                tokens.append(.letters(index - start <= 9 ? String(decoding: bytes[start..<index], as: UTF8.self) : nil))
            } else if TextBytes.whitespaceLength(bytes, at: index, end: end) > 0 {
                var count = 0
                while case let length = TextBytes.whitespaceLength(bytes, at: index, end: end), length > 0 {
                    index += length
                    count += 1
                }
                tokens.append(.space(count))
            } else {
                tokens.append(.other(byte))
                index += 1
            }
        }
        return tokens
    }

    /// The first date in the bytes: "14. 6. 2026" or "14.6.2026", then "2026-06-14", then
    /// "14 June 2026", then "June 14, 2026".
    static func firstDate(in bytes: [UInt8], from: Int, end: Int) -> String? {
        let tokens = tokens(bytes, from: from, end: end)
        func at(_ index: Int) -> Token? { index < tokens.count ? tokens[index] : nil }
        func digits(_ index: Int, _ lengths: ClosedRange<Int>) -> Int? {
            if case .digits(let value, let length) = at(index), lengths.contains(length) { return value }
            return nil
        }
        func month(_ index: Int) -> Int? {
            if case .letters(let word?) = at(index), let month = englishMonths.firstIndex(of: word) { return month + 1 }
            return nil
        }
        func space(_ index: Int) -> Bool { if case .space = at(index) { return true } else { return false } }
        /// Skips one whitespace character at `index`, if there is exactly one.
        func optionalSpace(_ index: Int) -> Int { at(index) == .space(1) ? index + 1 : index }

        for index in tokens.indices {
            guard let day = digits(index, 1...2), at(index + 1) == .other(0x2E) else { continue }
            let second = optionalSpace(index + 2)
            guard let month = digits(second, 1...2), at(second + 1) == .other(0x2E) else { continue }
            let third = optionalSpace(second + 2)
            if let year = digits(third, 4...4) { return iso(year: year, month: month, day: day) }
        }
        for index in tokens.indices {
            if let year = digits(index, 4...4), at(index + 1) == .other(0x2D), let month = digits(index + 2, 2...2),
               at(index + 3) == .other(0x2D), let day = digits(index + 4, 2...2) {
                return iso(year: year, month: month, day: day)
            }
        }
        for index in tokens.indices {
            if let day = digits(index, 1...2), space(index + 1), let month = month(index + 2), space(index + 3),
               let year = digits(index + 4, 4...4) {
                return iso(year: year, month: month, day: day)
            }
        }
        for index in tokens.indices {
            guard let month = month(index), space(index + 1), let day = digits(index + 2, 1...2) else { continue }
            let next = at(index + 3) == .other(0x2C) ? index + 4 : index + 3
            if space(next), let year = digits(next + 1, 4...4) { return iso(year: year, month: month, day: day) }
        }
        return nil
    }

    /// `YYYY-MM-DD` for a real day of the Gregorian calendar between 1900 and 2200.
    static func iso(year: Int, month: Int, day: Int) -> String? {
        guard (1900...2200).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
            return nil
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `text` is a date as `read` answers it.
    public static func isISODate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
              (bytes[0..<4] + bytes[5..<7] + bytes[8..<10]).allSatisfy(TextBytes.isDigit) else { return false }
        let number = { (range: Range<Int>) in bytes[range].reduce(0) { $0 * 10 + TextBytes.digit($1) } }
        return iso(year: number(0..<4), month: number(5..<7), day: number(8..<10)) == text
    }
}
