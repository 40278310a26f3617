import Foundation
import PostgresNIO
import Testing
@testable import App

/// `tenant export`, `tenant import` and `tenant delete` on the test world's two companies, which
/// have a row in every table (`withWorld`, and a session): an invoice with a corrected value, an approved month
/// with its time, a work statement's file. Every check walks the catalog's tables, so a table
/// added later is covered without changing these tests.
@Suite struct TenantArchiveTests {
    static let log = TestPostgres.logger

    static func temporary() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("roster-tenant-\(UUID().uuidString).tar").path
    }

    /// `tenants` and every table with a `tenant_id`, as the schema says (not as the code lists them).
    static func tables(_ database: TestDatabase) async throws -> [String] {
        try await database.asSuperuser { try await TenantIsolationTests.tenantTables($0) } + ["tenants"]
    }

    /// Every row of `tenant` in each table, as JSON text (files included, in hex), sorted.
    static func snapshot(_ database: TestDatabase, tenant: UUID, tables: [String]) async throws -> [String: [String]] {
        try await database.asSuperuser { connection in
            try await connection.query("SET TimeZone = 'UTC'", logger: log)
            var rows: [String: [String]] = [:]
            for table in tables {
                let column = table == "tenants" ? "id" : "tenant_id"
                rows[table] = try await connection.query(PostgresQuery(unsafeSQL: """
                    SELECT to_jsonb(t)::text FROM \(table) t WHERE \(column) = '\(tenant.uuidString.lowercased())' ORDER BY 1
                    """), logger: log).collect().map { try $0.decode(String.self) }
            }
            return rows
        }
    }

    static func counts(_ snapshot: [String: [String]]) -> [String: Int] { snapshot.mapValues(\.count) }

    static func export(_ world: TestWorld, slug: String = DemoData.slug) async throws -> String {
        let path = temporary()
        _ = try await TenantExport.export(slug: slug, to: path, database: try world.database.ownerURL, logger: log)
        return path
    }

    static func failure(_ body: () async throws -> some Any) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func anExportImportedIntoAnotherDatabaseHasEveryRowAndEveryFileAsItWas() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            _ = try await world.signedIn(world.admin)
            try await InvoiceMonthTotalsTests.leaveUnfoldedChange(world, tenant: tenant)
            let tables = try await Self.tables(world.database)
            let before = try await Self.snapshot(world.database, tenant: tenant, tables: tables)
            #expect(tables.filter { before[$0, default: []].isEmpty } == [], "the company has rows in every table")
            // The cases the triggers would rewrite or refuse are among them.
            let corrected = try await world.database.asSuperuser {
                try await $0.query("SELECT count(*)::int FROM invoices WHERE tenant_id = \(tenant) AND corrected <> '{}'", logger: Self.log)
                    .collect()[0].decode(Int.self)
            }
            #expect(corrected == 1, "an invoice with a corrected value")
            let path = try await Self.export(world)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "readable by its owner only")

            try await TestPostgres.withDatabase { target in
                let summary = try await TenantImport.run(from: path, slug: nil, database: try target.ownerURL, logger: Self.log)
                #expect(summary.tenant.id == tenant && summary.documents >= 2)
                let after = try await Self.snapshot(target, tenant: tenant, tables: tables)
                for table in tables {
                    #expect(after[table] == before[table], "\(table) is restored row for row")
                }
                // The files, byte for byte.
                for table in ["invoice_documents", "work_statement_documents"] {
                    let sql = "SELECT id, content FROM \(table) WHERE tenant_id = '\(tenant.uuidString.lowercased())' ORDER BY id"
                    let source = try await world.database.asSuperuser {
                        try await $0.query(PostgresQuery(unsafeSQL: sql), logger: Self.log).collect().map { try $0.decode((UUID, Data).self) }
                    }
                    let restored = try await target.asSuperuser {
                        try await $0.query(PostgresQuery(unsafeSQL: sql), logger: Self.log).collect().map { try $0.decode((UUID, Data).self) }
                    }
                    #expect(!source.isEmpty && source.map(\.0) == restored.map(\.0) && source.map(\.1) == restored.map(\.1), "\(table)")
                }
                // The restored company works: the application signs its admin in.
                let tenantRow = try await target.asApp { connection in
                    try await connection.transaction(readOnly: true, logger: Self.log) {
                        try await $0.enterTenant(slug: DemoData.slug, logger: Self.log)?.0
                    }
                }
                #expect(tenantRow?.id == tenant)

                // Once there, the same company is refused, under its slug and under another.
                let again = await Self.failure { try await TenantImport.run(from: path, slug: nil, database: try target.ownerURL, logger: Self.log) }
                #expect(again?.contains("slug \"acme\" exists") == true, "\(again ?? "")")
                let renamed = await Self.failure {
                    try await TenantImport.run(from: path, slug: "acme-copy", database: try target.ownerURL, logger: Self.log)
                }
                #expect(renamed?.contains("exists in this database") == true, "\(renamed ?? "")")
                #expect(try await Self.snapshot(target, tenant: tenant, tables: tables) == after, "nothing changed")
            }
        }
    }

    @Test func theExportHoldsEveryTableOfTheSchema() async throws {
        try await withWorld { world in
            let path = try await Self.export(world, slug: "globex")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let entries = try ArchiveFormatTests.read(path)
            let header = try JSONDecoder().decode(ArchiveHeader.self, from: try #require(entries.first { $0.0 == "header.json" }).1)
            let manifest = try JSONDecoder().decode(ArchiveManifest.self, from: try #require(entries.last { $0.0 == "manifest.json" }).1)
            let tables = try await Self.tables(world.database)
            #expect(Set(header.tables) == Set(tables) && header.tables.count == tables.count)
            #expect(manifest.tables.map(\.name) == header.tables && header.tables.first == "tenants")
            let counts = Self.counts(try await Self.snapshot(world.database, tenant: world.otherAdmin.tenantID, tables: tables))
            #expect(Dictionary(uniqueKeysWithValues: manifest.tables.map { ($0.name, $0.rows) }) == counts)
            #expect(header.schema.lastMigration == (try TestPostgres.migrator().files.last?.name))
            // Every file is in the archive as the manifest lists it.
            let files = Dictionary(uniqueKeysWithValues: entries.filter { $0.0.hasPrefix("documents/") }.map { ($0.0, $0.1) })
            #expect(files.count == manifest.documents.count && !files.isEmpty)
            for document in manifest.documents {
                #expect(files[document.file].map(ArchiveLayout.sha256) == document.sha256)
            }
            // Nothing of the other company.
            let acme = world.admin.tenantID.uuidString.lowercased()
            #expect(!entries.contains { String(decoding: $0.1, as: UTF8.self).contains(acme) })
        }
    }

    @Test func anArchiveOfAnotherSchemaIsRefused() async throws {
        try await withWorld { world in
            let path = try await Self.export(world)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let name = "roster_older_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await TestPostgres.owner.with(database: "postgres").withConnection(logger: Self.log) {
                try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Self.log)
            }
            do {
                let all = try TestPostgres.migrator()
                let older = try TestPostgres.owner.with(database: name)
                _ = try await OperatorCommands.migrate(migrator: Migrator(files: Array(all.files.dropLast())), owner: older,
                                                       appRole: "roster_app", logger: Self.log)
                let refused = await Self.failure { try await TenantImport.run(from: path, slug: nil, database: older, logger: Self.log) }
                #expect(refused?.contains("exported at schema \(all.files.last!.name)") == true, "\(refused ?? "")")
                #expect(refused?.contains("migrate both to the same version") == true)
                try await TestPostgres.drop(name)
            } catch {
                try? await TestPostgres.drop(name)
                throw error
            }
        }
    }

    @Test func aDamagedOrHostileArchiveIsRefusedAndWritesNothing() async throws {
        try await withWorld { world in
            let path = try await Self.export(world)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let good = try ArchiveFormatTests.read(path)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let tenant = world.admin.tenantID.uuidString.lowercased()
            let document = try #require(good.firstIndex { $0.0.hasPrefix("documents/invoice_documents/") })
            let users = try #require(good.firstIndex { $0.0 == "tables/users/00001.jsonl" })

            var variants: [(String, Data, String)] = []
            func archive(_ entries: [(String, Data)]) throws -> Data {
                let file = Self.temporary()
                defer { try? FileManager.default.removeItem(atPath: file) }
                try ArchiveFormatTests.write(entries, to: file)
                return try Data(contentsOf: URL(fileURLWithPath: file))
            }
            variants.append(("cut in half", bytes.prefix(bytes.count / 2), "ends early"))
            variants.append(("cut before the end", bytes.prefix(bytes.count - 1_100), "ends early"))
            variants.append(("not a tar file", Data("%PDF-1.7 hello".utf8) + Data(count: 2_000), "checksum"))
            var traversal = good
            traversal.insert(("../../../../tmp/roster-owned", Data("x".utf8)), at: 1)
            variants.append(("a path outside", try archive(traversal), "../../../../tmp/roster-owned is not expected here"))
            var damaged = good
            damaged[document].1[damaged[document].1.count / 2] ^= 0xFF
            variants.append(("a file changed", try archive(damaged), "SHA-256 differs"))
            var missing = good
            missing.remove(at: document)
            variants.append(("a file missing", try archive(missing), "should follow its row"))
            var foreign = good
            foreign[users].1 = Data(String(decoding: foreign[users].1, as: UTF8.self)
                .replacingOccurrences(of: tenant, with: "00000000-0000-4000-8000-000000000000").utf8)
            variants.append(("rows of another company", try archive(foreign), "not rows of users of this company"))
            var injected = good
            injected[users].1 = Data(String(decoding: injected[users].1, as: UTF8.self)
                .replacingOccurrences(of: "\"email\"", with: "\"email\\\"); DROP TABLE users; --\"").utf8)
            variants.append(("a column that is not the table's", try archive(injected), "not rows of users"))
            var twice = good
            twice.insert(good[users], at: users + 1)
            variants.append(("a chunk twice", try archive(twice), "out of order (chunk 2 of users expected)"))
            var late = good
            late.insert(late.remove(at: 1), at: users)
            variants.append(("the company's row after others", try archive(late), "the company's row must come first"))
            var noManifest = good
            noManifest.removeLast()
            variants.append(("no manifest", try archive(noManifest), "no manifest.json"))
            var lying = good
            var manifest = try JSONDecoder().decode(ArchiveManifest.self, from: lying[lying.count - 1].1)
            manifest = ArchiveManifest(kind: manifest.kind, format: manifest.format, schema: manifest.schema, tenant: manifest.tenant,
                                       exportedAt: manifest.exportedAt, tables: manifest.tables, documents: Array(manifest.documents.dropLast()))
            lying[lying.count - 1].1 = try JSONEncoder().encode(manifest)
            variants.append(("a manifest that leaves a file out", try archive(lying), "not what the manifest lists"))
            var future = good
            future[0].1 = Data(String(decoding: future[0].1, as: UTF8.self).replacingOccurrences(of: "\"format\" : 1", with: "\"format\" : 2").utf8)
            variants.append(("another format", try archive(future), "format 2"))

            try await TestPostgres.withDatabase { target in
                for (what, data, reason) in variants {
                    let file = Self.temporary()
                    defer { try? FileManager.default.removeItem(atPath: file) }
                    _ = FileManager.default.createFile(atPath: file, contents: data)
                    let refused = await Self.failure { try await TenantImport.run(from: file, slug: nil, database: try target.ownerURL, logger: Self.log) }
                    #expect(refused?.contains(reason) == true, "\(what): \(refused ?? "imported")")
                    #expect(refused?.contains("Nothing was imported") == true, "\(what)")
                }
                let left = try await target.asSuperuser { try await $0.query("SELECT count(*)::int FROM tenants", logger: Self.log).collect()[0].decode(Int.self) }
                #expect(left == 0, "no company was written")
                // The good archive still imports.
                _ = try await TenantImport.run(from: path, slug: nil, database: try target.ownerURL, logger: Self.log)
            }
        }
    }

    @Test func anErasureIsConfirmedByTheSlugAndRemovesEveryRowOfTheCompanyOnly() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
            _ = try await world.signedIn(world.admin)
            _ = try await world.signedIn(world.otherAdmin, slug: "globex")
            let tables = try await Self.tables(world.database)
            let before = try await Self.snapshot(world.database, tenant: acme, tables: tables)
            let others = try await Self.snapshot(world.database, tenant: globex, tables: tables)
            let owner = try world.database.ownerURL

            for confirm in [nil, "globex", "ACME"] {
                let refused = await Self.failure { try await TenantErasure.erase(slug: DemoData.slug, confirm: confirm, database: owner, logger: Self.log) }
                #expect(refused?.contains("Nothing was removed") == true, "\(refused ?? "erased")")
                #expect(refused?.contains("--confirm acme") == true)
                #expect(refused?.contains("  users: \(before["users"]!.count)") == true, "\(refused ?? "")")
            }
            #expect(try await Self.snapshot(world.database, tenant: acme, tables: tables) == before, "nothing removed")

            // The application role cannot use the erasure's exception, whatever it sets.
            let appRefused = await Self.failure {
                try await world.database.asApp { connection in
                    try await connection.transaction(readOnly: false, logger: Self.log) { c in
                        try await c.query("SELECT set_config('roster.tenant_id', \(acme.uuidString.lowercased()), true)", logger: Self.log)
                        try await c.query("SELECT set_config('roster.erase_tenant', \(acme.uuidString.lowercased()), true)", logger: Self.log)
                        try await c.query("DELETE FROM audit_events WHERE tenant_id = \(acme)", logger: Self.log)
                    }
                }
            }
            #expect(appRefused != nil)
            let tenantsDeleted = try await world.database.asApp { connection in
                try await connection.transaction(readOnly: false, logger: Self.log) { c in
                    try await c.query("SELECT set_config('roster.tenant_id', \(acme.uuidString.lowercased()), true)", logger: Self.log)
                    try await c.query("SELECT set_config('roster.erase_tenant', \(acme.uuidString.lowercased()), true)", logger: Self.log)
                    return try await c.query("DELETE FROM tenants WHERE id = \(acme) RETURNING 1", logger: Self.log).collect().count
                }
            }
            #expect(tenantsDeleted == 0)
            let appErasure = await Self.failure {
                try await TenantErasure.erase(slug: DemoData.slug, confirm: DemoData.slug, database: try world.database.appURL, logger: Self.log)
            }
            #expect(appErasure?.contains("owner role") == true, "\(appErasure ?? "")")

            let path = try await Self.export(world)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let report = try await TenantErasure.erase(slug: DemoData.slug, confirm: DemoData.slug, database: owner, logger: Self.log)
            #expect(Dictionary(uniqueKeysWithValues: report.rows.map { ($0.table, $0.count) }) == Self.counts(before))
            #expect(report.rows.last?.table == "tenants" && report.rows.count == tables.count)
            let after = try await Self.snapshot(world.database, tenant: acme, tables: tables)
            for table in tables {
                #expect(after[table] == [], "no row of the company is left in \(table)")
            }
            #expect(try await Self.snapshot(world.database, tenant: globex, tables: tables) == others, "the other company is untouched")
            let gone = await Self.failure { try await TenantErasure.erase(slug: DemoData.slug, confirm: DemoData.slug, database: owner, logger: Self.log) }
            #expect(gone?.contains("no tenant with the slug") == true)

            // Its export restores it into the same database, now that its slug and id are free.
            _ = try await TenantImport.run(from: path, slug: nil, database: owner, logger: Self.log)
            #expect(try await Self.snapshot(world.database, tenant: acme, tables: tables) == before)
        }
    }
}
