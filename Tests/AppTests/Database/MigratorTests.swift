import Foundation
import PostgresNIO
import Testing
@testable import App

@Suite struct MigratorTests {
    @Test func comparesAppliedWithFiles() {
        let a = MigrationFile(name: "0001_a.sql", sql: "SELECT 1")
        let b = MigrationFile(name: "0002_b.sql", sql: "SELECT 2")
        let status = Migrator.compare(files: [a, b], applied: [(a.name, a.checksum)])
        #expect(status.pending == ["0002_b.sql"])
        #expect(status.problems.isEmpty)

        let changed = Migrator.compare(files: [a], applied: [(a.name, "0000")])
        #expect(changed.problems == [.changedAfterApplied(name: a.name, applied: "0000", now: a.checksum)])

        let unknown = Migrator.compare(files: [], applied: [("0009_gone.sql", "x")])
        #expect(unknown.problems == [.unknownApplied("0009_gone.sql")])
    }

    @Test func refusesBadlyNamedFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "SELECT 1".write(to: dir.appendingPathComponent("1_Bad Name.sql"), atomically: true, encoding: .utf8)
        #expect(throws: MigrationError.badFileName("1_Bad Name.sql")) { try Migrator.load(directory: dir.path) }
    }

    @Test func applyingTwiceIsANoOp() async throws {
        try await TestPostgres.withDatabase { database in
            let migrator = try TestPostgres.migrator()
            let again = try await OperatorCommands.migrate(
                migrator: migrator, owner: try database.ownerURL, appRole: "roster_app", logger: TestPostgres.logger)
            #expect(again.isEmpty)
            let count = try await database.asSuperuser { connection in
                try await connection.query("SELECT count(*) FROM schema_migrations", logger: TestPostgres.logger)
                    .collect()[0].decode(Int.self)
            }
            #expect(count == migrator.files.count)
        }
    }

    @Test func refusesAnAppliedMigrationThatChanged() async throws {
        try await TestPostgres.withDatabase { database in
            var files = try TestPostgres.migrator().files
            files[0] = MigrationFile(name: files[0].name, sql: files[0].sql + "\n-- edited afterwards\n")
            let error = await #expect(throws: MigrationError.self) {
                try await OperatorCommands.migrate(
                    migrator: Migrator(files: files), owner: try database.ownerURL, appRole: "roster_app",
                    logger: TestPostgres.logger)
            }
            guard case .changedAfterApplied(let name, _, _) = error else {
                Issue.record("expected changedAfterApplied, got \(String(describing: error))")
                return
            }
            #expect(name == files[0].name)
            #expect(error?.description.contains("was changed after it was applied") == true)
        }
    }

    @Test func aFailingMigrationLeavesNothingBehind() async throws {
        try await TestPostgres.withDatabase { database in
            let files = try TestPostgres.migrator().files + [
                MigrationFile(name: "9998_ok_part.sql", sql: "CREATE TABLE half_done (id int);\nSELECT no_such_column FROM half_done;"),
            ]
            await #expect(throws: MigrationError.self) {
                try await OperatorCommands.migrate(
                    migrator: Migrator(files: files), owner: try database.ownerURL, appRole: "roster_app",
                    logger: TestPostgres.logger)
            }
            let leftovers = try await database.asSuperuser { connection in
                try await connection.query("""
                    SELECT (SELECT count(*) FROM schema_migrations WHERE name = '9998_ok_part.sql')
                         + (SELECT count(*) FROM pg_tables WHERE tablename = 'half_done')
                    """, logger: TestPostgres.logger).collect()[0].decode(Int.self)
            }
            #expect(leftovers == 0)
        }
    }

    @Test func appRoleCannotRewriteMigrationHistory() async throws {
        try await TestPostgres.withDatabase { database in
            await #expect(throws: PSQLError.self) {
                try await database.asApp { connection in
                    try await connection.query("DELETE FROM schema_migrations", logger: TestPostgres.logger)
                }
            }
        }
    }
}
