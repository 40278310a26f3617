import Foundation

/// Company settings: the name, the time zone that decides what day it is, the default language,
/// and the links to the other admin settings.
struct CompanyPage: HTMLPage {
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
    let t: Translator

    /// Every time zone the system knows, in order.
    static let zones = TimeZone.knownTimeZoneIdentifiers.sorted()

    /// - Parameter errors: field → the key of its problem.
    init(layout: Layout, slug: String, form: CompanyRoutes.Form, errors: [String: String], t: Translator) {
        self.layout = layout
        self.t = t
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

    var body: HTML {
        let name = errors["name"], zone = errors["timeZone"], language = errors["defaultLanguage"]
        let beforeEnd = errors["reminderBeforeEnd"], afterStart = errors["reminderAfterStart"]
        let tolerance = errors["amountTolerance"]
        return """
            <h1>\(t("nav.company"))</h1>
            <p class="actions"><a href="\(signInURL)">\(t("company.signIn"))</a><a href="\(paymentsURL)">\(t("payments.title"))</a></p>
            <form method="post" action="\(action)" class="form" novalidate>
              \(PagePieces.csrf(layout.csrf))
              <div class="field\(if: name != nil, " invalid")">
                <label for="name">\(t("company.name"))</label>
                <input id="name" name="name" value="\(self.name)" maxlength="200" required\(PagePieces.invalid(name, describedBy: "name-error"))>
                \(PagePieces.error(name, id: "name-error"))
              </div>
              <div class="field\(if: zone != nil, " invalid")">
                <label for="timeZone">\(t("company.timeZone"))</label>
                <select id="timeZone" name="timeZone"\(PagePieces.invalid(zone, describedBy: "timeZone-error"))>
            \(options(timeZones))    </select>
                \(PagePieces.error(zone, id: "timeZone-error"))
                <p class="hint">\(t("company.timeZoneHint"))</p>
              </div>
              <div class="field\(if: language != nil, " invalid")">
                <label for="defaultLanguage">\(t("company.defaultLanguage"))</label>
                <select id="defaultLanguage" name="defaultLanguage"\(PagePieces.invalid(language, describedBy: "language-error"))>
            \(options(languages))    </select>
                \(PagePieces.error(language, id: "language-error"))
              </div>
              <fieldset>
                <legend>\(t("company.reminders"))</legend>
                <p class="hint">\(t("company.remindersHint"))</p>
                <div class="field\(if: beforeEnd != nil, " invalid")">
                  <label for="reminderBeforeEnd">\(t("company.reminderBeforeEnd"))</label>
                  <input id="reminderBeforeEnd" name="reminderBeforeEnd" type="number" min="0" max="10" inputmode="numeric" \
            value="\(reminderBeforeEnd)"\(PagePieces.invalid(beforeEnd, describedBy: "reminderBeforeEnd-error"))>
                  \(PagePieces.error(beforeEnd, id: "reminderBeforeEnd-error"))
                </div>
                <div class="field\(if: afterStart != nil, " invalid")">
                  <label for="reminderAfterStart">\(t("company.reminderAfterStart"))</label>
                  <input id="reminderAfterStart" name="reminderAfterStart" type="number" min="0" max="10" inputmode="numeric" \
            value="\(reminderAfterStart)"\(PagePieces.invalid(afterStart, describedBy: "reminderAfterStart-error"))>
                  \(PagePieces.error(afterStart, id: "reminderAfterStart-error"))
                </div>
              </fieldset>
              <div class="field\(if: tolerance != nil, " invalid")">
                <label for="amountTolerance">\(t("company.tolerance"))</label>
                <input id="amountTolerance" name="amountTolerance" inputmode="decimal" maxlength="6" size="6" \
            value="\(amountTolerance)" aria-describedby="amountTolerance-hint\(if: tolerance != nil, " amountTolerance-error")"\
            \(if: tolerance != nil, " aria-invalid=\"true\"")>
                <p class="hint" id="amountTolerance-hint">\(t("company.toleranceHint"))</p>
                \(PagePieces.error(tolerance, id: "amountTolerance-error"))
              </div>
              <button type="submit" class="primary">\(t("form.save"))</button>
            </form>

            """
    }

    /// A select's options, one a line.
    private func options(_ options: [SelectOption]) -> HTML {
        options.map { option -> HTML in
            "      <option value=\"\(option.value)\"\(if: option.selected, " selected")>\(option.label)</option>\n"
        }.joined()
    }
}
