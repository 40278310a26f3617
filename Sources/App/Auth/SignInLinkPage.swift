/// The page of a one-time link: who it signs in, and the button that does (a POST, so opening
/// the link changes nothing).
struct SignInLinkPage: HTMLPage {
    let layout: Layout
    let userName: String
    let email: String
    let action: String
    let t: Translator

    init(layout: Layout, slug: String, user: User, token: SecretToken, t: Translator) {
        self.layout = layout
        self.t = t
        userName = user.displayName
        email = user.email
        action = Paths.signInLink(slug, token: token.value)
    }

    var body: HTML {
        """
        <section class="narrow">
        <h1>\(t("link.title"))</h1>
        <p>\(t("link.intro", userName, email))</p>
        <form method="post" action="\(action)">
          \(PagePieces.csrf(layout.csrf))
          <button type="submit" class="primary">\(t("link.submit"))</button>
        </form>
        </section>

        """
    }
}
