import Crypto
import Foundation
import Logging
import PostgresNIO

/// One file of `migrations/`, named `NNNN_what.sql`.
public struct MigrationFile: Sendable, Equatable {
    public let name: String
    public let sql: String
    public var checksum: String { SHA256.hash(data: Data(sql.utf8)).hexString }

    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}

public enum MigrationError: Error, CustomStringConvertible, Equatable {
    case badFileName(String)
    case changedAfterApplied(name: String, applied: String, now: String)
    case unknownApplied(String)
    case failed(name: String, message: String)

    public var description: String {
        switch self {
        case .badFileName(let name):
            "migrations/\(name): a migration file is named NNNN_what.sql (four digits, an underscore, lower-case words)."
        case let .changedAfterApplied(name, applied, now):
            "migrations/\(name) was changed after it was applied (checksum applied \(applied.prefix(12))…, now \(now.prefix(12))…). Applied migrations are never edited: restore the file and add a new migration for the change."
        case .unknownApplied(let name):
            "The database has migration \(name) applied, but migrations/ has no such file. Is this an older checkout than the database?"
        case let .failed(name, message):
            "migrations/\(name) failed and was rolled back: \(message)"
        }
    }
}

/// What the database has, compared with the files.
public struct MigrationStatus: Sendable, Equatable {
    public var pending: [String]
    public var problems: [MigrationError]
    public var isCurrent: Bool { pending.isEmpty && problems.isEmpty }
}

public struct Migrator: Sendable {
    public let files: [MigrationFile]

    /// Two migrators must not run at once; they take this advisory lock.
    static let lockKey: Int64 = 0x526F_7374_6572  // "Roster"

    public init(files: [MigrationFile]) {
        self.files = files.sorted { $0.name < $1.name }
    }

    public static func load(directory: String) throws -> Migrator {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sql") }
        let files = try names.map { name -> MigrationFile in
            guard name.wholeMatch(of: /[0-9]{4}_[a-z0-9_]+\.sql/) != nil else { throw MigrationError.badFileName(name) }
            let sql = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            return MigrationFile(name: name, sql: sql)
        }
        return Migrator(files: files)
    }

    /// Compares applied migrations with the files; pure.
    public static func compare(files: [MigrationFile], applied: [(name: String, checksum: String)]) -> MigrationStatus {
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0) })
        var problems: [MigrationError] = []
        for row in applied {
            if let file = byName[row.name] {
                if file.checksum != row.checksum {
                    problems.append(.changedAfterApplied(name: row.name, applied: row.checksum, now: file.checksum))
                }
            } else {
                problems.append(.unknownApplied(row.name))
            }
        }
        let appliedNames = Set(applied.map(\.name))
        let pending = files.map(\.name).filter { !appliedNames.contains($0) }
        return MigrationStatus(pending: pending, problems: problems)
    }

    public func status(on connection: PostgresConnection, logger: Logger) async throws -> MigrationStatus {
        let exists = try await connection.query(
            "SELECT to_regclass('public.schema_migrations') IS NOT NULL", logger: logger
        ).collect().first?.decode(Bool.self) ?? false
        guard exists else { return MigrationStatus(pending: files.map(\.name), problems: []) }
        let applied = try await Self.applied(on: connection, logger: logger)
        return Self.compare(files: files, applied: applied)
    }

    static func applied(on connection: PostgresConnection, logger: Logger) async throws -> [(name: String, checksum: String)] {
        var rows: [(name: String, checksum: String)] = []
        for try await (name, checksum) in try await connection.query(
            "SELECT name, checksum FROM schema_migrations ORDER BY name", logger: logger
        ).decode((String, String).self) {
            rows.append((name, checksum))
        }
        return rows
    }

    /// Applies every pending file, each in its own transaction, and returns their names.
    /// Refuses to run when an applied file was changed or is missing.
    @discardableResult
    public func migrate(on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await connection.query("SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger)
        do {
            let result = try await migrateLocked(on: connection, logger: logger)
            try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
            return result
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
            throw error
        }
    }

    private func migrateLocked(on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name       text        PRIMARY KEY,
                checksum   text        NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        let status = Self.compare(files: files, applied: try await Self.applied(on: connection, logger: logger))
        if let problem = status.problems.first { throw problem }
        var done: [String] = []
        for file in files where status.pending.contains(file.name) {
            try await connection.query("BEGIN", logger: logger)
            do {
                for statement in SQLScript.statements(file.sql) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (name, checksum) VALUES (\(file.name), \(file.checksum))",
                    logger: logger)
                try await connection.query("COMMIT", logger: logger)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw MigrationError.failed(name: file.name, message: String(reflecting: error))
            }
            logger.info("applied migration \(file.name)")
            done.append(file.name)
        }
        return done
    }

    /// Gives the application role what it needs on every table, and no more: the migration
    /// history and the registry of OAuth clients are read-only to it. Runs after each migrate,
    /// so new tables are covered.
    public static func grant(to role: String, on connection: PostgresConnection, logger: Logger) async throws {
        let quoted = "\"" + role.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        for statement in [
            "GRANT USAGE ON SCHEMA public TO \(quoted)",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(quoted)",
            "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO \(quoted)",
            "GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO \(quoted)",
            "REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM \(quoted)",
        ] {
            try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        let clients = try await connection.query("SELECT to_regclass('public.oauth_clients') IS NOT NULL", logger: logger)
            .collect()[0].decode(Bool.self)
        if clients {
            try await connection.query(PostgresQuery(
                unsafeSQL: "REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON oauth_clients FROM \(quoted)"), logger: logger)
        }
    }
}

extension Sequence where Element == UInt8 {
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
