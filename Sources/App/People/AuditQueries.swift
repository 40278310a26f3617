import Foundation
import Logging
import PostgresNIO

public struct AuditEntry: Sendable {
    public let at: String
    public let action: String
    public let actorName: String?
}

public enum AuditQueries {
    /// The latest changes to a person, newest first, with who made them; one statement.
    public static func recent(
        subject: UUID, limit: Int = 50, on db: TenantConnection
    ) async throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        for try await (at, action, first, last) in try await db.query("""
            SELECT to_char(e.at AT TIME ZONE t.time_zone, 'YYYY-MM-DD HH24:MI'), e.action, a.first_name, a.last_name
            FROM audit_events e
            JOIN tenants t ON t.id = e.tenant_id
            LEFT JOIN users a ON a.tenant_id = e.tenant_id AND a.id = e.actor_id
            WHERE e.tenant_id = \(db.tenant) AND e.subject_id = \(subject)
            ORDER BY e.at DESC, e.id LIMIT \(limit)
            """).decode((String, String, String?, String?).self) {
            entries.append(AuditEntry(at: at, action: action,
                                      actorName: first.map { [$0, last ?? ""].joined(separator: " ") }))
        }
        return entries
    }
}
