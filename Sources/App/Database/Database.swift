import Foundation
import Logging
import PostgresNIO

/// The application's access to PostgreSQL: a pool, and transactions that carry the tenant.
///
/// Every access to tenant-owned rows goes through a `TenantConnection`, made only by the tenant
/// transaction, which sets `roster.tenant_id` for that transaction only; row level security reads it.
public struct Database: Sendable {
    /// The pool; a request waits a bounded time for a connection (`DatabasePool`).
    public let client: DatabasePool
    public let logger: Logger

    /// Whether the pool's connections keep named prepared statements (`DatabasePool.namedStatements`).
    public var namedStatements: Bool { client.namedStatements }

    public init(pool: DatabasePool, logger: Logger) {
        self.client = pool
        self.logger = logger
    }

    /// Over a client that the caller runs.
    public init(client: PostgresClient, logger: Logger) {
        self.init(pool: DatabasePool(client: client, logger: logger), logger: logger)
    }

    /// Runs `body` in one transaction without a tenant: row level security admits no
    /// tenant-owned row at all (the tenant directory, OAuth clients, `enterTenant`). A transaction
    /// of one tenant is `transaction(tenant:readOnly:)` (TenantConnection.swift).
    public func transaction<Result: Sendable>(
        readOnly: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection(isolation: isolation) { connection in
            try await connection.transaction(readOnly: readOnly, named: namedStatements, logger: logger, isolation: isolation, body)
        }
    }

    /// A statement that needs no tenant (the tenant directory, health checks).
    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger)
    }
}

extension PostgresConnection {
    /// Runs `body` in one transaction on this connection, with no tenant set; BEGIN and COMMIT
    /// are named prepared statements on a connection that keeps them (`named`,
    /// `DatabasePool.namedStatements`).
    public func transaction<Result: Sendable>(
        readOnly: Bool,
        named: Bool = false,
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        if readOnly {
            try await complete(TransactionStatements.BeginReadOnly(), named: named, logger: logger)
        } else {
            try await complete(TransactionStatements.Begin(), named: named, logger: logger)
        }
        do {
            let result = try await body(self)
            try await complete(TransactionStatements.Commit(), named: named, logger: logger)
            return result
        } catch {
            _ = try? await query("ROLLBACK", logger: logger)
            throw error
        }
    }
}

extension PostgresConnection {
    /// Runs `body` inside a savepoint of the open transaction: a database error rolls back only
    /// what `body` did, so the transaction stays usable (to show a refused form again), and is
    /// rethrown for the caller to translate.
    @discardableResult
    public func savepoint<T>(_ name: String, logger: Logger, _ body: () async throws -> T) async throws -> T {
        try await query(PostgresQuery(unsafeSQL: "SAVEPOINT \(name)"), logger: logger)
        do {
            let result = try await body()
            try await query(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"), logger: logger)
            return result
        } catch let error as PSQLError {
            try await query(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(name)"), logger: logger)
            throw error
        }
    }
}
