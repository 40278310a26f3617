import Foundation
import Logging
import PostgresNIO
@testable import App

/// The test cluster started by scripts/test, and a fresh database per test cloned from a
/// template that the real migrator built once per test run.
enum TestPostgres {
    static let logger = Logger(label: "tests")

    static var superuser: PostgresURL {
        get throws {
            guard let url = ProcessInfo.processInfo.environment["ROSTER_TEST_POSTGRES"] else {
                throw OperatorCommands.Failure("ROSTER_TEST_POSTGRES is not set: run the tests with scripts/test, which starts PostgreSQL.")
            }
            return try PostgresURL(url)
        }
    }

    static var owner: PostgresURL { get throws { try superuser.with(username: "roster_owner", password: nil) } }
    static var app: PostgresURL { get throws { try superuser.with(username: "roster_app", password: nil) } }
    static var bypass: PostgresURL { get throws { try superuser.with(username: "roster_bypass", password: nil) } }

    static func migrator() throws -> Migrator {
        try Migrator.load(directory: FileManager.default.currentDirectoryPath + "/migrations")
    }

    /// Runs `body` with a new database cloned from the migrated template; drops it afterwards.
    @discardableResult
    static func withDatabase<T: Sendable>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        let template = try await Template.shared.name()
        let name = "roster_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        do {
            // A few at a time: hundreds of tests start at once, and a storm of connections that
            // each copy a database left the server too busy to accept a connection in time.
            try await CreationGate.shared.run {
                try await owner.with(database: "postgres").withConnection(logger: logger) { connection in
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template) STRATEGY FILE_COPY"), logger: logger)
                }
            }
        } catch let error as PSQLError {
            throw OperatorCommands.Failure("the test database could not be made: " + String(reflecting: error))
        }
        let database = TestDatabase(name: name)
        do {
            let result = try await body(database)
            try await drop(name)
            return result
        } catch let error as PSQLError {
            try? await drop(name)
            // PSQLError hides the server's message unless asked; a failing test should show it.
            throw OperatorCommands.Failure(String(reflecting: error))
        } catch {
            try? await drop(name)
            throw error
        }
    }

    /// As the superuser: only it may end the connections a shut-down pool may still be closing.
    static func drop(_ name: String) async throws {
        try await superuser.with(database: "postgres").withConnection(logger: logger) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        }
    }

    /// Lets `limit` test databases be made at once; the others wait their turn in order.
    actor CreationGate {
        static let shared = CreationGate(limit: 3)
        private let limit: Int
        private var running = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(limit: Int) { self.limit = limit }

        @discardableResult
        func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
            if running >= limit {
                await withCheckedContinuation { waiting.append($0) }
            } else {
                running += 1
            }
            defer {
                if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
            }
            return try await body()
        }
    }

    /// Builds the template once per test process.
    actor Template {
        static let shared = Template()
        private var task: Task<String, any Error>?

        func name() async throws -> String {
            if let task { return try await task.value }
            let task = Task<String, any Error> {
                let name = "roster_template_\(ProcessInfo.processInfo.processIdentifier)"
                try await TestPostgres.drop(name)
                try await TestPostgres.owner.with(database: "postgres").withConnection(logger: TestPostgres.logger) {
                    try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: TestPostgres.logger)
                }
                _ = try await OperatorCommands.migrate(
                    migrator: try TestPostgres.migrator(), owner: try TestPostgres.owner.with(database: name),
                    appRole: "roster_app", logger: TestPostgres.logger)
                return name
            }
            self.task = task
            return try await task.value
        }
    }
}

/// One test's database, reachable as each of the cluster's roles.
struct TestDatabase: Sendable {
    let name: String

    var appURL: PostgresURL { get throws { try TestPostgres.app.with(database: name) } }
    var ownerURL: PostgresURL { get throws { try TestPostgres.owner.with(database: name) } }
    var superuserURL: PostgresURL { get throws { try TestPostgres.superuser.with(database: name) } }

    /// Runs statements as the superuser, which row level security does not bind: the tests'
    /// view of what is really stored.
    @discardableResult
    func asSuperuser<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await superuserURL.withConnection(logger: TestPostgres.logger, body)
    }

    @discardableResult
    func asApp<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await appURL.withConnection(logger: TestPostgres.logger, body)
    }
}
