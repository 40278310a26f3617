import Foundation
import Logging
import PostgresNIO

public enum TenantQueries {
    static let columns = "id, slug, name, time_zone, default_language, currency"

    static func decode(_ row: PostgresRow) throws -> Tenant {
        let (id, slug, name, zone, language, currency) = try row.decode((UUID, String, String, String, String, String).self)
        return Tenant(id: id, slug: slug, name: name, timeZone: zone,
                      defaultLanguage: Language(rawValue: language) ?? .cs, currency: currency)
    }

    /// Finds the tenant of a slug and, in the same statement, makes it the transaction's tenant.
    public static func enter(slug: String, on connection: PostgresConnection, logger: Logger) async throws -> Tenant? {
        let rows = try await connection.query("""
            SELECT id, slug, name, time_zone, default_language, currency,
                   set_config('roster.tenant_id', id::text, true)
            FROM tenants WHERE slug = \(slug)
            """, logger: logger).collect()
        return try rows.first.map(decode)
    }

    public static func find(slug: String, on connection: PostgresConnection, logger: Logger) async throws -> Tenant? {
        let rows = try await connection.query(
            "SELECT id, slug, name, time_zone, default_language, currency FROM tenants WHERE slug = \(slug)",
            logger: logger
        ).collect()
        return try rows.first.map(decode)
    }

    /// Inserts a tenant and makes it the transaction's tenant.
    public static func create(slug: String, name: String, on connection: PostgresConnection, logger: Logger) async throws -> Tenant {
        let rows = try await connection.query("""
            INSERT INTO tenants (slug, name) VALUES (\(slug), \(name))
            RETURNING id, slug, name, time_zone, default_language, currency
            """, logger: logger).collect()
        let tenant = try decode(rows[0])
        try await connection.setTenant(tenant.id, logger: logger)
        return tenant
    }

    public static func updateSettings(
        _ tenant: UUID, name: String, timeZone: String, defaultLanguage: Language,
        on connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query("""
            UPDATE tenants SET name = \(name), time_zone = \(timeZone), default_language = \(defaultLanguage.rawValue)
            WHERE id = \(tenant)
            """, logger: logger)
    }
}
