import Foundation

/// Every page address, in one typed place; templates get ready-made URLs from here.
public enum Paths {
    public static func tenant(_ slug: String) -> String { "/t/\(slug)" }
    public static func home(_ slug: String) -> String { "/t/\(slug)/" }
    public static func login(_ slug: String) -> String { "/t/\(slug)/login" }
    public static func signInLink(_ slug: String, token: String) -> String { "/t/\(slug)/login/\(token)" }
    public static func logout(_ slug: String) -> String { "/t/\(slug)/logout" }
    public static func language(_ slug: String) -> String { "/t/\(slug)/language" }
    public static func preferences(_ slug: String) -> String { "/t/\(slug)/preferences" }
    public static func adminSection(_ slug: String) -> String { "/t/\(slug)/admin" }
    public static func company(_ slug: String) -> String { adminSection(slug) + "/company" }
}

extension Paths {
    public static func people(_ slug: String) -> String { "/t/\(slug)/people" }
    public static func myTeam(_ slug: String) -> String { "/t/\(slug)/team" }
    public static func profile(_ slug: String) -> String { "/t/\(slug)/profile" }
    public static func person(_ slug: String, _ id: UUID) -> String { "/t/\(slug)/people/\(id.uuidString.lowercased())" }
    public static func deactivate(_ slug: String, _ id: UUID) -> String { person(slug, id) + "/deactivate" }
    public static func reactivate(_ slug: String, _ id: UUID) -> String { person(slug, id) + "/reactivate" }
}

extension Paths {
    public static func newPerson(_ slug: String) -> String { "/t/\(slug)/people/new" }
    public static func editPerson(_ slug: String, _ id: UUID) -> String { person(slug, id) + "/edit" }
}

extension Paths {
    public static func teams(_ slug: String) -> String { "/t/\(slug)/teams" }
    public static func team(_ slug: String, _ id: UUID) -> String { "/t/\(slug)/teams/\(id.uuidString.lowercased())" }
    public static func deleteTeam(_ slug: String, _ id: UUID) -> String { team(slug, id) + "/delete" }
    public static func addContract(_ slug: String, _ id: UUID) -> String { person(slug, id) + "/contracts" }
}

extension Paths {
    public static func rates(_ slug: String, _ id: UUID) -> String { person(slug, id) + "/rates" }
    public static func rate(_ slug: String, _ id: UUID, _ rate: UUID) -> String {
        rates(slug, id) + "/" + rate.uuidString.lowercased()
    }
    public static func deleteRate(_ slug: String, _ id: UUID, _ rateID: UUID) -> String { rate(slug, id, rateID) + "/delete" }
    public static func ratesSection(_ slug: String) -> String { "/t/\(slug)/rates" }
    public static func rateIncreases(_ slug: String) -> String { ratesSection(slug) + "/increases" }
    public static func averageIncrease(_ slug: String) -> String { ratesSection(slug) + "/average" }
    public static func earnings(_ slug: String) -> String { "/t/\(slug)/earnings" }
}

extension Paths {
    /// Development only: the mail Roster would have sent.
    public static func devMailbox(_ slug: String) -> String { "/t/\(slug)/dev/mailbox" }
}

extension Paths {
    public static func oauthAuthorize(_ slug: String) -> String { "/t/\(slug)/oauth/authorize" }
}

extension Paths {
    public static func oidcStart(_ slug: String) -> String { "/t/\(slug)/login/oidc" }
    public static func oidcCallback(_ slug: String) -> String { "/t/\(slug)/login/oidc/callback" }
    public static func signInSettings(_ slug: String) -> String { "/t/\(slug)/admin/sign-in" }
    public static func deleteSignInSettings(_ slug: String) -> String { signInSettings(slug) + "/delete" }
}

extension Paths {
    public static func logoutEverywhere(_ slug: String) -> String { "/t/\(slug)/logout/everywhere" }
}

extension Paths {
    public static func invoices(_ slug: String) -> String { "/t/\(slug)/invoices" }
    public static func uploadInvoice(_ slug: String, month: Month? = nil) -> String {
        invoices(slug) + "/upload" + (month.map { "?month=" + $0.iso } ?? "")
    }
    public static func invoice(_ slug: String, _ id: UUID) -> String { invoices(slug) + "/" + id.uuidString.lowercased() }
    public static func invoiceDocument(_ slug: String, _ id: UUID, _ document: UUID) -> String {
        invoice(slug, id) + "/documents/" + document.uuidString.lowercased()
    }
    public static func invoiceThumbnail(_ slug: String, _ id: UUID, _ document: UUID) -> String {
        invoiceDocument(slug, id, document) + "/thumbnail"
    }
}

extension Paths {
    public static func reviewSection(_ slug: String) -> String { "/t/\(slug)/review" }
    public static func reviewOverview(_ slug: String) -> String { reviewSection(slug) + "/invoices" }
    public static func reviewDesk(_ slug: String) -> String { reviewSection(slug) + "/desk" }
    public static func reviewDesk(_ slug: String, month: Month, state: InvoiceState) -> String {
        reviewDesk(slug) + "?month=" + month.iso + "&state=" + state.rawValue
    }
    public static func reviewMissing(_ slug: String, month: Month) -> String {
        reviewSection(slug) + "/missing?month=" + month.iso
    }
    public static func reviewExport(_ slug: String) -> String { reviewSection(slug) + "/export" }
    public static func invoiceAction(_ slug: String, _ id: UUID) -> String { invoice(slug, id) + "/action" }
    public static func paymentSettings(_ slug: String) -> String { "/t/\(slug)/admin/payments" }
}
