/// The page that says why a sign-in (a link, the identity provider, an app's request) did not
/// work, with the way back.
struct SignInProblemPage: HTMLPage {
    let layout: Layout
    let heading: String
    let message: String
    let loginURL: String
    let t: Translator

    /// The page of a problem whose texts are `<key>.title` and `<key>.message`.
    init(layout: Layout, slug: String, key: String, t: Translator) {
        self.init(layout: layout, heading: t("\(key).title"), message: t("\(key).message"), loginURL: Paths.login(slug), t: t)
    }

    init(layout: Layout, heading: String, message: String, loginURL: String, t: Translator) {
        self.layout = layout
        self.heading = heading
        self.message = message
        self.loginURL = loginURL
        self.t = t
    }

    var body: HTML {
        """
        <section class="narrow">
        <h1>\(heading)</h1>
        <p>\(message)</p>
        <p><a href="\(loginURL)">\(t("link.toLogin"))</a></p>
        </section>

        """
    }
}
