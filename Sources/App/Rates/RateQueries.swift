import Foundation
import Logging
import PostgresNIO

/// A rate as stored: the rate itself and whether it was corrected after it took effect.
public struct RateEntry: Sendable, Equatable {
    public let rate: Rate
    public let correctedAt: String?
}

public enum RateQueries {
    /// A person's whole rate history, newest first (a person has few rates; one statement).
    public static func history(
        of user: UUID, on db: TenantConnection
    ) async throws -> [RateEntry] {
        var entries: [RateEntry] = []
        for try await (id, from, amount, currency, corrected) in try await db.query("""
            SELECT id, effective_from::text, amount_minor, currency, to_char(corrected_at, 'YYYY-MM-DD')
            FROM rates WHERE tenant_id = \(db.tenant) AND user_id = \(user)
            ORDER BY effective_from DESC
            """).decode((UUID, String, Int64, String, String?).self) {
            guard let day = LocalDate(iso: from) else { continue }
            entries.append(RateEntry(rate: Rate(id: id, effectiveFrom: day, amountMinor: amount, currency: currency),
                                     correctedAt: corrected))
        }
        return entries
    }

    /// One rate of a person, or nil when it is not theirs (or not in this tenant).
    public static func rate(
        _ id: UUID, of user: UUID, on db: TenantConnection
    ) async throws -> Rate? {
        let rows = try await db.query("""
            SELECT effective_from::text, amount_minor, currency FROM rates
            WHERE tenant_id = \(db.tenant) AND user_id = \(user) AND id = \(id)
            """).collect()
        guard let (from, amount, currency) = try rows.first?.decode((String, Int64, String).self),
              let day = LocalDate(iso: from) else { return nil }
        return Rate(id: id, effectiveFrom: day, amountMinor: amount, currency: currency)
    }

    /// The rate in effect on a day (`RateHistory.inEffect` in SQL).
    public static func current(
        of user: UUID, on day: LocalDate, on db: TenantConnection
    ) async throws -> Rate? {
        let rows = try await db.query("""
            SELECT id, effective_from::text, amount_minor, currency FROM rates
            WHERE tenant_id = \(db.tenant) AND user_id = \(user) AND effective_from <= \(day.iso)::date
            ORDER BY effective_from DESC LIMIT 1
            """).collect()
        guard let (id, from, amount, currency) = try rows.first?.decode((UUID, String, Int64, String).self),
              let day = LocalDate(iso: from) else { return nil }
        return Rate(id: id, effectiveFrom: day, amountMinor: amount, currency: currency)
    }
}
