import Foundation

/// The rates part of a profile as an admin sees it: in effect today, upcoming, the history
/// (newest first, paged) and the form to set a new rate.
struct ProfileRatesSection {
    struct Entry {
        let from: String
        let amount: String
        let change: String?
        let status: String
        let current: Bool
        let corrected: String?
        let editURL: String
        let editLabel: String
    }

    struct FormView {
        let action: String
        let amount: String
        let effectiveFrom: String
        let amountError: String?
        let effectiveFromError: String?
        let error: String?
        let open: Bool
    }

    let current: String?
    let upcoming: String?
    let entries: [Entry]
    let previousURL: String?
    let nextURL: String?
    let form: FormView

    static let pageSize = 10

    /// - Parameters:
    ///   - page: the page of the history (newest first); a number past the end shows the last.
    ///   - form: what was typed into a refused form, with its problems.
    init(slug: String, person: UUID, history: [RateEntry], page: PageRequest, form: RateForm?,
         problems: [String: String], today: LocalDate, t: Translator) {
        let rates = history.map(\.rate)
        func money(_ rate: Rate) -> String { t.money(minor: rate.amountMinor, currency: rate.currency) }
        let inEffect = RateHistory.inEffect(rates, on: today)
        current = inEffect.map { t("rate.since", money($0), $0.effectiveFrom.iso) }
        upcoming = RateHistory.upcoming(rates, after: today).map { t("rate.from", money($0), $0.effectiveFrom.iso) }
        let corrected = Dictionary(history.map { ($0.rate.id, $0.correctedAt) }, uniquingKeysWith: { a, _ in a })
        let shown = page.page(of: RateHistory.newestFirst(rates))
        entries = shown.rows.map { rate in
            let change = RateHistory.previous(of: rate, in: rates).flatMap { RateChange(from: $0, to: rate) }
            let future = rate.effectiveFrom > today
            return Entry(
                from: rate.effectiveFrom.iso,
                amount: money(rate),
                change: change.map {
                    t.money(minor: $0.increaseMinor, currency: rate.currency)
                        + " (" + Percent.format(basisPoints: $0.increaseBasisPoints, language: t.language) + ")"
                },
                status: t(future ? "rate.status.upcoming" : rate == inEffect ? "rate.status.current" : "rate.status.past"),
                current: rate == inEffect,
                corrected: (corrected[rate.id] ?? nil).map { t("rate.corrected", $0) },
                editURL: Paths.rate(slug, person, rate.id),
                editLabel: t(future ? "rate.correct" : "rate.fixTypo"))
        }
        let links = shown.links { Paths.person(slug, person) + ($0 > 1 ? "?ratesPage=\($0)" : "") + "#rates" }
        previousURL = links.previousURL
        nextURL = links.nextURL
        self.form = FormView(
            action: Paths.rates(slug, person),
            amount: form?.amount ?? "",
            effectiveFrom: form?.effectiveFrom ?? Month(today).adding(months: 1).first.iso,
            amountError: problems["amount"].map { t($0) },
            effectiveFromError: problems["effectiveFrom"].map { t($0) },
            error: problems["form"].map { t($0) },
            open: form != nil)
    }

    /// The section on the profile: the rates in effect and upcoming, the form, the history.
    func html(csrf: String, t: Translator) -> HTML {
        var html: HTML = """
            <h2 id="rates">\(t("rate.heading"))</h2>
            <dl class="facts">
              <dt>\(t("rate.inEffect"))</dt><dd>\(current, else: HTML(text: t("rate.none")))</dd>
              <dt>\(t("rate.upcoming"))</dt><dd>\(upcoming, else: "—")</dd>
            </dl>
            <details class="add"\(if: form.open, " open")>
              <summary>\(t("rate.set"))</summary>
              <form method="post" action="\(form.action)" class="row-form" novalidate>
                \(PagePieces.csrf(csrf))
                <div class="field\(if: form.amountError != nil, " invalid")">
                  <label for="rate-amount">\(t("rate.amount"))</label>
                  <input id="rate-amount" name="amount" value="\(form.amount)" inputmode="decimal" maxlength="15" required\
            \(PagePieces.invalid(form.amountError, describedBy: "rate-amount-error"))>
                  \(PagePieces.error(form.amountError, id: "rate-amount-error"))
                </div>
                <div class="field\(if: form.effectiveFromError != nil, " invalid")">
                  <label for="rate-from">\(t("rate.effectiveFrom"))</label>
                  <input id="rate-from" name="effectiveFrom" type="date" value="\(form.effectiveFrom)" required\
            \(PagePieces.invalid(form.effectiveFromError, describedBy: "rate-from-error"))>
                  \(PagePieces.error(form.effectiveFromError, id: "rate-from-error"))
                </div>
                <button type="submit" class="primary">\(t("rate.setButton"))</button>
              </form>
              <p class="hint">\(t("rate.setHint"))</p>
            </details>

            """
        guard !entries.isEmpty else {
            html.append("<p class=\"empty\">\(t("rate.noHistory"))</p>\n")
            return html
        }
        let amount = t("rate.amount"), change = t("rate.change"), state = t("rate.state")
        let rows = entries.map { entry -> HTML in
            let status: HTML = entry.current ? "<strong>\(entry.status)</strong>" : HTML(text: entry.status)
            return """
                  <tr>
                    <th scope="row">\(entry.from)</th>
                    <td data-label="\(amount)">\(entry.amount)</td>
                    <td data-label="\(change)">\(entry.change, else: "—")</td>
                    <td data-label="\(state)">\(status)\
                \(if: entry.corrected != nil, " <span class=\"badge\">\(entry.corrected ?? "")</span>")</td>
                    <td><a href="\(entry.editURL)">\(entry.editLabel)</a></td>
                  </tr>

                """
        }
        html.append("""
            <table class="list">
              <caption class="muted">\(t("rate.history"))</caption>
              <thead><tr><th scope="col">\(t("rate.effectiveFrom"))</th><th scope="col">\(amount)</th>\
            <th scope="col">\(change)</th><th scope="col">\(state)</th>\
            <th scope="col"><span class="visually-hidden">\(t("rate.actions"))</span></th></tr></thead>
              <tbody>
            \(rows.joined())  </tbody>
            </table>

            """)
        if previousURL != nil || nextURL != nil {
            html.append("""
                <nav class="pager" aria-label="\(t("rate.history"))">
                  \(if: previousURL != nil, "<a href=\"\(previousURL ?? "")\" rel=\"prev\">\(t("rate.newer"))</a>")
                  \(if: nextURL != nil, "<a href=\"\(nextURL ?? "")\" rel=\"next\">\(t("rate.older"))</a>")
                </nav>

                """)
        }
        return html
    }
}
