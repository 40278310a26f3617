/// What Roster reads from an invoice's text (lines in reading order). Every field is either read
/// by an explicit rule or left empty: nothing is guessed. The inspector reads it next to the
/// text it reports; the server checks each field again when it decodes the report.
public struct InvoiceReading: Sendable, Equatable, Codable {
    public var total: InvoiceAmount?
    public var account: CzechAccount?
    public var iban: IBAN?
    public var variableSymbol: String?
    public var invoiceNumber: String?
    public var supplierID: String?
    /// `YYYY-MM-DD`.
    public var dueDate: String?

    public init(total: InvoiceAmount? = nil, account: CzechAccount? = nil, iban: IBAN? = nil, variableSymbol: String? = nil,
                invoiceNumber: String? = nil, supplierID: String? = nil, dueDate: String? = nil) {
        self.total = total
        self.account = account
        self.iban = iban
        self.variableSymbol = variableSymbol
        self.invoiceNumber = invoiceNumber
        self.supplierID = supplierID
        self.dueDate = dueDate
    }

    enum CodingKeys: String, CodingKey {
        case total, account, iban, variableSymbol, invoiceNumber, supplierID, dueDate
    }

    /// Every field must be what its rule could have read; anything else makes the whole answer
    /// unreadable (the amount, account and IBAN check themselves).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func checked(_ key: CodingKeys, _ rule: (String) -> Bool) throws -> String? {
            guard let value = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard rule(value) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not what the rule reads")
            }
            return value
        }
        self.init(total: try container.decodeIfPresent(InvoiceAmount.self, forKey: .total),
                  account: try container.decodeIfPresent(CzechAccount.self, forKey: .account),
                  iban: try container.decodeIfPresent(IBAN.self, forKey: .iban),
                  variableSymbol: try checked(.variableSymbol, InvoiceReader.isVariableSymbol),
                  invoiceNumber: try checked(.invoiceNumber, InvoiceReader.isInvoiceNumber),
                  supplierID: try checked(.supplierID, CompanyID.isValid),
                  dueDate: try checked(.dueDate, InvoiceDueDate.isISODate))
    }
}

public enum InvoiceReader {
    /// Labels of the amount to pay, strongest first; a plain "Celkem"/"Total" counts only when
    /// it is the invoice's only total line.
    static let totalLabels = [
        "celkem k úhradě", "celkem k uhrade", "částka k úhradě", "k úhradě", "k uhrade", "zbývá uhradit",
        "celkem k zaplacení", "k zaplacení", "total due", "amount due", "balance due", "total to pay", "total amount due",
    ].map { Array($0.utf8) }
    static let plainTotalLabels = ["celkem", "total"].map { Array($0.utf8) }
    static let subtotalWords = ["mezisoučet", "subtotal"].map { Array($0.utf8) }

    /// The most text read (the inspector reports no more either).
    public static let maxTextBytes = InspectionReport.maxTextBytes
    /// A line is read up to this many bytes; an invoice's lines are far shorter.
    public static let maxLineBytes = 1_000

    /// The text as UTF-8 lines (the form feeds between pages end lines too), each cut at
    /// `maxLineBytes`, and the same bytes folded to lower case at the same positions.
    struct Lines {
        let bytes: [UInt8]
        let folded: [UInt8]
        /// Non-empty lines, as ranges of `bytes`, which holds them separated by "\n".
        let lines: [Range<Int>]

        init(_ text: String) {
            var bytes: [UInt8] = [], lines: [Range<Int>] = []
            bytes.reserveCapacity(min(text.utf8.count, InvoiceReader.maxTextBytes))
            var start = 0, cut = false
            for byte in text.utf8.prefix(InvoiceReader.maxTextBytes) {
                // Line ends: \n, \v, \f (between pages), \r.
                if byte >= 0x0A && byte <= 0x0D {
                    if bytes.count > start {
                        lines.append(start..<bytes.count)
                        bytes.append(0x0A)
                    }
                    start = bytes.count
                    cut = false
                    continue
                }
                if cut { continue }
                if bytes.count - start == InvoiceReader.maxLineBytes {
                    cut = true
                    // The cut may split a word, a figure or a character ("VS 1234" of
                    // "VS 123456789012"): the line ends at its last space before the cut.
                    if byte != 0x20, byte != 0x09 {
                        while bytes.count > start, let last = bytes.last, last != 0x20, last != 0x09 { bytes.removeLast() }
                    }
                    continue
                }
                bytes.append(byte)
            }
            // A text cut at the limit: its last line, cut too, is not read.
            if text.utf8.count > InvoiceReader.maxTextBytes, !cut {
                bytes.removeSubrange(start...)
            }
            if bytes.count > start { lines.append(start..<bytes.count) }
            self.bytes = bytes
            // U+0085, U+2028 and U+2029 end lines too.
            self.lines = Self.splitUnicodeSeparators(bytes, lines)
            folded = TextBytes.folded(bytes)
        }

        static func splitUnicodeSeparators(_ bytes: [UInt8], _ lines: [Range<Int>]) -> [Range<Int>] {
            var out: [Range<Int>] = []
            for line in lines {
                var start = line.lowerBound, index = line.lowerBound
                while index < line.upperBound {
                    var length = 0
                    if bytes[index] == 0xC2, index + 1 < line.upperBound, bytes[index + 1] == 0x85 { length = 2 }
                    if bytes[index] == 0xE2, index + 2 < line.upperBound, bytes[index + 1] == 0x80,
                       bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 { length = 3 }
                    if length > 0 {
                        if index > start { out.append(start..<index) }
                        index += length
                        start = index
                    } else {
                        index += 1
                    }
                }
                if line.upperBound > start { out.append(start..<line.upperBound) }
            }
            return out
        }

        /// The lines where `label` occurs, in order, each with where the label's first
        /// occurrence on it ends. One pass: after a line's first occurrence, the search goes
        /// on from the next line.
        func firstPlaces(of label: [UInt8]) -> [(line: Int, end: Int)] {
            var places: [(line: Int, end: Int)] = []
            guard !label.isEmpty, !lines.isEmpty else { return places }
            folded.withUnsafeBufferPointer { haystack in
                label.withUnsafeBufferPointer { wanted in
                    var from = 0, line = 0
                    while let position = TextBytes.find(wanted, in: haystack, from: from, end: haystack.count) {
                        while line < lines.count, lines[line].upperBound < position + label.count { line += 1 }
                        guard line < lines.count else { return }
                        if lines[line].lowerBound <= position {
                            places.append((line, position + label.count))
                            from = lines[line].upperBound
                        } else {
                            from = position + 1
                        }
                    }
                }
            }
            return places
        }

        /// For each line where one of `labels` occurs (in order), the end of the first of the
        /// labels (in their order) that occurs on it.
        func linesWithLabels(_ labels: [[UInt8]]) -> [(line: Int, ends: [Int])] {
            var byLine: [Int: [Int]] = [:]
            for label in labels {
                for place in firstPlaces(of: label) { byLine[place.line, default: []].append(place.end) }
            }
            return byLine.keys.sorted().map { ($0, byLine[$0] ?? []) }
        }
    }

    public static func read(_ text: String) -> InvoiceReading {
        let lines = Lines(text)
        var reading = InvoiceReading()
        reading.total = total(in: lines)
        (reading.account, reading.iban) = accounts(in: lines.bytes)
        reading.variableSymbol = variableSymbol(in: lines)
        reading.invoiceNumber = invoiceNumber(in: lines)
        reading.supplierID = supplierID(in: lines)
        reading.dueDate = InvoiceDueDate.read(in: lines)
        return reading
    }

    /// The amount on the line of the strongest label (or on the line after it, for layouts that
    /// put the figure under its label); the last amount on that line, which is the one after VAT.
    static func total(in text: Lines) -> InvoiceAmount? {
        // The last amount of each line, worked out once however many labels look at the line.
        var lastAmounts: [Int: InvoiceAmount?] = [:]
        func lastAmount(on line: Int) -> InvoiceAmount? {
            if let known = lastAmounts[line] { return known }
            let range = text.lines[line]
            let amount = InvoiceAmount.all(in: text.bytes, from: range.lowerBound, end: range.upperBound).last
            lastAmounts[line] = amount
            return amount
        }
        for label in totalLabels {
            for (line, tail) in text.firstPlaces(of: label) {
                // Only after the label; the line's last amount, when there is one, is after it.
                if lastAmount(on: line) != nil,
                   let amount = InvoiceAmount.all(in: text.bytes, from: tail, end: text.lines[line].upperBound).last { return amount }
                if line + 1 < text.lines.count, let amount = lastAmount(on: line + 1) { return amount }
            }
        }
        // A plain "Celkem"/"Total" as a word of its own, on a line that is not a subtotal.
        var plain: Set<Int> = []
        for label in plainTotalLabels {
            for (line, _) in text.firstPlaces(of: label) {
                let range = text.lines[line]
                guard containsWord(label, in: text.folded, range),
                      subtotalWords.allSatisfy({ TextBytes.find($0, in: text.folded, from: range.lowerBound, end: range.upperBound) == nil })
                else { continue }
                plain.insert(line)
                if plain.count > 1 { return nil }
            }
        }
        guard let line = plain.first else { return nil }
        let range = text.lines[line]
        return InvoiceAmount.all(in: text.bytes, from: range.lowerBound, end: range.upperBound).last
    }

    /// Whether `word` stands in the range as a word of its own (no letter or digit touching it).
    static func containsWord(_ word: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var from = range.lowerBound
        while let found = TextBytes.find(word, in: bytes, from: from, end: range.upperBound) {
            if !TextBytes.wordCharacter(before: found, in: bytes, start: range.lowerBound),
               !TextBytes.wordCharacter(at: found + word.count, in: bytes, end: range.upperBound) { return true }
            from = found + 1
        }
        return false
    }

    /// Valid Czech account numbers and IBANs; when there are several different ones, none
    /// (the invoice names more than one account and Roster will not pick).
    static func accounts(in bytes: [UInt8]) -> (CzechAccount?, IBAN?) {
        let accounts = czechAccounts(in: bytes)
        let ibans = ibans(in: bytes)
        var account = accounts.count == 1 ? accounts.first.flatMap { CzechAccount($0) } : nil
        let iban = ibans.count == 1 ? ibans.first.flatMap { IBAN($0) } : nil
        // A Czech IBAN alone names the account too.
        if account == nil, accounts.isEmpty, let iban { account = iban.czechAccount }
        if let account, let iban, iban.value.hasPrefix("CZ"), iban != account.iban { return (nil, nil) }
        return (account, iban)
    }

    /// "prefix-number/bank" around every slash: up to 6 digits and a dash (a space on either
    /// side of it allowed), 2 to 10 digits, the slash (a space on either side allowed), 4 digits.
    /// Each slash is looked at once, a few characters either side: linear in the text.
    static func czechAccounts(in bytes: [UInt8]) -> Set<String> {
        var found: Set<String> = []
        let end = bytes.count
        /// The run of digits that ends just before `index`, if it is 1 to `most` digits long.
        func digitsBefore(_ index: Int, most: Int) -> Int? {
            var start = index
            while start > 0, index - start <= most, TextBytes.isDigit(bytes[start - 1]) { start -= 1 }
            let count = index - start
            return count >= 1 && count <= most ? start : nil
        }
        /// Whether an account may start at `index`: not right after a digit, a dash or a slash.
        func boundary(_ index: Int) -> Bool {
            index == 0 || !(TextBytes.isDigit(bytes[index - 1]) || bytes[index - 1] == 0x2D || bytes[index - 1] == 0x2F)
        }
        var slash = 0
        while slash < end {
            defer { slash += 1 }
            guard bytes[slash] == 0x2F else { continue }
            var bank = slash + 1
            if bank < end, bytes[bank] == 0x20 { bank += 1 }
            guard bank + 4 <= end, (bank..<(bank + 4)).allSatisfy({ TextBytes.isDigit(bytes[$0]) }),
                  bank + 4 == end || !TextBytes.isDigit(bytes[bank + 4]) else { continue }
            var numberEnd = slash
            if numberEnd > 0, bytes[numberEnd - 1] == 0x20 { numberEnd -= 1 }
            guard let numberStart = digitsBefore(numberEnd, most: 10), numberEnd - numberStart >= 2 else { continue }
            let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
            let tail = text(numberStart..<numberEnd) + "/" + text(bank..<(bank + 4))
            var dash = numberStart
            if dash > 0, bytes[dash - 1] == 0x20 { dash -= 1 }
            if dash > 0, bytes[dash - 1] == 0x2D {
                var prefixEnd = dash - 1
                if prefixEnd > 0, bytes[prefixEnd - 1] == 0x20 { prefixEnd -= 1 }
                if let prefixStart = digitsBefore(prefixEnd, most: 6), boundary(prefixStart) {
                    found.insert(text(prefixStart..<prefixEnd) + "-" + tail)
                    continue
                }
            }
            if boundary(numberStart) { found.insert(tail) }
        }
        return Set(found.compactMap { CzechAccount($0)?.description })
    }

    /// IBANs: two letters and two digits at the start of a word, then letters and digits in
    /// groups separated by single spaces, 34 characters at most. When the groups run into the
    /// next word ("… 5399 BIC"), the longest start that is a valid IBAN counts.
    static func ibans(in bytes: [UInt8]) -> Set<String> {
        var found: Set<String> = []
        let end = bytes.count
        func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
        func alphanumeric(_ index: Int) -> Bool { index < end && (TextBytes.isDigit(bytes[index]) || TextBytes.isASCIILetter(bytes[index])) }
        var index = 0
        while index + 4 <= end {
            guard TextBytes.isASCIILetter(bytes[index]), TextBytes.isASCIILetter(bytes[index + 1]),
                  TextBytes.isDigit(bytes[index + 2]), TextBytes.isDigit(bytes[index + 3]),
                  !TextBytes.wordCharacter(before: index, in: bytes, start: 0) else {
                index += 1
                continue
            }
            var parts: [[UInt8]] = [], length = 0, position = index
            while true {
                var part: [UInt8] = [], overlong = false
                while alphanumeric(position) {
                    if length + part.count < 34 { part.append(upper(bytes[position])) } else { overlong = true }
                    position += 1
                }
                // A group too long for an IBAN, or running on into a letter outside ASCII, is not taken.
                guard !part.isEmpty, !overlong, !TextBytes.wordCharacter(at: position, in: bytes, end: end) else { break }
                parts.append(part)
                length += part.count
                guard position + 1 < end, bytes[position] == 0x20, alphanumeric(position + 1) else { break }
                position += 1
            }
            while !parts.isEmpty {
                if let iban = IBAN(String(decoding: parts.joined(), as: UTF8.self)) {
                    found.insert(iban.value)
                    break
                }
                parts.removeLast()
            }
            index = max(index + 1, position)
        }
        return found
    }

    /// The text after the first of `labels` on a line, past ":", ".", "#", "-", "–" and spaces,
    /// when `value` reads something there.
    static func value(after labels: [[UInt8]], in text: Lines, value: (ArraySlice<UInt8>) -> String?) -> String? {
        for (line, ends) in text.linesWithLabels(labels) {
            let end = text.lines[line].upperBound
            for labelEnd in ends {
                var index = labelEnd
                while index < end {
                    let byte = text.bytes[index]
                    if byte == 0x3A || byte == 0x2E || byte == 0x23 || byte == 0x2D {
                        index += 1
                    } else if TextBytes.hasPrefix(text.bytes, [0xE2, 0x80, 0x93], at: index, end: end) {
                        index += 3
                    } else if case let space = TextBytes.whitespaceLength(text.bytes, at: index, end: end), space > 0 {
                        index += space
                    } else {
                        break
                    }
                }
                if let found = value(text.bytes[index..<end]) { return found }
            }
        }
        return nil
    }

    static func variableSymbol(in text: Lines) -> String? {
        let labels = ["variabilní symbol", "variabilni symbol", "variable symbol", "var. symbol", "v. s.", "vs"].map { Array($0.utf8) }
        return value(after: labels, in: text) { tail in
            let run = tail.prefix(while: TextBytes.isDigit).prefix(11)
            return (1...10).contains(run.count) ? String(decoding: run, as: UTF8.self) : nil
        }
    }

    static func invoiceNumber(in text: Lines) -> String? {
        let labels = ["číslo faktury", "cislo faktury", "invoice number", "invoice no", "faktura č", "faktura - daňový doklad č",
                      "faktura – daňový doklad č", "daňový doklad č", "invoice #"].map { Array($0.utf8) }
        return value(after: labels, in: text) { tail in
            guard let first = tail.first, TextBytes.isDigit(first) || TextBytes.isASCIILetter(first) else { return nil }
            return String(decoding: tail.prefix(30).prefix(while: isInvoiceNumberByte), as: UTF8.self)
        }
    }

    static func isInvoiceNumberByte(_ byte: UInt8) -> Bool {
        TextBytes.isDigit(byte) || TextBytes.isASCIILetter(byte) || byte == 0x2F || byte == 0x2D || byte == 0x5F || byte == 0x2E
    }

    /// What `variableSymbol` can read: 1 to 10 digits.
    public static func isVariableSymbol(_ text: String) -> Bool {
        (1...10).contains(text.utf8.count) && text.utf8.allSatisfy(TextBytes.isDigit)
    }

    /// What `invoiceNumber` can read: a letter or digit, then up to 29 of letters, digits, `/-_.`.
    public static func isInvoiceNumber(_ text: String) -> Bool {
        guard let first = text.utf8.first, (1...30).contains(text.utf8.count) else { return false }
        return (TextBytes.isDigit(first) || TextBytes.isASCIILetter(first)) && text.utf8.allSatisfy(isInvoiceNumberByte)
    }

    static let companyLabels = ["IČO", "IČ", "ICO", "Company ID", "Reg. No."].map { Array($0.utf8) }
    static let supplierLabels = ["dodavatel", "supplier", "from:"].map { Array($0.utf8) }

    /// The first valid IČO after the supplier's label; without that label, the only one.
    static func supplierID(in text: Lines) -> String? {
        let bytes = text.bytes, end = bytes.count
        // Every "IČO: 12345678" (label, spaces, an optional colon, spaces, exactly 8 digits) with its place.
        var ids: [(at: Int, id: String)] = []
        var index = 0
        while index < end {
            // Every label starts with I, C or R: most bytes are none of them.
            let byte = bytes[index]
            guard byte == 0x49 || byte == 0x43 || byte == 0x52,
                  let label = companyLabels.first(where: { TextBytes.hasPrefix(bytes, $0, at: index, end: end) }) else {
                index += 1
                continue
            }
            var position = index + label.count
            while case let space = TextBytes.whitespaceLength(bytes, at: position, end: end), space > 0 { position += space }
            if position < end, bytes[position] == 0x3A {
                position += 1
                while case let space = TextBytes.whitespaceLength(bytes, at: position, end: end), space > 0 { position += space }
            }
            var digitsEnd = position
            while digitsEnd < end, digitsEnd - position <= 8, TextBytes.isDigit(bytes[digitsEnd]) { digitsEnd += 1 }
            if digitsEnd - position == 8 {
                let id = String(decoding: bytes[position..<digitsEnd], as: UTF8.self)
                if CompanyID.isValid(id) { ids.append((index, id)) }
                index = digitsEnd
            } else {
                index = max(index + 1, position)
            }
        }
        let supplier = supplierLabels.compactMap { TextBytes.find($0, in: text.folded, from: 0, end: end) }.min()
        if let supplier { return ids.first { $0.at >= supplier }?.id }
        let distinct = Set(ids.map(\.id))
        return distinct.count == 1 ? distinct.first : nil
    }
}
