import Foundation

/// A stored statement with what Roster makes of each line now: matching runs whenever the
/// statement is shown, so a line whose invoice was paid meanwhile shows "already paid".
public struct ReconciledStatement: Sendable {
    public let statement: StoredStatement
    /// One per line, in the lines' order.
    public let verdicts: [LineVerdict]
    public let candidates: [UUID: PaymentCandidate]

    /// The lines that pay one approved invoice, with it.
    public var matched: [(line: StatementLine, invoice: PaymentCandidate)] {
        zip(statement.lines, verdicts).compactMap { line, verdict in
            guard case .matched(let id) = verdict, let invoice = candidates[id] else { return nil }
            return (line, invoice)
        }
    }
}

/// Reading a statement against the invoices, and marking its matches paid.
enum StatementReconciliation {
    /// The statement and its verdicts in two statements (lines, then candidates); nil when not this company's.
    static func reconcile(_ id: UUID, timeZone: String, on db: TenantConnection) async throws -> ReconciledStatement? {
        guard let statement = try await StatementQueries.load(id, timeZone: timeZone, on: db) else { return nil }
        let candidates = try await StatementQueries.candidates(for: statement.lines, on: db)
        return ReconciledStatement(
            statement: statement, verdicts: StatementMatching.match(statement.lines, candidates: candidates),
            candidates: Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    /// What marking paid did: the picks in the statement's order and their outcomes.
    struct Paid: Sendable {
        let picks: [ReviewPick]
        let outcomes: [UUID: ReviewOutcome]
    }

    /// Marks the matched invoices paid as one action of `user` (`ReviewMutations.apply`: the
    /// own-invoice rule, the versions, the history with the statement and the booking day, the
    /// owners told). With `only`, just those invoices, at the versions the admin saw, and only
    /// while a line still matches them; without it, every match at its version now.
    static func pay(
        _ reconciled: ReconciledStatement, only: [UUID: Int]?, by user: User, site: MailSite, on db: TenantConnection
    ) async throws -> Paid {
        let statement = reconciled.statement.summary.id
        let picks = reconciled.matched.compactMap { line, invoice -> ReviewPick? in
            let version = only.map { $0[invoice.id] } ?? invoice.version
            guard let version else { return nil }
            return ReviewPick(id: invoice.id, version: version, reason: nil,
                              booking: StatementBooking(statement: statement, bookedOn: line.bookedOn))
        }
        guard !picks.isEmpty else { return Paid(picks: [], outcomes: [:]) }
        let outcomes = try await InvoiceReview.act(.markPaid, on: picks, by: user, site: site, on: db)
        return Paid(picks: picks, outcomes: outcomes)
    }
}
