/// A person's own settings: the language of Roster for them, and signing out everywhere.
struct PreferencesPage: Encodable {
    let layout: Layout
    let action: String
    let languages: [SelectOption]
    let email: String
    let signOutEverywhereURL: String

    /// - Parameter language: the one in use (the person's choice, else the request's).
    init(layout: Layout, slug: String, user: User, language: Language, t: Translator) {
        self.layout = layout
        action = Paths.preferences(slug)
        languages = Language.allCases.map {
            SelectOption(value: $0.rawValue, label: t("language.\($0.rawValue)"), selected: $0 == language)
        }
        email = user.email
        signOutEverywhereURL = Paths.logoutEverywhere(slug)
    }
}
