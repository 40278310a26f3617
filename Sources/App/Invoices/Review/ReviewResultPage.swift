import Foundation

/// What one action on the desk did: a summary ("18 approved; 2 not changed because someone else
/// changed them meanwhile") and a line per selected invoice.
struct ReviewResultPage: Encodable {
    struct Row: Encodable, Equatable {
        let name: String
        let month: String
        let outcome: String
        let changed: Bool
        let href: String
    }

    /// The outcomes other than a change, in the order the summary names them.
    static let unchanged: [ReviewOutcome] = [.ownInvoice, .stale, .notAllowed, .noReason, .reasonTooLong, .notFound]

    let layout: Layout
    let summary: [String]
    let rows: [Row]
    let backURL: String

    /// - Parameters:
    ///   - picks: the selection, in the desk's order.
    ///   - names: the person and month of each invoice that exists.
    ///   - backURL: the desk the action came from.
    init(layout: Layout, slug: String, action: InvoiceAction, picks: [ReviewPick], outcomes: [UUID: ReviewOutcome],
         names: [UUID: (name: String, month: Month)], backURL: String, t: Translator) {
        let counts = Dictionary(grouping: outcomes.values, by: { $0 }).mapValues(\.count)
        self.layout = layout
        summary = [t("review.done.\(action.rawValue)", String(counts[.changed] ?? 0))]
            + Self.unchanged.compactMap { outcome in counts[outcome].map { t("review.summary.\(outcome.rawValue)", String($0)) } }
        rows = picks.compactMap { pick in
            guard let outcome = outcomes[pick.id], let person = names[pick.id] else { return nil }
            return Row(name: person.name, month: t.month(person.month),
                       outcome: t(outcome == .changed ? "review.done.\(action.rawValue).one" : "review.outcome.\(outcome.rawValue)"),
                       changed: outcome == .changed, href: Paths.invoice(slug, pick.id))
        }
        self.backURL = backURL
    }
}
