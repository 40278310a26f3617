import Foundation
import Logging
import PostgresNIO

/// How many sign-in links may be asked for (pure): per e-mail address and per client address,
/// within a window. Requests are counted whether or not the address belongs to anyone, so the
/// answer never tells who works at the company.
public enum SignInThrottle {
    public static let window: TimeInterval = 15 * 60
    public static let perEmail = 3
    public static let perClient = 10

    public enum Decision: Equatable, Sendable {
        case allowed
        case tooManyForEmail
        case tooManyFromClient
    }

    /// - Parameters: the requests already made within the window, this one not included.
    public static func decide(earlierForEmail: Int, earlierFromClient: Int) -> Decision {
        if earlierFromClient >= perClient { return .tooManyFromClient }
        if earlierForEmail >= perEmail { return .tooManyForEmail }
        return .allowed
    }
}

public enum SignInRequestQueries {
    /// Records a request and counts the earlier ones of the window, in one statement.
    public static func record(
        email: String, client: String, tenant: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws -> (forEmail: Int, fromClient: Int) {
        let since = Date().addingTimeInterval(-SignInThrottle.window)
        let row = try await connection.query("""
            WITH recorded AS (
                INSERT INTO sign_in_requests (tenant_id, email, client) VALUES (\(tenant), \(email), \(client)))
            SELECT (SELECT count(*) FROM sign_in_requests
                    WHERE tenant_id = \(tenant) AND lower(email) = lower(\(email)) AND requested_at > \(since))::int,
                   (SELECT count(*) FROM sign_in_requests
                    WHERE tenant_id = \(tenant) AND client = \(client) AND requested_at > \(since))::int
            """, logger: logger).collect()[0]
        return try row.decode((Int, Int).self)
    }
}
