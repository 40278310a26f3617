import Foundation

/// What one action on the desk did: a summary ("18 approved; 2 not changed because someone else
/// changed them meanwhile") and a line per selected invoice.
struct ReviewResultPage: HTMLPage {
    struct Row: Equatable {
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
    let t: Translator

    /// - Parameters:
    ///   - picks: the selection, in the desk's order.
    ///   - names: the person and month of each invoice that exists.
    ///   - backURL: the desk the action came from.
    init(layout: Layout, slug: String, action: InvoiceAction, picks: [ReviewPick], outcomes: [UUID: ReviewOutcome],
         names: [UUID: (name: String, month: Month)], backURL: String, t: Translator) {
        let counts = Dictionary(grouping: outcomes.values, by: { $0 }).mapValues(\.count)
        self.layout = layout
        self.t = t
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

    var body: HTML {
        let parts = summary.map { part -> HTML in "<p>\(part)</p>" }
        let month = t("invoice.month"), result = t("review.result")
        let lines = rows.map { row -> HTML in
            """
              <tr\(if: !row.changed, " class=\"flagged\"")><th scope="row"><a href="\(row.href)">\(row.name)</a></th>\
            <td data-label="\(month)">\(row.month)</td><td data-label="\(result)">\(row.outcome)</td></tr>

            """
        }
        return """
            <h1>\(layout.title)</h1>
            <div class="flash flash-success" role="status">\(parts.joined())</div>
            \(PagePieces.list(empty: nil, headings: [t("people.name"), month, result], rows: lines))\
            <p><a class="button primary" href="\(backURL)">\(t("review.back"))</a></p>

            """
    }
}
