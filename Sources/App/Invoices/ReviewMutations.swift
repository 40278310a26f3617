import Foundation
import Logging
import PostgresNIO

/// One invoice an admin selected: as it was when the page was loaded, with its return reason.
public struct ReviewPick: Sendable, Equatable {
    public let id: UUID
    public let version: Int
    public let reason: String?

    public init(id: UUID, version: Int, reason: String?) {
        self.id = id
        self.version = version
        self.reason = reason
    }
}

/// What an action did to one selected invoice.
public enum ReviewOutcome: String, Sendable, Equatable {
    case changed
    /// Someone changed the invoice after the page was loaded.
    case stale
    /// The action does not start from the invoice's state.
    case notAllowed = "not-allowed"
    /// A return without a reason.
    case noReason = "no-reason"
    case notFound = "not-found"
    /// The actor's own invoice, which another admin of the company must approve or pay (`OwnInvoiceRule`).
    case ownInvoice = "own-invoice"
}

public enum ReviewMutations {
    /// Applies one action to many invoices with set-based SQL in the caller's transaction: the
    /// rows still at the version the admin saw and in a state the action starts from, and not the
    /// actor's own where `OwnInvoiceRule` refuses it, are locked, moved and written to the history
    /// (with whether the invoice was the actor's own), all in one statement that also names the
    /// refused own ones; the others are then told apart.
    public static func apply(
        _ action: InvoiceAction, to picks: [ReviewPick], actor: UUID, on db: TenantConnection
    ) async throws -> [UUID: ReviewOutcome] {
        var outcomes: [UUID: ReviewOutcome] = [:]
        var ready: [ReviewPick] = []
        for pick in picks where outcomes[pick.id] == nil {
            let reason = pick.reason?.trimmingWhitespace() ?? ""
            if action.needsReason, reason.isEmpty || reason.unicodeScalars.count > InvoiceAction.maxReasonLength {
                outcomes[pick.id] = .noReason
            } else {
                // A reason is kept for any action (an approval's note), within the database's limit.
                let kept = reason.unicodeScalars.count > InvoiceAction.maxReasonLength ? nil : reason
                ready.append(ReviewPick(id: pick.id, version: pick.version, reason: reason.isEmpty ? nil : kept))
                outcomes[pick.id] = .notFound
            }
        }
        guard !ready.isEmpty, let target = action.arrows.values.first else { return outcomes }
        let ids = ready.map(\.id), versions = ready.map(\.version), reasons = ready.map { $0.reason ?? "" }
        let sources = action.sources.map(\.rawValue)
        // The rule's answers for an own invoice, with and without another active admin.
        let refuseOwnWithOther = OwnInvoiceRule.verdict(action, actorIsOwner: true, otherAdminExists: true) == .refused
        let refuseOwnAlone = OwnInvoiceRule.verdict(action, actorIsOwner: true, otherAdminExists: false) == .refused
        for try await (id, outcome) in try await db.query("""
            WITH input AS (
                SELECT * FROM unnest(\(ids)::uuid[], \(versions)::int[], \(reasons)::text[]) AS t(id, version, reason)
            ), admins AS (
                SELECT EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = \(db.tenant) AND u.active AND 'admin' = ANY (u.roles)
                                                       AND u.id <> \(actor)) AS other
            ), refused AS (
                SELECT i.id FROM invoices i JOIN input ON input.id = i.id CROSS JOIN admins
                WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(actor)
                  AND CASE WHEN admins.other THEN \(refuseOwnWithOther) ELSE \(refuseOwnAlone) END
            ), old AS (
                SELECT i.id, i.state, i.user_id = \(actor) AS own FROM invoices i JOIN input ON input.id = i.id
                WHERE i.tenant_id = \(db.tenant) AND i.version = input.version
                  AND i.state = ANY(\(sources)::invoice_state[])
                  AND i.id NOT IN (SELECT id FROM refused)
                FOR UPDATE OF i
            ), changed AS (
                UPDATE invoices i SET state = \(target.rawValue)::invoice_state, version = i.version + 1, updated_at = now(),
                       -- Out of "approved" other than by payment: the next export must include it again.
                       exported_at = CASE WHEN \(target.rawValue) = 'paid' THEN i.exported_at END
                FROM old WHERE i.tenant_id = \(db.tenant) AND i.id = old.id
                RETURNING i.id, old.state AS from_state, old.own
            ), logged AS (
                INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, reason, own_invoice)
                SELECT \(db.tenant), changed.id, \(actor), changed.from_state, \(target.rawValue)::invoice_state,
                       nullif(input.reason, ''), changed.own
                FROM changed JOIN input ON input.id = changed.id
            )
            SELECT id, 'changed' FROM changed
            UNION ALL
            SELECT id, 'own-invoice' FROM refused
            """).decode((UUID, String).self) {
            outcomes[id] = ReviewOutcome(rawValue: outcome) ?? .notFound
        }
        let unchanged = ready.filter { outcomes[$0.id] == .notFound }
        guard !unchanged.isEmpty else { return outcomes }
        let posted = Dictionary(unchanged.map { ($0.id, $0.version) }, uniquingKeysWith: { first, _ in first })
        for try await (id, state, version) in try await db.query("""
            SELECT id, state::text, version FROM invoices WHERE tenant_id = \(db.tenant) AND id = ANY(\(unchanged.map(\.id)))
            """).decode((UUID, String, Int).self) {
            outcomes[id] = version != posted[id] ? .stale
                : InvoiceState(rawValue: state).flatMap(action.target(from:)) == nil ? .notAllowed : .stale
        }
        return outcomes
    }

    /// Claims approved invoices for an export and marks them exported, in one statement: of two
    /// exports at once, the second waits for the first's row locks and then finds them taken, so
    /// no invoice lands in two payment files unless `again` asks for it. Returns the claimed ids.
    public static func claimForExport(
        _ ids: [UUID], again: Bool, on db: TenantConnection
    ) async throws -> Set<UUID> {
        guard !ids.isEmpty else { return [] }
        var claimed: Set<UUID> = []
        for try await id in try await db.query("""
            UPDATE invoices SET exported_at = now()
            WHERE tenant_id = \(db.tenant) AND id = ANY(\(ids)) AND state = 'approved' AND (\(again) OR exported_at IS NULL)
            RETURNING id
            """).decode(UUID.self) {
            claimed.insert(id)
        }
        return claimed
    }
}
