/// A person's own settings: the language of Roster for them, and signing out everywhere.
struct PreferencesPage: Encodable {
    let layout: Layout
    let action: String
    let languages: [SelectOption]
    let email: String
    let signOutEverywhereURL: String
    /// One checkbox per kind of mail, checked for those the person receives.
    let mails: [SelectOption]

    /// - Parameter language: the one in use (the person's choice, else the request's).
    init(layout: Layout, slug: String, user: User, language: Language, wanted: Set<MailKind>, t: Translator) {
        self.layout = layout
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
}
