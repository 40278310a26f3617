import Vapor

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
    ///   - form: what was typed into a refused form, with its problems.
    init(request: Request, person: UUID, history: [RateEntry], page: Int, form: RateForm?,
         problems: [String: String], today: LocalDate) throws {
        let slug = try request.tenant.slug
        let rates = history.map(\.rate)
        let language = request.language
        func money(_ rate: Rate) -> String { Money.format(minor: rate.amountMinor, currency: rate.currency, language: language) }
        let inEffect = RateHistory.inEffect(rates, on: today)
        current = inEffect.map { request.translate("rate.since", money($0), $0.effectiveFrom.iso) }
        upcoming = RateHistory.upcoming(rates, after: today).map { request.translate("rate.from", money($0), $0.effectiveFrom.iso) }
        let ordered = RateHistory.newestFirst(rates)
        let corrected = Dictionary(history.map { ($0.rate.id, $0.correctedAt) }, uniquingKeysWith: { a, _ in a })
        let pages = max(1, (ordered.count + Self.pageSize - 1) / Self.pageSize)
        let number = min(max(page, 1), pages)
        entries = ordered.dropFirst((number - 1) * Self.pageSize).prefix(Self.pageSize).map { rate in
            let change = RateHistory.previous(of: rate, in: rates).flatMap { RateChange(from: $0, to: rate) }
            let future = rate.effectiveFrom > today
            return Entry(
                from: rate.effectiveFrom.iso,
                amount: money(rate),
                change: change.map {
                    Money.format(minor: $0.increaseMinor, currency: rate.currency, language: language)
                        + " (" + Percent.format(basisPoints: $0.increaseBasisPoints, language: language) + ")"
                },
                status: request.translate(future ? "rate.status.upcoming" : rate == inEffect ? "rate.status.current" : "rate.status.past"),
                current: rate == inEffect,
                corrected: (corrected[rate.id] ?? nil).map { request.translate("rate.corrected", $0) },
                editURL: Paths.rate(slug, person, rate.id),
                editLabel: request.translate(future ? "rate.correct" : "rate.fixTypo"))
        }
        func url(_ page: Int) -> String { Paths.person(slug, person) + (page > 1 ? "?ratesPage=\(page)" : "") + "#rates" }
        previousURL = number > 1 ? url(number - 1) : nil
        nextURL = number < pages ? url(number + 1) : nil
        self.form = FormView(
            action: Paths.rates(slug, person),
            amount: form?.amount ?? "",
            effectiveFrom: form?.effectiveFrom ?? Month(today).adding(months: 1).first.iso,
            amountError: problems["amount"].map { request.translate($0) },
            effectiveFromError: problems["effectiveFrom"].map { request.translate($0) },
            error: problems["form"].map { request.translate($0) },
            open: form != nil)
    }
}
