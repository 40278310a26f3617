import Foundation
import Logging
import PostgresNIO

/// One invoice an admin selected: as it was when the page was loaded, with its return reason.
public struct ReviewPick: Sendable, Equatable {
    public let id: UUID
    public let version: Int
    public let reason: String?
    /// For a payment read from a bank statement: which, and the day the bank booked it.
    public let booking: StatementBooking?

    /// A version no invoice can have (below 0, or beyond the column's 32 bits) is kept as -1:
    /// it matches nothing, so the pick is answered `stale`, never sent to the database as is.
    public init(id: UUID, version: Int, reason: String?, booking: StatementBooking? = nil) {
        self.id = id
        self.version = (0...Int(Int32.max)).contains(version) ? version : -1
        self.reason = reason
        self.booking = booking
    }
}

/// The bank statement line a payment was read from: the history names the statement and the day.
public struct StatementBooking: Sendable, Equatable {
    public let statement: UUID
    public let bookedOn: LocalDate
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
    /// A reason or note longer than `InvoiceAction.maxReasonLength`.
    case reasonTooLong = "reason-too-long"
    case notFound = "not-found"
    /// The actor's own invoice, which another admin of the company must approve or pay (`OwnInvoiceRule`).
    case ownInvoice = "own-invoice"

    /// The outcome of a pick that the rule refused before any row was read.
    public init(_ refusal: InvoiceAction.Refusal) {
        switch refusal {
        case .reasonMissing: self = .noReason
        case .reasonTooLong: self = .reasonTooLong
        case .notFrom: self = .notAllowed
        case .notPermitted: self = .notFound
        }
    }
}

public enum ReviewMutations {
    /// Applies a checked command to its invoices with set-based SQL in the caller's transaction:
    /// the rows still at the version the admin saw, in a state the action starts from, and not
    /// the actor's own where `OwnInvoiceRule` refuses it, are locked, moved along the command's
    /// arrow from their state and written to the history (with whether the invoice was the
    /// actor's own), all in one statement that also names the refused own ones; the others are
    /// then told apart.
    public static func apply(_ command: InvoiceCommand, on db: TenantConnection) async throws -> [UUID: ReviewOutcome] {
        let action = command.action, actor = command.actor, items = command.items
        var outcomes = Dictionary(items.map { ($0.id, ReviewOutcome.notFound) }, uniquingKeysWith: { first, _ in first })
        let ids = items.map(\.id), versions = items.map(\.version), reasons = items.map { $0.reason ?? "" }
        let statements = items.map { $0.booking?.statement.lowercasedString ?? "" }, booked = items.map { $0.booking?.bookedOn.iso ?? "" }
        let sources = command.arrows.map(\.from.rawValue), targets = command.arrows.map(\.to.rawValue)
        // The rule's answer for an own invoice.
        let refuseOwn = OwnInvoiceRule.verdict(action, actorIsOwner: true) == .refused
        for try await (id, outcome) in try await db.query("""
            WITH input AS (
                SELECT * FROM unnest(\(ids)::uuid[], \(versions)::int[], \(reasons)::text[], \(statements)::text[], \(booked)::text[])
                    AS t(id, version, reason, statement_id, booked_on)
            ), arrow AS (
                SELECT * FROM unnest(\(sources)::invoice_state[], \(targets)::invoice_state[]) AS a(from_state, to_state)
            ), refused AS (
                SELECT i.id FROM invoices i JOIN input ON input.id = i.id
                WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(actor) AND \(refuseOwn)
            ), old AS (
                SELECT i.id, i.state, arrow.to_state, i.user_id = \(actor) AS own
                FROM invoices i JOIN input ON input.id = i.id JOIN arrow ON arrow.from_state = i.state
                WHERE i.tenant_id = \(db.tenant) AND i.version = input.version
                  AND i.id NOT IN (SELECT id FROM refused)
                FOR UPDATE OF i
            ), changed AS (
                UPDATE invoices i SET state = old.to_state, version = i.version + 1, updated_at = now(),
                       -- Out of "approved" other than by payment: the next export must include it again.
                       exported_at = CASE WHEN old.to_state = 'paid' THEN i.exported_at END
                FROM old WHERE i.tenant_id = \(db.tenant) AND i.id = old.id
                RETURNING i.id, old.state AS from_state, old.to_state, old.own
            ), logged AS (
                INSERT INTO invoice_history (tenant_id, invoice_id, actor_id, from_state, to_state, reason, own_invoice,
                                             statement_id, booked_on)
                SELECT \(db.tenant), changed.id, \(actor), changed.from_state, changed.to_state,
                       nullif(input.reason, ''), changed.own, nullif(input.statement_id, '')::uuid, nullif(input.booked_on, '')::date
                FROM changed JOIN input ON input.id = changed.id
            )
            SELECT id, 'changed' FROM changed
            UNION ALL
            SELECT id, 'own-invoice' FROM refused
            """).decode((UUID, String).self) {
            outcomes[id] = ReviewOutcome(rawValue: outcome) ?? .notFound
        }
        let unchanged = items.filter { outcomes[$0.id] == .notFound }
        guard !unchanged.isEmpty else { return outcomes }
        let posted = Dictionary(unchanged.map { ($0.id, $0.version) }, uniquingKeysWith: { first, _ in first })
        for try await (id, state, version) in try await db.query("""
            SELECT id, state::text, version FROM invoices WHERE tenant_id = \(db.tenant) AND id = ANY(\(unchanged.map(\.id)))
            """).decode((UUID, String, Int).self) {
            outcomes[id] = version != posted[id] ? .stale
                : InvoiceState(rawValue: state).flatMap(command.target(from:)) == nil ? .notAllowed : .stale
        }
        return outcomes
    }

    /// Claims approved invoices for an export and marks them exported, in one statement: of two
    /// exports at once, the second waits for the first's row locks and then finds them taken, so
    /// no invoice lands in two payment files unless `again` asks for it. Each is claimed only at
    /// the version the file was made from (`versions`, in the order of `ids`): an invoice corrected
    /// in between is left out. Returns the claimed ids.
    public static func claimForExport(
        _ ids: [UUID], versions: [Int], again: Bool, on db: TenantConnection
    ) async throws -> Set<UUID> {
        guard !ids.isEmpty, ids.count == versions.count else { return [] }
        var claimed: Set<UUID> = []
        for try await id in try await db.query("""
            UPDATE invoices i SET exported_at = now()
            FROM unnest(\(ids)::uuid[], \(versions)::int[]) AS pick(id, version)
            WHERE i.tenant_id = \(db.tenant) AND i.id = pick.id AND i.version = pick.version AND i.state = 'approved'
              AND (\(again) OR i.exported_at IS NULL)
            RETURNING i.id
            """).decode(UUID.self) {
            claimed.insert(id)
        }
        return claimed
    }
}
