/// The company's side of a payment order (name, IBAN, BIC), as saved or as typed with problems.
struct PaymentSettingsPage: Encodable {
    let layout: Layout
    let action: String
    let debtorName: String
    let iban: String
    let bic: String
    let nameError: String?
    let ibanError: String?
    let bicError: String?
    let backURL: String

    /// - Parameter errors: field → the key of its problem.
    init(layout: Layout, slug: String, form: PaymentExportRoutes.SettingsForm, errors: [String: String], t: Translator) {
        self.layout = layout
        action = Paths.paymentSettings(slug)
        debtorName = form.debtorName ?? ""
        iban = form.iban ?? ""
        bic = form.bic ?? ""
        nameError = errors["debtorName"].map { t($0) }
        ibanError = errors["iban"].map { t($0) }
        bicError = errors["bic"].map { t($0) }
        backURL = Paths.reviewOverview(slug)
    }
}
