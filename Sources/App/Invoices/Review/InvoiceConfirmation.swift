import Foundation

extension InvoiceAction {
    /// The question a confirmation asks before the action runs on `count` invoices worth
    /// `totals` ("Mark 18 invoices as paid, CZK 1,240,000.00 in total?"); nil for an action that
    /// is not asked about.
    func confirmation(count: Int, totals: [InvoiceAmount], cancelURL: String, t: Translator) -> ConfirmQuestion? {
        guard needsConfirmation else { return nil }
        let total = totals.isEmpty ? t("confirm.invoices.noAmount")
            : totals.map { t.money(minor: $0.minor, currency: $0.currency) }.joined(separator: " + ")
        let key = "confirm.invoices.\(rawValue)" + (count == 1 ? ".one" : "")
        return ConfirmQuestion(question: t(key, String(count), total), confirm: t("review.action.\(rawValue)"),
                               cancelURL: cancelURL)
    }
}
