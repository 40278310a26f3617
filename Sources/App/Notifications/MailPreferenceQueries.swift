import Foundation
import PostgresNIO

/// Which kinds of mail a person wants: a row only where they chose otherwise than the default.
public enum MailPreferenceQueries {
    /// The kinds `user` receives (of those offered to them, see `offered(to:)`).
    public static func wanted(by user: UUID, on db: TenantConnection) async throws -> Set<MailKind> {
        var choices: [MailKind: Bool] = [:]
        for try await (kind, wanted) in try await db.query("""
            SELECT kind, wanted FROM mail_preferences WHERE tenant_id = \(db.tenant) AND user_id = \(user)
            """).decode((String, Bool).self) {
            if let kind = MailKind(rawValue: kind) { choices[kind] = wanted }
        }
        return MailKind.wanted(choices: choices)
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
