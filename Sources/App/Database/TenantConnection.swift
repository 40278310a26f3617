import Foundation
import Logging
import PostgresNIO

/// A connection inside a transaction whose tenant is set: `roster.tenant_id` holds `tenant` for
/// this transaction only, and row level security admits that tenant's rows only.
///
/// This file is the one place that sets the tenant on a connection, and the only code that can
/// make a `TenantConnection` (its initialiser is private to this file): every query of tenant
/// rows takes one, so a query cannot run with a tenant argument that differs from the tenant set
/// on its connection. Queries name `tenant` in their `WHERE` clauses as well (row level security
/// is the second wall, not the only one).
public struct TenantConnection: Sendable {
    /// The tenant set on the connection.
    public let tenant: UUID
    /// The request's (or the job's) logger, for every statement on this connection.
    public let logger: Logger
    private let connection: PostgresConnection

    fileprivate init(tenant: UUID, connection: PostgresConnection, logger: Logger) {
        self.tenant = tenant
        self.connection = connection
        self.logger = logger
    }

    /// Runs one statement of the transaction.
    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await connection.query(query, logger: logger)
    }

    /// Runs `body` inside a savepoint of the open transaction: a database error rolls back only
    /// what `body` did, so the transaction stays usable (to show a refused form again), and is
    /// rethrown for the caller to translate.
    @discardableResult
    public func savepoint<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await connection.savepoint(name, logger: logger, body)
    }
}

extension Database {
    /// Runs `body` in one transaction of `tenant` on a pooled connection. Read-only transactions
    /// refuse writes.
    public func transaction<Result: Sendable>(
        tenant: UUID,
        readOnly: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection(isolation: isolation) { connection in
            try await connection.transaction(tenant: tenant, readOnly: readOnly, logger: logger, isolation: isolation, body)
        }
    }
}

extension PostgresConnection {
    /// Runs `body` in one transaction of `tenant` on this connection.
    public func transaction<Result: Sendable>(
        tenant: UUID,
        readOnly: Bool,
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result {
        try await transaction(readOnly: readOnly, logger: logger, isolation: isolation) { connection in
            try await connection.query("SELECT set_config('roster.tenant_id', \(tenant.uuidString), true)", logger: logger)
            return try await body(TenantConnection(tenant: tenant, connection: connection, logger: logger))
        }
    }

    /// Inside an open transaction without a tenant: finds the tenant of `slug` and, in the same
    /// statement, makes it the transaction's tenant. Nil when no tenant has that slug.
    public func enterTenant(slug: String, logger: Logger) async throws -> (Tenant, TenantConnection)? {
        let rows = try await query("""
            SELECT \(unescaped: TenantQueries.columns), set_config('roster.tenant_id', id::text, true)
            FROM tenants WHERE slug = \(slug)
            """, logger: logger).collect()
        guard let tenant = try rows.first.map(TenantQueries.decode) else { return nil }
        return (tenant, TenantConnection(tenant: tenant.id, connection: self, logger: logger))
    }

    /// Inside an open transaction without a tenant: inserts a tenant and makes it the
    /// transaction's tenant.
    public func createTenant(slug: String, name: String, logger: Logger) async throws -> (Tenant, TenantConnection) {
        let rows = try await query("""
            INSERT INTO tenants (slug, name) VALUES (\(slug), \(name))
            RETURNING \(unescaped: TenantQueries.columns)
            """, logger: logger).collect()
        let tenant = try TenantQueries.decode(rows[0])
        try await query("SELECT set_config('roster.tenant_id', \(tenant.id.uuidString), true)", logger: logger)
        return (tenant, TenantConnection(tenant: tenant.id, connection: self, logger: logger))
    }
}
