import Foundation
import Logging
import PostgresNIO

/// A table of a company's rows as the database's catalog describes it: `tenants` (the company's
/// own row) and every table of the public schema with a `tenant_id` column. Read from the catalog
/// each time, so a table added later is exported, imported and erased without a list to update.
public struct CatalogTable: Sendable, Equatable {
    public struct Column: Sendable, Equatable {
        public let name: String
        /// Computed by the database (`GENERATED ALWAYS AS … STORED`): exported, never written.
        public let generated: Bool
        /// `GENERATED ALWAYS AS IDENTITY`: written with `OVERRIDING SYSTEM VALUE`.
        public let identity: Bool
        /// A stored file (a `bytea` column kept out of line uncompressed, `STORAGE EXTERNAL`: a
        /// PDF, a thumbnail, a work statement's XLSX): a file of its own in the archive.
        public let document: Bool
        /// Has a collation (text): ordered byte by byte, so every database orders alike.
        public let collatable: Bool
    }

    public let name: String
    /// The column that names the company: `id` in `tenants`, `tenant_id` elsewhere.
    public let tenantColumn: String
    public let columns: [Column]
    public let primaryKey: [String]

    public var documentColumns: [String] { columns.filter(\.document).map(\.name) }
    public var writtenColumns: [String] { columns.filter { !$0.generated }.map(\.name) }
    var hasIdentity: Bool { columns.contains(where: \.identity) }
    var quoted: String { "public." + SQLText.identifier(name) }

    /// The primary key's columns, text compared byte by byte (`COLLATE "C"`).
    var orderBy: String {
        primaryKey.map { key in
            let collate = columns.first { $0.name == key }?.collatable == true ? " COLLATE \"C\"" : ""
            return "t." + SQLText.identifier(key) + collate
        }.joined(separator: ", ")
    }
}

/// Every table of a company's rows, in the order they are written (`TableOrder`).
public struct TenantCatalog: Sendable {
    public static let root = "tenants"

    public let tables: [CatalogTable]
    /// Per table, the columns written after every table (a cycle of keys; see `TableOrder`).
    public let deferred: [String: [String]]

    public var names: [String] { tables.map(\.name) }
    public func table(_ name: String) -> CatalogTable? { tables.first { $0.name == name } }

    /// Reads the catalog on `connection` (any role: the catalog is public).
    public static func read(on connection: PostgresConnection, logger: Logger) async throws -> TenantCatalog {
        let names = try await connection.query("""
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
              AND (c.relname = \(root) OR EXISTS (
                    SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped))
            ORDER BY 1
            """, logger: logger).collect().map { try $0.decode(String.self) }
        for name in names where !SQLText.isPlainName(name) {
            throw OperatorCommands.Failure("The table \"\(name)\" has a name an archive cannot hold (lower-case letters, digits, underscores).")
        }
        var columns: [String: [CatalogTable.Column]] = [:]
        for row in try await connection.query("""
            SELECT c.relname::text, a.attname::text, a.attgenerated = 's', a.attidentity = 'a',
                   a.atttypid = 'bytea'::regtype AND a.attstorage = 'e', a.attcollation <> 0
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relname = ANY(\(names)) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY c.relname, a.attnum
            """, logger: logger).collect() {
            let (table, name, generated, identity, document, collatable) = try row.decode((String, String, Bool, Bool, Bool, Bool).self)
            guard SQLText.isPlainName(name) else {
                throw OperatorCommands.Failure("The column \(table).\"\(name)\" has a name an archive cannot hold.")
            }
            columns[table, default: []].append(.init(name: name, generated: generated, identity: identity, document: document,
                                                     collatable: collatable))
        }
        var keys: [String: [String]] = [:]
        for row in try await connection.query("""
            SELECT c.relname::text, array_agg(a.attname::text ORDER BY k.ord)
            FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
            WHERE i.indisprimary AND n.nspname = 'public' AND c.relname = ANY(\(names))
            GROUP BY c.relname
            """, logger: logger).collect() {
            let (table, key) = try row.decode((String, [String]).self)
            keys[table] = key
        }
        var foreign: [TableOrder.Key] = []
        for row in try await connection.query("""
            SELECT k.conname::text, c.relname::text, r.relname::text, k.condeferrable,
                   ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(attnum, ord)
                         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum ORDER BY u.ord),
                   NOT EXISTS (SELECT FROM unnest(k.conkey) u(attnum) JOIN pg_attribute a ON a.attrelid = k.conrelid
                               AND a.attnum = u.attnum WHERE a.attnotnull AND a.attname <> 'tenant_id')
            FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname = ANY(\(names))
            ORDER BY 2, 1
            """, logger: logger).collect() {
            let (name, table, referenced, deferrable, columns, nullable) = try row.decode((String, String, String, Bool, [String], Bool).self)
            foreign.append(.init(name: name, table: table, referenced: referenced, columns: columns, deferrable: deferrable,
                                 nullable: nullable))
        }
        let plan = try TableOrder.plan(tables: names, root: root, keys: foreign)
        let tables = try plan.order.map { name -> CatalogTable in
            guard let key = keys[name], !key.isEmpty else {
                throw OperatorCommands.Failure("The table \(name) has no primary key: its rows have no stable order.")
            }
            return CatalogTable(name: name, tenantColumn: name == root ? "id" : "tenant_id", columns: columns[name] ?? [],
                                primaryKey: key)
        }
        return TenantCatalog(tables: tables, deferred: plan.deferred)
    }
}
