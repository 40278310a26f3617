import Foundation

/// Company settings: the name, the time zone that decides what day it is, the default language,
/// and the links to the other admin settings.
struct CompanyPage: Encodable {
    let layout: Layout
    let action: String
    let name: String
    let timeZones: [SelectOption]
    let languages: [SelectOption]
    let errors: [String: String]
    let reminderBeforeEnd: String
    let reminderAfterStart: String
    let amountTolerance: String
    let signInURL: String
    let paymentsURL: String

    /// Every time zone the system knows, in order.
    static let zones = TimeZone.knownTimeZoneIdentifiers.sorted()

    /// - Parameter errors: field → the key of its problem.
    init(layout: Layout, slug: String, form: CompanyRoutes.Form, errors: [String: String], t: Translator) {
        self.layout = layout
        action = Paths.company(slug)
        name = form.name
        timeZones = Self.zones.map { SelectOption(value: $0, label: $0, selected: $0 == form.timeZone) }
        languages = Language.allCases.map {
            SelectOption(value: $0.rawValue, label: t("language.\($0.rawValue)"), selected: $0.rawValue == form.defaultLanguage)
        }
        self.errors = errors.mapValues { t($0) }
        reminderBeforeEnd = form.reminderBeforeEnd ?? ""
        reminderAfterStart = form.reminderAfterStart ?? ""
        amountTolerance = form.amountTolerance ?? ""
        signInURL = Paths.signInSettings(slug)
        paymentsURL = Paths.paymentSettings(slug)
    }
}
