import Foundation
import Logging
import PostgresNIO

/// The application's access to PostgreSQL: a pool, and transactions that carry the tenant.
///
/// Every access to tenant-owned rows goes through `transaction(tenant:readOnly:)`, which sets
/// `roster.tenant_id` for that transaction only; row level security reads it.
public struct Database: Sendable {
    /// The pool; a request waits a bounded time for a connection (`DatabasePool`).
    public let client: DatabasePool
    public let logger: Logger

    public init(pool: DatabasePool, logger: Logger) {
        self.client = pool
        self.logger = logger
    }

    /// Over a client that the caller runs.
    public init(client: PostgresClient, logger: Logger) {
        self.init(pool: DatabasePool(client: client, logger: logger), logger: logger)
    }

    /// Runs `body` in one transaction. With a tenant, row level security admits that tenant's
    /// rows only; without one, no tenant-owned row at all. Read-only transactions refuse writes.
    public func transaction<Result: Sendable>(
        tenant: UUID?,
        readOnly: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection(isolation: isolation) { connection in
            try await connection.transaction(tenant: tenant, readOnly: readOnly, logger: logger, isolation: isolation, body)
        }
    }

    /// A statement that needs no tenant (the tenant directory, health checks).
    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger)
    }
}

extension PostgresConnection {
    public func transaction<Result: Sendable>(
        tenant: UUID?,
        readOnly: Bool,
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await query(readOnly ? "BEGIN READ ONLY" : "BEGIN", logger: logger)
        do {
            if let tenant {
                try await query("SELECT set_config('roster.tenant_id', \(tenant.uuidString), true)", logger: logger)
            }
            let result = try await body(self)
            try await query("COMMIT", logger: logger)
            return result
        } catch {
            _ = try? await query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// Sets the tenant inside a transaction that is already open.
    public func setTenant(_ tenant: UUID, logger: Logger) async throws {
        try await query("SELECT set_config('roster.tenant_id', \(tenant.uuidString), true)", logger: logger)
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
