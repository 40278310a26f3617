import Foundation
import Logging
import PostgresNIO

/// `tenant export`: one company, whole, into one archive (`ArchiveLayout`), read in one snapshot
/// (a repeatable-read, read-only transaction) and written as it is read, a bounded batch at a
/// time. The archive is written under a temporary name beside the output, readable by its owner
/// only, and linked to the output's name when complete (never over an existing file): a failed export leaves no archive behind.
public enum TenantExport {
    public struct Summary: Sendable, Equatable {
        public let tenant: ArchiveHeader.Company
        public let rows: [String: Int]
        public let documents: Int
        public let bytes: Int64
    }

    public static func export(
        slug: String, to path: String, database url: PostgresURL, logger: Logger, now: Date = Date()
    ) async throws -> Summary {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw OperatorCommands.Failure("\(path) exists already: choose another file, nothing is overwritten.")
        }
        let partial = path + ".partial-" + UUID().uuidString.lowercased()
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: partial) else {
            throw OperatorCommands.Failure("Cannot write \(path).")
        }
        do {
            let summary = try await url.withConnection(logger: logger) { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                do {
                    let summary = try await write(slug: slug, to: TarWriter(handle: handle, modified: now), now: now,
                                                  on: connection, logger: logger)
                    try await connection.query("COMMIT", logger: logger)
                    return summary
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
            try handle.synchronize()
            try handle.close()
            // A hard link, not a rename: it fails where a file appeared at the output meanwhile.
            guard link(partial, path) == 0 else {
                throw OperatorCommands.Failure("Cannot write the archive to \(path) (does it exist now?): nothing is overwritten.")
            }
            try? FileManager.default.removeItem(atPath: partial)
            return summary
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    static func write(slug: String, to tar: TarWriter, now: Date, on connection: PostgresConnection, logger: Logger) async throws -> Summary {
        guard let (id, name) = try await connection.query("SELECT id, name FROM tenants WHERE slug = \(slug)", logger: logger)
            .collect().first?.decode((UUID, String).self) else {
            throw OperatorCommands.Failure("There is no tenant with the slug \"\(slug)\".")
        }
        try await connection.enterTenant(id: id, logger: logger)
        try await TableRows.setOutputSettings(on: connection, logger: logger)
        let schema = try await SchemaVersion.read(on: connection, logger: logger)
        let catalog = try await TenantCatalog.read(on: connection, logger: logger)
        let company = ArchiveHeader.Company(id: id, slug: slug, name: name)
        let exportedAt = ISO8601DateFormatter().string(from: now)
        let header = ArchiveHeader(kind: ArchiveLayout.kind, format: ArchiveLayout.format, schema: schema, tenant: company,
                                   exportedAt: exportedAt, tables: catalog.names)
        try tar.add(ArchiveLayout.headerName, try ArchiveJSON.encode(header))
        var tables: [ArchiveManifest.Table] = []
        var documents: [ArchiveLayout.DocumentRef] = []
        var counts: [String: Int] = [:]
        for table in catalog.tables {
            var hash = TableRows.LineHash()
            var chunks = 0
            try await TableRows.read(table, tenant: id, files: .bytes, on: connection, logger: logger) { rows in
                chunks += 1
                var chunk = Data()
                for row in rows {
                    hash.add(row.line)
                    chunk.append(contentsOf: row.line.utf8)
                    chunk.append(0x0A)
                }
                try tar.add(ArchiveLayout.chunkName(table.name, chunks), chunk)
                for row in rows {
                    for document in row.documents {
                        try tar.add(document.ref.file, document.bytes ?? Data())
                        documents.append(document.ref)
                    }
                }
            }
            counts[table.name] = hash.rows
            tables.append(.init(name: table.name, rows: hash.rows, chunks: chunks, sha256: hash.finalize()))
        }
        let manifest = ArchiveManifest(kind: ArchiveLayout.kind, format: ArchiveLayout.format, schema: schema, tenant: company,
                                       exportedAt: exportedAt, tables: tables, documents: documents)
        try tar.add(ArchiveLayout.manifestName, try ArchiveJSON.encode(manifest))
        try tar.finish()
        return Summary(tenant: company, rows: counts, documents: documents.count, bytes: tar.bytesWritten)
    }
}

/// The header's and manifest's JSON: sorted keys, so an archive of the same rows is the same.
enum ArchiveJSON {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, entry: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw OperatorCommands.Failure("The archive is not valid: \(entry) is not what an export writes (\(error)).")
        }
    }
}
