/// Names from the database's catalog spelled into SQL text. Only the catalog's own names are ever
/// spelled (never a name read from an archive), and each is quoted as PostgreSQL quotes it.
enum SQLText {
    /// `"name"`, with any double quote doubled.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `'text'`, with any single quote doubled (standard-conforming strings, PostgreSQL's default).
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A name that can stand in an archive's entry names: lower-case letters, digits and
    /// underscores, not starting with a digit, at most 63 bytes (PostgreSQL's longest name).
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first), name.utf8.count <= 63 else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}
