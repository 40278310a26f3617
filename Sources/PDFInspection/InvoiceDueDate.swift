/// The due date of an invoice ("Datum splatnosti: 14. 11. 2026", "Due date: 2026-11-14",
/// "Payment due 14 November 2026"), for the accountant's export. Only day-first or ISO dates
/// are read: "11/12/2026" could be either month first, so it is left empty.
enum InvoiceDueDate {
    static let labels = ["datum splatnosti", "splatnost", "due date", "payment due", "date due", "due on"]

    static let englishMonths = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                "october", "november", "december"]

    static func read(in lines: [String]) -> LocalDate? {
        for (index, line) in lines.enumerated() {
            let lower = line.lowercased()
            guard let label = labels.compactMap({ lower.range(of: $0) }).first else { continue }
            // A date sits right after its label; a long tail is not looked through.
            let tail = lower[label.upperBound...].prefix(60)
            if let date = firstDate(in: tail) { return date }
            // A layout that puts the value under its label: only when the label stands alone.
            if tail.allSatisfy({ $0.isWhitespace || $0.isPunctuation }), index + 1 < lines.count,
               let date = firstDate(in: Substring(lines[index + 1].lowercased().prefix(60))) { return date }
        }
        return nil
    }

    static func firstDate(in text: Substring) -> LocalDate? {
        if let m = text.firstMatch(of: /(?:^|[^0-9])([0-9]{1,2})\.\s?([0-9]{1,2})\.\s?([0-9]{4})(?![0-9])/) {
            return LocalDate(year: Int(m.3)!, month: Int(m.2)!, day: Int(m.1)!)
        }
        if let m = text.firstMatch(of: /(?:^|[^0-9])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![0-9])/) {
            return LocalDate(year: Int(m.1)!, month: Int(m.2)!, day: Int(m.3)!)
        }
        if let m = text.firstMatch(of: /(?:^|[^0-9])([0-9]{1,2})\s+([a-z]{3,9})\s+([0-9]{4})(?![0-9])/),
           let month = englishMonths.firstIndex(of: String(m.2)) {
            return LocalDate(year: Int(m.3)!, month: month + 1, day: Int(m.1)!)
        }
        if let m = text.firstMatch(of: /([a-z]{3,9})\s+([0-9]{1,2}),?\s+([0-9]{4})(?![0-9])/),
           let month = englishMonths.firstIndex(of: String(m.1)) {
            return LocalDate(year: Int(m.3)!, month: month + 1, day: Int(m.2)!)
        }
        return nil
    }
}
