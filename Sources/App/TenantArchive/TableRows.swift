import Crypto
import Foundation
import Logging
import PostgresNIO

/// Reads one company's rows of one table in the archive's form, in primary-key order, through a
/// cursor in bounded batches: the export writes them, and the import reads the restored rows
/// again the same way to prove they are what the archive held.
enum TableRows {
    struct Row {
        /// The row's line (`ArchiveLayout.line`).
        let line: String
        /// The stored files the line references, with their bytes (when asked for), in order.
        let documents: [(ref: ArchiveLayout.DocumentRef, bytes: Data?)]
    }

    enum Files {
        /// The bytes of each file, to write them (the export).
        case bytes
        /// Only each file's SHA-256 and length, computed by the database (the import's check).
        case digests
    }

    /// Rows per fetch: few where rows hold files, so a batch stays small however large the files.
    static func batchSize(_ table: CatalogTable) -> Int { table.documentColumns.isEmpty ? 500 : 4 }

    /// Sets what the text of a row's JSON depends on, for the open transaction.
    static func setOutputSettings(on connection: PostgresConnection, logger: Logger) async throws {
        for (name, value) in [("TimeZone", "UTC"), ("IntervalStyle", "postgres"), ("bytea_output", "hex"), ("extra_float_digits", "1")] {
            try await connection.query("SELECT set_config(\(name), \(value), true)", logger: logger)
        }
    }

    /// Calls `body` with each batch of rows of `tenant` in `table`; files are named by their row's
    /// number in the table, from 1.
    static func read(
        _ table: CatalogTable, tenant: UUID, files: Files, on connection: PostgresConnection, logger: Logger,
        _ body: ([Row]) async throws -> Void
    ) async throws {
        let documents = table.documentColumns
        let without = documents.isEmpty ? "" : " - ARRAY[" + documents.map(SQLText.literal).joined(separator: ", ") + "]::text[]"
        let fileColumns = documents.map { column -> String in
            let c = "t." + SQLText.identifier(column)
            switch files {
            case .bytes: return ", \(c), NULL::text, NULL::int8"
            case .digests: return ", NULL::bytea, encode(sha256(\(c)), 'hex'), octet_length(\(c))::int8"
            }
        }.joined()
        let cursor = "roster_tenant_rows"
        try await connection.query(PostgresQuery(unsafeSQL: """
            DECLARE \(cursor) NO SCROLL CURSOR FOR
            SELECT (to_jsonb(t)\(without))::text\(fileColumns) FROM \(table.quoted) t
            WHERE t.\(SQLText.identifier(table.tenantColumn)) = \(SQLText.literal(tenant.uuidString.lowercased()))::uuid
            ORDER BY \(table.orderBy)
            """), logger: logger)
        var number = 0
        while true {
            let fetched = try await connection.query(
                PostgresQuery(unsafeSQL: "FETCH \(batchSize(table)) FROM \(cursor)"), logger: logger).collect()
            if fetched.isEmpty { break }
            var rows: [Row] = []
            for row in fetched {
                number += 1
                let cells = row.makeRandomAccess()
                let json = try cells[0].decode(String.self)
                var refs: [(column: String, ref: ArchiveLayout.DocumentRef?)] = []
                var found: [(ref: ArchiveLayout.DocumentRef, bytes: Data?)] = []
                for (index, column) in documents.enumerated() {
                    let base = 1 + index * 3
                    let file = ArchiveLayout.documentName(table.name, row: number, column: column)
                    var ref: ArchiveLayout.DocumentRef?
                    var bytes: Data?
                    switch files {
                    case .bytes:
                        if let buffer = try cells[base].decode(ByteBuffer?.self) {
                            let data = Data(buffer.readableBytesView)
                            ref = .init(file: file, sha256: ArchiveLayout.sha256(data), bytes: data.count)
                            bytes = data
                        }
                    case .digests:
                        if let digest = try cells[base + 1].decode(String?.self), let size = try cells[base + 2].decode(Int?.self) {
                            ref = .init(file: file, sha256: digest, bytes: size)
                        }
                    }
                    refs.append((column, ref))
                    if let ref { found.append((ref, bytes)) }
                }
                rows.append(Row(line: ArchiveLayout.line(json: json, documents: refs), documents: found))
            }
            try await body(rows)
        }
        try await connection.query(PostgresQuery(unsafeSQL: "CLOSE \(cursor)"), logger: logger)
    }

    /// SHA-256 of lines, each followed by a line feed, fed batch by batch.
    struct LineHash {
        private var hasher = SHA256()
        private(set) var rows = 0
        mutating func add(_ line: String) {
            hasher.update(data: Data(line.utf8))
            hasher.update(data: Data([0x0A]))
            rows += 1
        }
        func finalize() -> String { hasher.finalize().hexString }
    }
}
