import Foundation

/// The rates part of a profile as an admin sees it: in effect today, upcoming, the history
/// (newest first, paged) and the form to set a new rate.
struct ProfileRatesSection: Encodable {
    struct Entry: Encodable {
        let from: String
        let amount: String
        let change: String?
        let status: String
        let current: Bool
        let corrected: String?
        let editURL: String
        let editLabel: String
    }

    struct FormView: Encodable {
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
}
