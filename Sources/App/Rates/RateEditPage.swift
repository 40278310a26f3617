/// Correcting a rate that has not taken effect, or fixing a typing error in one that has: the
/// rate as it is, the form (shown again with its problems), and deleting a future rate.
struct RateEditPage: Encodable {
    let layout: Layout
    let name: String
    let backURL: String
    let action: String
    let deleteURL: String?
    /// What the deletion's dialog asks (`confirm.js`).
    let deleteQuestion: String
    let effective: Bool
    let original: String
    let amount: String
    let effectiveFrom: String
    let typoFix: Bool
    let amountError: String?
    let effectiveFromError: String?
    let typoFixError: String?

    /// The page's title: a correction before the rate takes effect, a typo fix after.
    static func title(of rate: Rate, today: LocalDate, t: Translator) -> String {
        t(rate.effectiveFrom > today ? "rate.correctTitle" : "rate.fixTypoTitle")
    }

    init(layout: Layout, slug: String, person: User, rate: Rate, today: LocalDate, form: RateForm,
         problems: [String: String], t: Translator) {
        let id = person.id
        self.layout = layout
        name = person.displayName
        backURL = Paths.person(slug, id) + "#rates"
        action = Paths.rate(slug, id, rate.id)
        deleteURL = RateRules.canDelete(rate, today: today) ? Paths.deleteRate(slug, id, rate.id) : nil
        deleteQuestion = t("confirm.deleteRate", t.money(minor: rate.amountMinor, currency: rate.currency), rate.effectiveFrom.iso,
                           person.displayName)
        effective = rate.effectiveFrom <= today
        original = t("rate.from", t.money(minor: rate.amountMinor, currency: rate.currency), rate.effectiveFrom.iso)
        amount = form.amount
        effectiveFrom = form.effectiveFrom
        typoFix = form.typoFix != nil
        amountError = problems["amount"].map { t($0) }
        effectiveFromError = problems["effectiveFrom"].map { t($0) }
        typoFixError = problems["typoFix"].map { t($0) }
    }
}
