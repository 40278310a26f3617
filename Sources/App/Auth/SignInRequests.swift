import Foundation
import Logging
import PostgresNIO

/// How many sign-in links may be asked for (pure), within a window, counted by the requester
/// first: a client may ask `perClient` times in all and `perClientForEmail` times for one
/// address, else it is told to wait (429). That stops a flood without letting a stranger lock
/// someone out: the stranger's requests count against the stranger. An address gets at most
/// `perEmail` mails from everyone together (no mailbox is flooded from many clients); past that
/// ceiling the answer is the usual one and nothing more is sent, so the answer never tells who
/// works at the company, nor whether a ceiling was reached. Only requests that sent a link count.
public enum SignInThrottle {
    public static let window: TimeInterval = 15 * 60
    public static let perClient = 10
    public static let perClientForEmail = 3
    public static let perEmail = 10

    public enum Decision: Equatable, Sendable {
        /// Send the link (to the address's person, if there is one).
        case allowed
        /// The requester asked too often: 429.
        case tooManyFromClient
        /// The address had its mails of the window: answer as usual, send nothing.
        case quietlyDropped
    }

    /// - Parameters: the requests that sent a link within the window, this one not included: from
    ///   this client, from this client for this address, and for this address from anyone.
    public static func decide(earlierFromClient: Int, earlierFromClientForEmail: Int, earlierForEmail: Int) -> Decision {
        if earlierFromClient >= perClient || earlierFromClientForEmail >= perClientForEmail { return .tooManyFromClient }
        if earlierForEmail >= perEmail { return .quietlyDropped }
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
                    WHERE tenant_id = \(db.tenant) AND client = \(client) AND requested_at > \(since) AND allowed)::int,
                   address.from_client, address.in_all
            FROM (SELECT count(*) FILTER (WHERE client = \(client))::int AS from_client, count(*)::int AS in_all
                  FROM sign_in_requests
                  WHERE tenant_id = \(db.tenant) AND lower(email) = lower(\(email)) AND requested_at > \(since) AND allowed) address
            """).collect()[0]
        let (fromClient, fromClientForEmail, forEmail) = try row.decode((Int, Int, Int).self)
        let decision = SignInThrottle.decide(earlierFromClient: fromClient, earlierFromClientForEmail: fromClientForEmail,
                                             earlierForEmail: forEmail)
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
