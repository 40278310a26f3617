import Foundation
import Logging
import PostgresNIO

/// How many sign-in links may be asked for (pure): per e-mail address and per client address,
/// within a window. Requests are counted whether or not the address belongs to anyone, so the
/// answer never tells who works at the company. Only requests that were allowed count: a client
/// refused for flooding cannot use its refused requests up against someone else's address.
public enum SignInThrottle {
    public static let window: TimeInterval = 15 * 60
    public static let perEmail = 3
    public static let perClient = 10

    public enum Decision: Equatable, Sendable {
        case allowed
        case tooManyForEmail
        case tooManyFromClient
    }

    /// - Parameters: the allowed requests already made within the window, this one not included.
    public static func decide(earlierForEmail: Int, earlierFromClient: Int) -> Decision {
        if earlierFromClient >= perClient { return .tooManyFromClient }
        if earlierForEmail >= perEmail { return .tooManyForEmail }
        return .allowed
    }
}

public enum SignInRequestQueries {
    /// Decides on a request by the allowed requests of the window and records it with its decision
    /// (refused ones are kept for the record but never counted). The address's earlier requests
    /// are locked against a concurrent request for the same address (a transaction-level advisory
    /// lock), so two requests at once cannot both take the last allowed one.
    public static func decide(
        email: String, client: String, on db: TenantConnection
    ) async throws -> SignInThrottle.Decision {
        let since = Date().addingTimeInterval(-SignInThrottle.window)
        let lockKey = "sign-in-request:" + db.tenant.uuidString + ":" + email.lowercased()
        try await db.query("SELECT pg_advisory_xact_lock(hashtextextended(\(lockKey), 0))")
        let row = try await db.query("""
            SELECT (SELECT count(*) FROM sign_in_requests
                    WHERE tenant_id = \(db.tenant) AND lower(email) = lower(\(email)) AND requested_at > \(since) AND allowed)::int,
                   (SELECT count(*) FROM sign_in_requests
                    WHERE tenant_id = \(db.tenant) AND client = \(client) AND requested_at > \(since) AND allowed)::int
            """).collect()[0]
        let (forEmail, fromClient) = try row.decode((Int, Int).self)
        let decision = SignInThrottle.decide(earlierForEmail: forEmail, earlierFromClient: fromClient)
        try await db.query("""
            INSERT INTO sign_in_requests (tenant_id, email, client, allowed)
            VALUES (\(db.tenant), \(email), \(client), \(decision == .allowed))
            """)
        return decision
    }

    /// Deletes up to `limit` requests of the tenant made before `cutoff` (which must lie before the
    /// throttle's window); the number deleted.
    public static func deleteOlder(
        than cutoff: Date, limit: Int, on db: TenantConnection
    ) async throws -> Int {
        try await db.query("""
            WITH gone AS (
                DELETE FROM sign_in_requests WHERE tenant_id = \(db.tenant) AND id IN (
                    SELECT id FROM sign_in_requests WHERE tenant_id = \(db.tenant) AND requested_at < \(cutoff) LIMIT \(limit))
                RETURNING 1)
            SELECT count(*)::int FROM gone
            """).collect()[0].decode(Int.self)
    }
}
