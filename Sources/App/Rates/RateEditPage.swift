/// Correcting a rate that has not taken effect, or fixing a typing error in one that has: the
/// rate as it is, the form (shown again with its problems), and deleting a future rate.
struct RateEditPage: HTMLPage {
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
    let t: Translator

    /// The page's title: a correction before the rate takes effect, a typo fix after.
    static func title(of rate: Rate, today: LocalDate, t: Translator) -> String {
        t(rate.effectiveFrom > today ? "rate.correctTitle" : "rate.fixTypoTitle")
    }

    init(layout: Layout, slug: String, person: User, rate: Rate, today: LocalDate, form: RateForm,
         problems: [String: String], t: Translator) {
        let id = person.id
        self.layout = layout
        self.t = t
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

    var body: HTML {
        var html: HTML = """
            <p><a href="\(backURL)">← \(name)</a></p>
            <h1>\(layout.title)</h1>
            <p>\(t("rate.original")) <strong>\(original)</strong></p>
            \(if: effective, "<p class=\"flash flash-error\" role=\"note\">\(t("rate.typoWarning"))</p>")\
            \(if: !effective, "<p class=\"hint\">\(t("rate.correctHint"))</p>")
            <form method="post" action="\(action)" class="form narrow" novalidate>
              \(PagePieces.csrf(layout.csrf))
              <div class="field\(if: amountError != nil, " invalid")">
                <label for="amount">\(t("rate.amount"))</label>
                <input id="amount" name="amount" value="\(amount)" inputmode="decimal" maxlength="15" required\
            \(PagePieces.invalid(amountError, describedBy: "amount-error"))>
                \(PagePieces.error(amountError, id: "amount-error"))
              </div>
              <div class="field\(if: effectiveFromError != nil, " invalid")">
                <label for="effectiveFrom">\(t("rate.effectiveFrom"))</label>
                <input id="effectiveFrom" name="effectiveFrom" type="date" value="\(effectiveFrom)" required\
            \(PagePieces.invalid(effectiveFromError, describedBy: "effectiveFrom-error"))>
                \(PagePieces.error(effectiveFromError, id: "effectiveFrom-error"))
              </div>
              <div class="field\(if: typoFixError != nil, " invalid")">
                <label class="choice"><input type="checkbox" name="typoFix" value="on"\(if: typoFix, " checked")\
            \(PagePieces.invalid(typoFixError, describedBy: "typoFix-error"))> \(t("rate.typoConfirm"))</label>
                \(PagePieces.error(typoFixError, id: "typoFix-error"))
              </div>
              <button type="submit" class="primary">\(t("form.save"))</button>
            </form>

            """
        if let deleteURL {
            html.append("""
                <form method="post" action="\(deleteURL)" class="inline" data-confirm="\(deleteQuestion)" \
                data-confirm-button="\(t("confirm.deleteRateButton"))" data-confirm-cancel="\(t("confirm.cancel"))">
                  \(PagePieces.csrf(layout.csrf))
                  <button type="submit" class="danger">\(t("rate.delete"))</button>
                  <span class="hint">\(t("rate.deleteHint"))</span>
                </form>

                """)
        }
        return html
    }
}
