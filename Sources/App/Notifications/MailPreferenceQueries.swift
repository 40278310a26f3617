import Foundation
import PostgresNIO

/// Which kinds of mail a person wants: a row only where they chose otherwise than the default.
public enum MailPreferenceQueries {
    /// The kinds `user` receives (of those offered to them, see `offered(to:)`).
    public static func wanted(by user: UUID, on db: TenantConnection) async throws -> Set<MailKind> {
        var choices: [MailKind: Bool] = [:]
        for row in try await db.rows(of: { WantedStatement(tenant: $0, user: user) }) {
            let (kind, wanted) = try row.decode((String, Bool).self)
            if let kind = MailKind(rawValue: kind) { choices[kind] = wanted }
        }
        return MailKind.wanted(choices: choices)
    }

    /// The statement of `wanted(by:)`, prepared: the preferences page reads it on every view, and
    /// parsing and planning it cost PostgreSQL more than the rest of the page's statements.
    struct WantedStatement: RowsStatement {
        static let name = "roster_mail_wanted"
        static let sql = "SELECT kind, wanted FROM mail_preferences WHERE tenant_id = $1 AND user_id = $2"
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]

        let tenant: UUID, user: UUID

        func makeBindings() throws -> PostgresBindings { .of(tenant, user) }
    }

    /// Sets, among the kinds offered to `user`, those they receive to exactly `wanted`, in one statement.
    public static func set(_ wanted: Set<MailKind>, for user: User, on db: TenantConnection) async throws {
        let kinds = MailKind.allCases.filter { $0.isOffered(to: user) }
        try await db.query("""
            INSERT INTO mail_preferences (tenant_id, user_id, kind, wanted)
            SELECT \(db.tenant), \(user.id), k.kind, k.wanted
            FROM unnest(\(kinds.map(\.rawValue))::text[], \(kinds.map { wanted.contains($0) })::boolean[]) AS k(kind, wanted)
            ON CONFLICT (tenant_id, user_id, kind) DO UPDATE SET wanted = excluded.wanted, updated_at = now()
            """)
    }

    /// Turns one kind off for `user` (the unsubscribe link); true when it was on.
    @discardableResult
    public static func turnOff(_ kind: MailKind, for user: UUID, on db: TenantConnection) async throws -> Bool {
        let before = try await wanted(by: user, on: db).contains(kind)
        try await db.query("""
            INSERT INTO mail_preferences (tenant_id, user_id, kind, wanted) VALUES (\(db.tenant), \(user), \(kind.rawValue), false)
            ON CONFLICT (tenant_id, user_id, kind) DO UPDATE SET wanted = false, updated_at = now()
            """)
        return before
    }
}
