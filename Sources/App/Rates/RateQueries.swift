import Foundation
import Logging
import PostgresNIO

public struct RateAmount: Sendable, Equatable {
    public let amountMinor: Int64
    public let currency: String
    public let effectiveFrom: LocalDate
}

public enum RateQueries {
    /// The rate in effect on a day: the latest whose effective date is on or before it.
    public static func current(
        of user: UUID, on day: LocalDate, tenant: UUID, on connection: PostgresConnection, logger: Logger
    ) async throws -> RateAmount? {
        let rows = try await connection.query("""
            SELECT amount_minor, currency, effective_from::text FROM rates
            WHERE tenant_id = \(tenant) AND user_id = \(user) AND effective_from <= \(day.iso)::date
            ORDER BY effective_from DESC LIMIT 1
            """, logger: logger).collect()
        guard let row = rows.first else { return nil }
        let (amount, currency, from) = try row.decode((Int64, String, String).self)
        return RateAmount(amountMinor: amount, currency: currency, effectiveFrom: LocalDate(iso: from)!)
    }
}
