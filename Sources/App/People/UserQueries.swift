import Foundation
import Logging
import PostgresNIO

public enum UserQueries {
    /// The columns `decode` reads, of the table or alias `table`, each named `user_…` so that
    /// a statement can select them beside columns of other tables.
    static func columns(_ table: String = "users") -> String {
        ["id", "tenant_id", "email", "first_name", "last_name", "title", "roles", "active", "preferred_language"]
            .map { "\(table).\($0) AS user_\($0)" }.joined(separator: ", ")
    }

    /// Reads a user from the columns of `columns`.
    static func decode(_ row: NamedRow) throws -> User {
        User(
            id: try row("user_id"),
            tenantID: try row("user_tenant_id"),
            email: try row("user_email"),
            firstName: try row("user_first_name"),
            lastName: try row("user_last_name"),
            title: try row("user_title"),
            roles: Set(try row("user_roles", as: [String].self).compactMap(Role.init(rawValue:))),
            active: try row("user_active"),
            preferredLanguage: try row("user_preferred_language", as: String?.self).flatMap(Language.init(rawValue:))
        )
    }

    public static func find(email: String, on db: TenantConnection) async throws -> User? {
        let rows = try await db.query("""
            SELECT \(unescaped: columns()) FROM users WHERE tenant_id = \(db.tenant) AND lower(email) = lower(\(email))
            """).collect()
        return try rows.first.map { try decode(NamedRow($0)) }
    }

    /// Whether the tenant has a person with this id (active or not).
    public static func exists(_ id: UUID, on db: TenantConnection) async throws -> Bool {
        try await !db.query("SELECT 1 FROM users WHERE tenant_id = \(db.tenant) AND id = \(id)").collect().isEmpty
    }

    /// Creates the user, or updates name, title and roles of the one with that e-mail.
    public static func upsert(
        email: String, firstName: String, lastName: String, title: String, roles: Set<Role>, on db: TenantConnection
    ) async throws -> User {
        let roleNames = roles.sorted().map(\.rawValue)
        let rows = try await db.query("""
            INSERT INTO users (tenant_id, email, first_name, last_name, title, roles)
            VALUES (\(db.tenant), \(email), \(firstName), \(lastName), \(title), \(roleNames))
            ON CONFLICT (tenant_id, lower(email)) DO UPDATE
               SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
                   title = EXCLUDED.title, roles = EXCLUDED.roles, updated_at = now()
            RETURNING \(unescaped: columns())
            """).collect()
        return try decode(NamedRow(rows[0]))
    }

    /// Deactivating also ends every session of that user.
    public static func setActive(
        _ active: Bool, user: UUID, on db: TenantConnection
    ) async throws {
        try await db.query(
            "UPDATE users SET active = \(active), updated_at = now() WHERE tenant_id = \(db.tenant) AND id = \(user)")
        if !active {
            // Signed out everywhere at once: browser sessions end, API tokens are revoked.
            try await db.query(
                "DELETE FROM sessions WHERE tenant_id = \(db.tenant) AND user_id = \(user)")
            try await OAuthQueries.revokeAll(of: user, on: db)
        }
    }

    public static func setPreferredLanguage(
        _ language: Language, user: UUID, on db: TenantConnection
    ) async throws {
        try await db.query("""
            UPDATE users SET preferred_language = \(language.rawValue), updated_at = now()
            WHERE tenant_id = \(db.tenant) AND id = \(user)
            """)
    }
}
