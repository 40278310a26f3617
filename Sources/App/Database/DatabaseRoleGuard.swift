import Logging
import PostgresNIO

/// The server must not run as a role that row level security does not bind.
public enum DatabaseRoleGuard {
    public enum Refusal: Error, CustomStringConvertible, Equatable {
        case superuser(String)
        case bypassesRLS(String)

        public var description: String {
            switch self {
            case .superuser(let role):
                "Refusing to start: the database role \"\(role)\" is a superuser, and row level security does not apply to superusers. Give DATABASE_URL an application role (NOSUPERUSER NOBYPASSRLS); migrations use MIGRATION_DATABASE_URL."
            case .bypassesRLS(let role):
                "Refusing to start: the database role \"\(role)\" has BYPASSRLS, so tenant isolation would not be enforced. Use a role created with NOBYPASSRLS."
            }
        }
    }

    public static func check(_ database: Database) async throws {
        let rows = try await database.query(
            "SELECT rolname, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user"
        ).collect()
        guard let row = rows.first else { return }
        let (name, isSuper, bypasses) = try row.decode((String, Bool, Bool).self)
        if isSuper { throw Refusal.superuser(name) }
        if bypasses { throw Refusal.bypassesRLS(name) }
    }
}
