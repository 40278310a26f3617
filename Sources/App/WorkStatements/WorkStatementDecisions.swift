import Foundation
import PostgresNIO

/// An admin's decision on statements: approve (submitted → approved) or return (submitted or
/// approved → returned, with a reason). A return reopens the person's month of time with the
/// same reason, so they can correct it and submit it again; its approval writes the next
/// version. A statement is never paid: it is payroll's, not a payment order's.
public enum WorkStatementDecision: String, Sendable, CaseIterable {
    case approve
    case `return`

    var from: [InvoiceState] { self == .approve ? [.submitted] : [.submitted, .approved] }
    var to: InvoiceState { self == .approve ? .approved : .returned }
}

/// One statement an admin picked, as it was when the page was loaded.
public struct WorkStatementPick: Sendable, Equatable {
    public let id: UUID
    public let version: Int

    public init(id: UUID, version: Int) {
        self.id = id
        self.version = (0...Int(Int32.max)).contains(version) ? version : -1
    }
}

public enum WorkStatementDecisions {
    /// The use case of an admin's decision on work statements, for the web's page and the API
    /// alike: 403 unless the actor reviews the company's invoices, then `apply`. A return needs
    /// its reason (`DecisionReason.parse`, read by the caller); an approval keeps none.
    static func decide(
        _ decision: WorkStatementDecision, on picks: [WorkStatementPick], reason: String, _ c: ActionContext
    ) async throws -> [UUID: ReviewOutcome] {
        try c.require(.reviewInvoices)
        return try await apply(decision, to: picks, reason: decision == .return ? reason : nil, by: c.actor.id, site: c.site, on: c.db)
    }

    /// Applies the decision to the picks in one set-based statement (the caller's transaction):
    /// the rows still at the version the admin saw and in a state the decision starts from are
    /// moved and written to the history; an approval of one's own statement is refused
    /// (`OwnInvoiceRule`). The others are then told apart.
    public static func apply(
        _ decision: WorkStatementDecision, to picks: [WorkStatementPick], reason: String?, by actor: UUID, site: MailSite,
        on db: TenantConnection
    ) async throws -> [UUID: ReviewOutcome] {
        guard decision == .approve || !(reason ?? "").isEmpty else {
            return Dictionary(picks.map { ($0.id, ReviewOutcome.noReason) }, uniquingKeysWith: { first, _ in first })
        }
        var outcomes = Dictionary(picks.map { ($0.id, ReviewOutcome.notFound) }, uniquingKeysWith: { first, _ in first })
        let action: InvoiceAction = decision == .approve ? .approve : .returnToEmployee
        let refuseOwn = OwnInvoiceRule.verdict(action, actorIsOwner: true) == .refused
        let reopen = decision == .return
        var reopened: [Month: [UUID]] = [:]
        if reopen {
            // A return reopens months: their rows are locked first, as an approval of a month locks
            // its row before it writes the statement (the same order: no deadlock between the two).
            try await db.query("""
                SELECT 1 FROM time_months m JOIN work_statements s
                    ON s.tenant_id = m.tenant_id AND s.user_id = m.user_id AND s.month = m.month
                WHERE m.tenant_id = \(db.tenant) AND s.id = ANY(\(picks.map(\.id)))
                ORDER BY m.user_id, m.month
                FOR UPDATE OF m
                """)
        }
        for try await (id, outcome, user, month) in try await db.query("""
            WITH input AS (
                SELECT * FROM unnest(\(picks.map(\.id))::uuid[], \(picks.map(\.version))::int[]) AS t(id, version)
            ), refused AS (
                SELECT s.id FROM work_statements s JOIN input ON input.id = s.id
                WHERE s.tenant_id = \(db.tenant) AND s.user_id = \(actor) AND \(refuseOwn)
            ), old AS (
                SELECT s.id, s.state, s.user_id, s.month, s.user_id = \(actor) AS own
                FROM work_statements s JOIN input ON input.id = s.id
                WHERE s.tenant_id = \(db.tenant) AND s.version = input.version
                  AND s.state = ANY(\(decision.from.map(\.rawValue))::invoice_state[])
                  AND s.id NOT IN (SELECT id FROM refused)
                FOR UPDATE OF s
            ), changed AS (
                UPDATE work_statements s SET state = \(decision.to.rawValue)::invoice_state, version = s.version + 1, updated_at = now()
                FROM old WHERE s.tenant_id = \(db.tenant) AND s.id = old.id
                RETURNING s.id, old.state AS from_state, old.own, old.user_id, old.month
            ), logged AS (
                INSERT INTO work_statement_history (tenant_id, statement_id, actor_id, from_state, to_state, reason, own)
                SELECT \(db.tenant), changed.id, \(actor), changed.from_state, \(decision.to.rawValue)::invoice_state,
                       \(reopen ? reason : nil), changed.own
                FROM changed
            ), reopened AS (
                UPDATE time_months m SET status = 'returned', decided_by = \(actor), decided_at = now(), reason = \(reason),
                       day_seconds = NULL
                FROM changed
                WHERE \(reopen) AND m.tenant_id = \(db.tenant) AND m.user_id = changed.user_id AND m.month = changed.month
                  AND m.status <> 'returned'
                RETURNING m.user_id, m.month
            ), audited AS (
                INSERT INTO audit_events (tenant_id, actor_id, subject_id, action, changes)
                SELECT \(db.tenant), \(actor), reopened.user_id, 'timeReopened',
                       jsonb_build_object('month', to_char(reopened.month, 'YYYY-MM'), 'reason', \(reason)::text)
                FROM reopened
            )
            SELECT id, 'changed', user_id, to_char(month, 'YYYY-MM') FROM changed
            UNION ALL
            SELECT id, 'own-invoice', NULL, NULL FROM refused
            """).decode((UUID, String, UUID?, String?).self) {
            outcomes[id] = ReviewOutcome(rawValue: outcome) ?? .notFound
            if reopen, let user, let month = month.flatMap(Month.init(iso:)) { reopened[month, default: []].append(user) }
        }
        // The people whose months were reopened hear why, as from a returned month.
        for (month, people) in reopened {
            try await Notifier.tell(people, .monthDecided(month: month, approved: false, reason: reason), site: site, on: db)
        }
        let unchanged = picks.filter { outcomes[$0.id] == .notFound }
        guard !unchanged.isEmpty else { return outcomes }
        let posted = Dictionary(unchanged.map { ($0.id, $0.version) }, uniquingKeysWith: { first, _ in first })
        for try await (id, state, version) in try await db.query("""
            SELECT id, state::text, version FROM work_statements WHERE tenant_id = \(db.tenant) AND id = ANY(\(unchanged.map(\.id)))
            """).decode((UUID, String, Int).self) {
            let startsHere = InvoiceState(rawValue: state).map(decision.from.contains) ?? false
            outcomes[id] = version != posted[id] ? .stale : startsHere ? .stale : .notAllowed
        }
        return outcomes
    }
}
