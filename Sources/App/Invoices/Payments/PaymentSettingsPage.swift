/// The company's side of a payment order (name, IBAN, BIC), as saved or as typed with problems.
struct PaymentSettingsPage: HTMLPage {
    let layout: Layout
    let action: String
    let debtorName: String
    let iban: String
    let bic: String
    let nameError: String?
    let ibanError: String?
    let bicError: String?
    let backURL: String
    let t: Translator

    /// - Parameter errors: field → the key of its problem.
    init(layout: Layout, slug: String, form: PaymentExportRoutes.SettingsForm, errors: [String: String], t: Translator) {
        self.layout = layout
        self.t = t
        action = Paths.paymentSettings(slug)
        debtorName = form.debtorName ?? ""
        iban = form.iban ?? ""
        bic = form.bic ?? ""
        nameError = errors["debtorName"].map { t($0) }
        ibanError = errors["iban"].map { t($0) }
        bicError = errors["bic"].map { t($0) }
        backURL = Paths.reviewOverview(slug)
    }

    var body: HTML {
        """
        <p><a href="\(backURL)">← \(t("nav.review"))</a></p>
        <h1>\(layout.title)</h1>
        <p class="hint">\(t("payments.hint"))</p>
        <form method="post" action="\(action)" class="form narrow" novalidate>
          \(PagePieces.csrf(layout.csrf))
          <div class="field\(if: nameError != nil, " invalid")">
            <label for="debtorName">\(t("payments.debtorName"))</label>
            <input id="debtorName" name="debtorName" value="\(debtorName)" maxlength="70" required\
        \(PagePieces.invalid(nameError, describedBy: "debtorName-error"))>
            \(PagePieces.error(nameError, id: "debtorName-error"))
          </div>
          <div class="field\(if: ibanError != nil, " invalid")">
            <label for="iban">IBAN</label>
            <input id="iban" name="iban" value="\(iban)" maxlength="42" autocomplete="off" required\
        \(PagePieces.invalid(ibanError, describedBy: "iban-error"))>
            \(PagePieces.error(ibanError, id: "iban-error"))
          </div>
          <div class="field\(if: bicError != nil, " invalid")">
            <label for="bic">BIC \(t("payments.optional"))</label>
            <input id="bic" name="bic" value="\(bic)" maxlength="11" autocomplete="off"\
        \(PagePieces.invalid(bicError, describedBy: "bic-error"))>
            \(PagePieces.error(bicError, id: "bic-error"))
          </div>
          <button type="submit" class="primary">\(t("form.save"))</button>
        </form>

        """
    }
}
