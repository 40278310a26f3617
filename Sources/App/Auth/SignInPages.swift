/// The sign-in page: the e-mail form (with what was typed and what is wrong with it), the
/// company's identity provider when it has one, and the development mailbox when it is on.
struct LoginPage: Encodable {
    let layout: Layout
    let action: String
    let email: String
    let error: String?
    let mailboxURL: String?
    /// The company's identity provider, by the name on its button.
    let provider: String?
    let providerAction: String

    /// - Parameters:
    ///   - problem: the key of what is wrong with the typed address.
    ///   - devMailbox: the development mailbox is on (`ROSTER_DEV_MAILBOX`).
    init(layout: Layout, slug: String, email: String, problem: String?, devMailbox: Bool, provider: String?, t: Translator) {
        self.layout = layout
        action = Paths.login(slug)
        self.email = String(email.prefix(254))
        error = problem.map { t($0) }
        mailboxURL = devMailbox ? Paths.devMailbox(slug) : nil
        self.provider = provider
        providerAction = Paths.oidcStart(slug)
    }
}

/// The page of a one-time link: who it signs in, and the button that does (a POST, so opening
/// the link changes nothing).
struct SignInLinkPage: Encodable {
    let layout: Layout
    let userName: String
    let email: String
    let action: String

    init(layout: Layout, slug: String, user: User, token: SecretToken) {
        self.layout = layout
        userName = user.displayName
        email = user.email
        action = Paths.signInLink(slug, token: token.value)
    }
}

/// The page that says why a sign-in (a link, the identity provider, an app's request) did not
/// work, with the way back; `Views/sign-in-problem.leaf` prints it.
struct SignInProblemPage: Encodable {
    let layout: Layout
    let heading: String
    let message: String
    let loginURL: String

    /// The page of a problem whose texts are `<key>.title` and `<key>.message`.
    init(layout: Layout, slug: String, key: String, t: Translator) {
        self.init(layout: layout, heading: t("\(key).title"), message: t("\(key).message"), loginURL: Paths.login(slug))
    }

    init(layout: Layout, heading: String, message: String, loginURL: String) {
        self.layout = layout
        self.heading = heading
        self.message = message
        self.loginURL = loginURL
    }
}
