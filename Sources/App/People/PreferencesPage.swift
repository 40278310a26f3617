/// A person's own settings: the language of Roster for them, the mail they receive, and signing
/// out everywhere. Printed in Swift like the list pages (docs/PERFORMANCE.md, "What keeps a page fast"): it is
/// the signed-in shell and little else, the page `bench/pages` measures the shell by.
struct PreferencesPage: HTMLPage {
    let layout: Layout
    let action: String
    let languages: [SelectOption]
    let email: String
    let signOutEverywhereURL: String
    /// One checkbox per kind of mail, checked for those the person receives.
    let mails: [SelectOption]
    private let t: Translator

    /// - Parameter language: the one in use (the person's choice, else the request's).
    init(layout: Layout, slug: String, user: User, language: Language, wanted: Set<MailKind>, t: Translator) {
        self.layout = layout
        self.t = t
        action = Paths.preferences(slug)
        languages = Language.allCases.map {
            SelectOption(value: $0.rawValue, label: t("language.\($0.rawValue)"), selected: $0 == language)
        }
        email = user.email
        signOutEverywhereURL = Paths.logoutEverywhere(slug)
        mails = MailKind.allCases.filter { $0.isOffered(to: user) }.map {
            SelectOption(value: $0.rawValue, label: t("mail.kind.\($0.rawValue)"), selected: wanted.contains($0))
        }
    }

    var body: HTML {
        let languageChoices = languages.map { option -> HTML in
            """
                <label class="choice"><input type="radio" name="language" value="\(option.value)"\(if: option.selected, " checked")> \(option.label)</label>

            """
        }.joined()
        let mailChoices = mails.map { option -> HTML in
            """
                <label class="choice"><input type="checkbox" name="mail[]" value="\(option.value)"\(if: option.selected, " checked")> \(option.label)</label>

            """
        }.joined()
        return """
            <h1>\(t("nav.preferences"))</h1>
            <form method="post" action="\(action)" class="form">
              \(PagePieces.csrf(layout.csrf))
              <fieldset>
                <legend>\(t("preferences.language"))</legend>
            \(languageChoices)  </fieldset>
              <fieldset>
                <legend>\(t("preferences.mail"))</legend>
                <p class="hint">\(t("preferences.mailHint", email))</p>
            \(mailChoices)  </fieldset>
              <p class="muted">\(t("preferences.email", email))</p>
              <button type="submit" class="primary">\(t("form.save"))</button>
            </form>
            <h2>\(t("preferences.everywhere"))</h2>
            <form method="post" action="\(signOutEverywhereURL)" class="inline" data-confirm="\(t("confirm.everywhere"))" \
            data-confirm-button="\(t("preferences.everywhereButton"))" data-confirm-cancel="\(t("confirm.cancel"))">
              \(PagePieces.csrf(layout.csrf))
              <button type="submit" class="danger">\(t("preferences.everywhereButton"))</button>
              <span class="hint">\(t("preferences.everywhereHint"))</span>
            </form>

            """
    }
}
