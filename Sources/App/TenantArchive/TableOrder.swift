/// The order in which a company's tables are written (parents before children), worked out from
/// their foreign keys; erasure deletes in the reverse order. Pure.
///
/// A deferrable key is checked at commit, so it orders nothing. Where keys form a cycle (a team
/// names its leader, a person names their team), one nullable key of the cycle is set aside: its
/// columns are written as NULL with the row and filled in once every table is written, and
/// emptied before an erasure deletes.
public enum TableOrder {
    public struct Key: Sendable, Equatable {
        public let name: String
        /// The table that holds the key, and the table it refers to.
        public let table: String
        public let referenced: String
        public let columns: [String]
        public let deferrable: Bool
        /// Every column of the key but `tenant_id` may be NULL.
        public let nullable: Bool

        public init(name: String, table: String, referenced: String, columns: [String], deferrable: Bool, nullable: Bool) {
            self.name = name
            self.table = table
            self.referenced = referenced
            self.columns = columns
            self.deferrable = deferrable
            self.nullable = nullable
        }
    }

    public struct Plan: Sendable, Equatable {
        /// `root` first, then every table after the tables it refers to.
        public let order: [String]
        /// Per table, the columns written after every table (the keys set aside), in key order.
        public let deferred: [String: [String]]
    }

    public static func plan(tables: [String], root: String, keys: [Key]) throws -> Plan {
        let known = Set(tables)
        guard known.contains(root) else { throw OperatorCommands.Failure("The table \(root) is missing from the schema.") }
        var waiting = keys.filter { !$0.deferrable && known.contains($0.table) && known.contains($0.referenced) && $0.table != root }
            .sorted { ($0.table, $0.name) < ($1.table, $1.name) }
        var order = [root]
        var placed: Set<String> = [root]
        var remaining = tables.filter { $0 != root }.sorted()
        var deferred: [String: [String]] = [:]
        func blocked(_ table: String) -> [Key] { waiting.filter { $0.table == table && !placed.contains($0.referenced) } }
        while !remaining.isEmpty {
            if let next = remaining.first(where: { blocked($0).isEmpty }) {
                order.append(next)
                placed.insert(next)
                remaining.removeAll { $0 == next }
                continue
            }
            // Every remaining table waits for another: a cycle. Set aside a nullable key, preferring
            // one that frees its table at once.
            let candidates = remaining.flatMap(blocked).filter(\.nullable)
            guard let key = candidates.first(where: { blocked($0.table).count == 1 }) ?? candidates.first else {
                throw OperatorCommands.Failure(
                    "The foreign keys of \(remaining.joined(separator: ", ")) form a cycle that no nullable key breaks.")
            }
            let already = deferred[key.table] ?? []
            deferred[key.table] = already + key.columns.filter { $0 != "tenant_id" && !already.contains($0) }
            waiting.removeAll { $0 == key }
        }
        return Plan(order: order, deferred: deferred)
    }
}
