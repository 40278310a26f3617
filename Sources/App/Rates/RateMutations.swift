import Foundation
import Logging
import PostgresNIO

/// Changes to rate histories; each leaves an audit event on the person and, given a `site`, tells
/// the person (`Notifier.rateChanged`) in the same transaction.
public enum RateMutations {
    public enum Refusal: Error, Equatable {
        /// Another rate of the person already takes effect on that day.
        case sameDay
        /// The rate is gone or has taken effect meanwhile.
        case notDeletable
    }

    /// Adds a rate; a second rate on the same day is refused (the database's unique key).
    @discardableResult
    public static func add(
        amountMinor: Int64, currency: String, from day: LocalDate, for user: UUID, actor: UUID?, notifying site: MailSite?,
        on db: TenantConnection
    ) async throws -> UUID {
        let id = try await refusingSameDay(on: db) {
            try await db.query("""
                INSERT INTO rates (tenant_id, user_id, effective_from, amount_minor, currency, created_by)
                VALUES (\(db.tenant), \(user), \(day.iso)::date, \(amountMinor), \(currency), \(actor))
                RETURNING id
                """).collect()[0].decode(UUID.self)
        }
        try await PeopleMutations.audit(
            actor: actor, subject: user, action: "rate",
            changes: ["amount_minor": String(amountMinor), "currency": currency, "from": day.iso],
            on: db)
        if let site, let actor {
            try await Notifier.rateChanged(for: user, from: day, amountMinor: amountMinor, currency: currency, actor: actor,
                                           site: site, on: db)
        }
        return id
    }

    /// Changes a rate's amount and day. `typoFix` marks the row as corrected after it took effect.
    public static func change(
        _ rate: Rate, to amountMinor: Int64, from day: LocalDate, typoFix: Bool, for user: UUID, actor: UUID,
        notifying site: MailSite, on db: TenantConnection
    ) async throws {
        try await refusingSameDay(on: db) {
            try await db.query("""
                UPDATE rates SET amount_minor = \(amountMinor), effective_from = \(day.iso)::date,
                       corrected_at = CASE WHEN \(typoFix) THEN now() ELSE corrected_at END,
                       corrected_by = CASE WHEN \(typoFix) THEN \(actor) ELSE corrected_by END
                WHERE tenant_id = \(db.tenant) AND user_id = \(user) AND id = \(rate.id)
                """)
        }
        try await PeopleMutations.audit(
            actor: actor, subject: user, action: typoFix ? "rateTypoFix" : "rateCorrected",
            changes: ["amount_minor": "\(rate.amountMinor) → \(amountMinor)", "from": "\(rate.effectiveFrom.iso) → \(day.iso)"],
            on: db)
        try await Notifier.rateChanged(for: user, from: day, amountMinor: amountMinor, currency: rate.currency, actor: actor,
                                       site: site, on: db)
    }

    /// Deletes a rate that has not taken effect; checked again in the statement itself.
    public static func deleteFuture(
        _ rate: Rate, today: LocalDate, for user: UUID, actor: UUID, notifying site: MailSite, on db: TenantConnection
    ) async throws {
        let deleted = try await db.query("""
            DELETE FROM rates
            WHERE tenant_id = \(db.tenant) AND user_id = \(user) AND id = \(rate.id) AND effective_from > \(today.iso)::date
            RETURNING id
            """).collect()
        guard !deleted.isEmpty else { throw Refusal.notDeletable }
        try await PeopleMutations.audit(
            actor: actor, subject: user, action: "rateDeleted",
            changes: ["amount_minor": String(rate.amountMinor), "from": rate.effectiveFrom.iso],
            on: db)
        try await Notifier.rateChanged(for: user, from: rate.effectiveFrom, amountMinor: nil, currency: rate.currency,
                                       actor: actor, site: site, on: db)
    }

    /// Runs a write in a savepoint; the unique key on (person, day) becomes `Refusal.sameDay`
    /// and the transaction stays usable so the form can be shown again.
    @discardableResult
    static func refusingSameDay<T>(
        on db: TenantConnection, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await db.savepoint("rate_write", body)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw Refusal.sameDay
        }
    }
}
