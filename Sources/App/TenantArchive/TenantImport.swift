import Foundation
import Logging
import PostgresNIO

/// `tenant import`: restores an archive of `TenantExport` into this database, in one transaction
/// as the owner role, or refuses and writes nothing.
///
/// Refused before a row is written: an archive of another format or schema version, a slug or a
/// company id that exists here, a role that does not own the tables. Then the entries are read in
/// the order they must be (`ArchiveLayout`), each bounded in size (`ArchiveLayout.Limits`); every
/// row is checked to name this company and exactly the table's columns, and every file's SHA-256
/// against its row's reference as it is read. The rows are written with their UUIDs in the order
/// of `TableOrder`, with `roster.restore_tenant` set so the triggers write them as they were
/// (migration 0027). At the end the manifest must list exactly what was read, and the restored
/// rows, read back from the database as an export reads them, must hash to the manifest's values:
/// a trigger that rewrote a row, or a file stored otherwise, fails the import before its commit.
public enum TenantImport {
    public struct Summary: Sendable, Equatable {
        public let tenant: ArchiveHeader.Company
        public let rows: [String: Int]
        public let documents: Int
    }

    public static func run(
        from path: String, slug newSlug: String?, database url: PostgresURL, logger: Logger,
        limits: ArchiveLayout.Limits = .init()
    ) async throws -> Summary {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw OperatorCommands.Failure("Cannot read \(path).") }
        defer { try? handle.close() }
        let reader = TarReader(handle: handle)
        do {
            guard let first = try reader.next(), first.name == ArchiveLayout.headerName else {
                throw OperatorCommands.Failure("The archive is not valid: it does not begin with \(ArchiveLayout.headerName) (is it a Roster tenant export?). Nothing was imported.")
            }
            let header = try ArchiveJSON.decode(ArchiveHeader.self, from: try reader.content(limit: limits.header),
                                                entry: ArchiveLayout.headerName)
            guard header.kind == ArchiveLayout.kind, header.format == ArchiveLayout.format else {
                throw OperatorCommands.Failure("The archive is of format \(header.format) (\(header.kind)); this Roster reads format \(ArchiveLayout.format). Nothing was imported.")
            }
            let slug = newSlug ?? header.tenant.slug
            guard TenantRules.isValidSlug(slug) else {
                throw OperatorCommands.Failure("The slug \"\(slug)\" is not valid: use 1–40 lower-case letters, digits and dashes, not starting or ending with a dash. Nothing was imported.")
            }
            return try await url.withConnection(logger: logger) { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    let summary = try await Restore(header: header, slug: slug, reader: reader, limits: limits,
                                                    connection: connection, logger: logger).run()
                    try await connection.query("COMMIT", logger: logger)
                    return summary
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch let error as TarError {
            throw OperatorCommands.Failure(error.description + " Nothing was imported.")
        } catch let error as PSQLError {
            let message = error.serverInfo?[.message] ?? String(reflecting: error)
            let detail = error.serverInfo?[.detail].map { " (\($0))" } ?? ""
            throw OperatorCommands.Failure("The database refused the archive's rows: \(message)\(detail). Nothing was imported.")
        }
    }
}

/// One import, entry by entry.
private struct Restore {
    let header: ArchiveHeader
    let slug: String
    let reader: TarReader
    let limits: ArchiveLayout.Limits
    let connection: PostgresConnection
    let logger: Logger

    var tenant: UUID { header.tenant.id }

    func run() async throws -> TenantImport.Summary {
        try await refuseEarly()
        let catalog = try await TenantCatalog.read(on: connection, logger: logger)
        guard header.tables == catalog.names else {
            throw invalid("its tables are not this database's: it holds \(header.tables.joined(separator: ", "))")
        }
        try await connection.query("SET CONSTRAINTS ALL DEFERRED", logger: logger)
        try await connection.query("SELECT set_config('roster.restore_tenant', \(tenant.uuidString.lowercased()), true)", logger: logger)
        try await TableRows.setOutputSettings(on: connection, logger: logger)
        if !catalog.deferred.isEmpty {
            try await connection.query(
                "CREATE TEMPORARY TABLE roster_restore_deferred (tbl text NOT NULL, row jsonb NOT NULL) ON COMMIT DROP", logger: logger)
        }

        var position = 0
        var chunkNumber = 0
        var hashes = Array(repeating: TableRows.LineHash(), count: catalog.tables.count)
        var chunks = Array(repeating: 0, count: catalog.tables.count)
        var documents: [ArchiveLayout.DocumentRef] = []
        var tenantLine: String?
        var manifest: ArchiveManifest?
        while let entry = try reader.next() {
            switch ArchiveLayout.parse(entry.name) {
            case .manifest:
                guard manifest == nil else { throw invalid("it has two manifests") }
                manifest = try ArchiveJSON.decode(ArchiveManifest.self, from: try reader.content(limit: limits.manifest),
                                                  entry: ArchiveLayout.manifestName)
            case .chunk(let name, let number):
                guard manifest == nil else { throw invalid("\(entry.name) comes after the manifest") }
                guard let index = catalog.names.firstIndex(of: name) else { throw invalid("\(entry.name) names a table this database does not have") }
                guard index >= position else { throw invalid("\(entry.name) is out of order (the rows of \(name) were read already)") }
                if index > position { position = index; chunkNumber = 0 }
                guard number == chunkNumber + 1 else { throw invalid("\(entry.name) is out of order (chunk \(chunkNumber + 1) of \(name) expected)") }
                guard index == 0 || hashes[0].rows == 1 else { throw invalid("the company's row must come first") }
                chunkNumber = number
                chunks[index] = number
                let table = catalog.tables[index]
                let lines = try Self.lines(try reader.content(limit: limits.chunk), entry: entry.name)
                let first = hashes[index].rows + 1
                for line in lines { hashes[index].add(line) }
                if index == 0 {
                    guard lines.count == 1, hashes[0].rows == 1 else { throw invalid("\(entry.name) must hold the company's one row") }
                    tenantLine = try await insertCompany(lines[0], table: table)
                } else {
                    try await check(lines, of: table, entry: entry.name)
                    if table.documentColumns.isEmpty {
                        try await insert(lines, into: table, deferred: catalog.deferred[table.name] ?? [])
                    } else {
                        documents += try await insertWithDocuments(lines, into: table, firstRow: first,
                                                                   deferred: catalog.deferred[table.name] ?? [])
                    }
                }
            case .header, .document, nil:
                throw invalid(manifest == nil ? "\(entry.name) is not expected here" : "\(entry.name) comes after the manifest")
            }
        }
        guard let manifest else { throw invalid("it has no \(ArchiveLayout.manifestName) (is it cut short?)") }
        guard let tenantLine else { throw invalid("it holds no company") }
        guard manifest.kind == header.kind, manifest.format == header.format, manifest.schema == header.schema,
              manifest.tenant == header.tenant, manifest.exportedAt == header.exportedAt else {
            throw invalid("the manifest does not describe the same export as the header")
        }
        guard manifest.tables.map(\.name) == catalog.names else { throw invalid("the manifest's tables are not the header's") }
        for (index, table) in manifest.tables.enumerated() {
            let hash = hashes[index]
            guard table.rows == hash.rows, table.chunks == chunks[index], table.sha256 == hash.finalize() else {
                throw invalid("the rows of \(table.name) are not what the manifest lists (\(hash.rows) read, \(table.rows) listed)")
            }
        }
        guard manifest.documents == documents else { throw invalid("the files are not what the manifest lists") }

        for (name, columns) in catalog.deferred.sorted(by: { $0.key < $1.key }) {
            guard let table = catalog.table(name) else { continue }
            try await fillDeferred(columns, of: table)
        }
        var rows: [String: Int] = [:]
        for (index, table) in catalog.tables.enumerated() {
            let expected = index == 0 ? Self.hash(of: [tenantLine]) : manifest.tables[index].sha256
            var restored = TableRows.LineHash()
            try await TableRows.read(table, tenant: tenant, files: .digests, on: connection, logger: logger) { batch in
                for row in batch { restored.add(row.line) }
            }
            guard restored.rows == manifest.tables[index].rows, restored.finalize() == expected else {
                throw OperatorCommands.Failure(
                    "The rows of \(table.name) read back from the database differ from the archive's (a trigger or a default changed them?). Nothing was imported.")
            }
            rows[table.name] = restored.rows
        }
        return TenantImport.Summary(tenant: .init(id: tenant, slug: slug, name: header.tenant.name), rows: rows,
                                    documents: documents.count)
    }

    /// The schema, the slug, the company's id and the role, before anything is written.
    func refuseEarly() async throws {
        let schema = try await SchemaVersion.read(on: connection, logger: logger)
        guard schema == header.schema else {
            throw OperatorCommands.Failure(
                "The archive was exported at schema \(header.schema) and this database is at \(schema): migrate both to the same version first. Nothing was imported.")
        }
        let owner = try await connection.query(
            "SELECT pg_has_role(current_user, relowner, 'MEMBER') FROM pg_class WHERE oid = 'public.tenants'::regclass",
            logger: logger).collect().first?.decode(Bool.self) ?? false
        guard owner else {
            throw OperatorCommands.Failure(
                "The import must run as the owner role of the migrations (MIGRATION_DATABASE_URL), not as the application role. Nothing was imported.")
        }
        if try await !connection.query("SELECT 1 FROM tenants WHERE slug = \(slug)", logger: logger).collect().isEmpty {
            throw OperatorCommands.Failure("A tenant with the slug \"\(slug)\" exists in this database: import with --slug and another one. Nothing was imported.")
        }
        if try await !connection.query("SELECT 1 FROM tenants WHERE id = \(tenant)", logger: logger).collect().isEmpty {
            throw OperatorCommands.Failure(
                "The company \(tenant.uuidString.lowercased()) exists in this database (under another slug): a company is imported once per database. Nothing was imported.")
        }
    }

    /// The company's row, under `slug`; then the transaction enters the company. Returns the row's
    /// line as it must read back.
    func insertCompany(_ line: String, table: CatalogTable) async throws -> String {
        let rows = try await connection.query("""
            SELECT (\(line)::jsonb || jsonb_build_object('slug', \(slug)::text))::text,
                   jsonb_typeof(\(line)::jsonb) = 'object' AND \(line)::jsonb ->> 'id' = \(tenant.uuidString.lowercased())
            """, logger: logger).collect()
        let (expected, valid) = try rows[0].decode((String, Bool?).self)
        guard valid == true else { throw invalid("the company's row is not the header's company") }
        try await check([expected], of: table, entry: "the company's row")
        try await connection.query(insertSQL(table, source: "jsonb_populate_recordset", deferred: []), binds: ["[" + expected + "]"], logger: logger)
        try await connection.enterTenant(id: tenant, logger: logger)
        return expected
    }

    /// Every line is a JSON object of this company with exactly the table's columns.
    func check(_ lines: [String], of table: CatalogTable, entry: String) async throws {
        let rows = try await connection.query("""
            SELECT count(*)::int8,
                   count(*) FILTER (WHERE CASE WHEN jsonb_typeof(e) = 'object'
                       THEN e ->> \(table.tenantColumn) IS DISTINCT FROM \(tenant.uuidString.lowercased())
                            OR NOT (ARRAY(SELECT jsonb_object_keys(e)) @> \(table.columns.map(\.name))::text[]
                                    AND ARRAY(SELECT jsonb_object_keys(e)) <@ \(table.columns.map(\.name))::text[])
                       ELSE true END)::int8
            FROM jsonb_array_elements(\("[" + lines.joined(separator: ",") + "]")::jsonb) e
            """, logger: logger).collect()
        let (count, wrong) = try rows[0].decode((Int, Int).self)
        guard count == lines.count, wrong == 0 else {
            throw invalid("\(entry) has rows that are not rows of \(table.name) of this company")
        }
    }

    func insertSQL(_ table: CatalogTable, source: String, deferred: [String], documents: [String: Int] = [:]) -> String {
        let columns = table.writtenColumns
        let values = columns.map { column -> String in
            if let parameter = documents[column] { return "$\(parameter)" }
            return deferred.contains(column) ? "NULL" : "r." + SQLText.identifier(column)
        }
        let without = documents.isEmpty ? "" : " - ARRAY[" + documents.keys.sorted().map(SQLText.literal).joined(separator: ", ") + "]::text[]"
        return """
            INSERT INTO \(table.quoted) (\(columns.map(SQLText.identifier).joined(separator: ", ")))\(table.hasIdentity ? " OVERRIDING SYSTEM VALUE" : "")
            SELECT \(values.joined(separator: ", ")) FROM \(source)(NULL::\(table.quoted), $1::jsonb\(without)) r
            """
    }

    func insert(_ lines: [String], into table: CatalogTable, deferred: [String]) async throws {
        let array = "[" + lines.joined(separator: ",") + "]"
        try await connection.query(insertSQL(table, source: "jsonb_populate_recordset", deferred: deferred), binds: [array], logger: logger)
        if !deferred.isEmpty {
            try await connection.query(
                "INSERT INTO roster_restore_deferred (tbl, row) SELECT \(table.name), e FROM jsonb_array_elements(\(array)::jsonb) e",
                logger: logger)
        }
    }

    /// Rows with stored files, one at a time: each file is read from the archive, checked against
    /// its row's reference, and written with its row.
    func insertWithDocuments(_ lines: [String], into table: CatalogTable, firstRow: Int, deferred: [String]) async throws
        -> [ArchiveLayout.DocumentRef] {
        let columns = table.documentColumns
        var parameters: [String: Int] = [:]
        for (index, column) in columns.enumerated() { parameters[column] = index + 2 }
        let sql = insertSQL(table, source: "jsonb_populate_record", deferred: deferred, documents: parameters)
        var read: [ArchiveLayout.DocumentRef] = []
        for (offset, line) in lines.enumerated() {
            let row = firstRow + offset
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw invalid("row \(row) of \(table.name) is not a JSON object")
            }
            var binds = PostgresBindings()
            binds.append(line)
            for column in columns {
                let expectedFile = ArchiveLayout.documentName(table.name, row: row, column: column)
                if object[column] is NSNull {
                    binds.appendNull()
                    continue
                }
                guard let reference = object[column] as? [String: Any], Set(reference.keys) == ["file", "sha256", "bytes"],
                      let file = reference["file"] as? String, file == expectedFile,
                      let sha256 = reference["sha256"] as? String, ArchiveLayout.isSHA256(sha256),
                      let bytes = reference["bytes"] as? Int, bytes >= 0 else {
                    throw invalid("row \(row) of \(table.name) does not reference its file \(expectedFile) as an export does")
                }
                guard let entry = try reader.next(), entry.name == expectedFile else {
                    throw invalid("\(expectedFile) should follow its row, and does not")
                }
                let content = try reader.content(limit: limits.document)
                guard content.count == bytes, ArchiveLayout.sha256(content) == sha256 else {
                    throw invalid("\(expectedFile) is not the file its row names (its size or SHA-256 differs: damaged?)")
                }
                try binds.append(content)
                read.append(.init(file: file, sha256: sha256, bytes: bytes))
            }
            try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
            if !deferred.isEmpty {
                try await connection.query(
                    "INSERT INTO roster_restore_deferred (tbl, row) VALUES (\(table.name), \(line)::jsonb)", logger: logger)
            }
        }
        return read
    }

    /// The columns set aside to break a cycle of keys, now that every row is written.
    func fillDeferred(_ columns: [String], of table: CatalogTable) async throws {
        let set = columns.map { SQLText.identifier($0) + " = r." + SQLText.identifier($0) }.joined(separator: ", ")
        let match = table.primaryKey.map { "t.\(SQLText.identifier($0)) = r.\(SQLText.identifier($0))" }.joined(separator: " AND ")
        let any = columns.map { "r.\(SQLText.identifier($0)) IS NOT NULL" }.joined(separator: " OR ")
        try await connection.query(PostgresQuery(unsafeSQL: """
            UPDATE \(table.quoted) t SET \(set)
            FROM roster_restore_deferred d CROSS JOIN LATERAL jsonb_populate_record(NULL::\(table.quoted), d.row - ARRAY[\(table.documentColumns.map(SQLText.literal).joined(separator: ", "))]::text[]) r
            WHERE d.tbl = \(SQLText.literal(table.name)) AND \(match) AND (\(any))
            """), logger: logger)
    }

    /// A chunk's lines: UTF-8, each ended by a line feed, none empty.
    static func lines(_ data: Data, entry: String) throws -> [String] {
        guard let text = String(data: data, encoding: .utf8), text.hasSuffix("\n") else {
            throw OperatorCommands.Failure("The archive is not valid: \(entry) is not UTF-8 lines. Nothing was imported.")
        }
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.contains(where: \.isEmpty) else {
            throw OperatorCommands.Failure("The archive is not valid: \(entry) has an empty line. Nothing was imported.")
        }
        return lines
    }

    static func hash(of lines: [String]) -> String {
        var hash = TableRows.LineHash()
        for line in lines { hash.add(line) }
        return hash.finalize()
    }

    func invalid(_ what: String) -> OperatorCommands.Failure {
        OperatorCommands.Failure("The archive is not valid: \(what). Nothing was imported.")
    }
}

extension PostgresConnection {
    /// One statement with its SQL spelled from the catalog and its values bound.
    fileprivate func query(_ sql: String, binds values: [String], logger: Logger) async throws {
        var binds = PostgresBindings()
        for value in values { binds.append(value) }
        try await query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }
}
