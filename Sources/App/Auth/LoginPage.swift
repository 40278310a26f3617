/// The sign-in page: the e-mail form (with what was typed and what is wrong with it), the
/// company's identity provider when it has one, and the development mailbox when it is on.
struct LoginPage: HTMLPage {
    let layout: Layout
    let action: String
    let email: String
    let error: String?
    let mailboxURL: String?
    /// The company's identity provider, by the name on its button.
    let provider: String?
    let providerAction: String
    let t: Translator

    /// - Parameters:
    ///   - problem: the key of what is wrong with the typed address.
    ///   - devMailbox: the development mailbox is on (`ROSTER_DEV_MAILBOX`).
    init(layout: Layout, slug: String, email: String, problem: String?, devMailbox: Bool, provider: String?, t: Translator) {
        self.layout = layout
        self.t = t
        action = Paths.login(slug)
        self.email = String(email.prefix(254))
        error = problem.map { t($0) }
        mailboxURL = devMailbox ? Paths.devMailbox(slug) : nil
        self.provider = provider
        providerAction = Paths.oidcStart(slug)
    }

    var body: HTML {
        var html: HTML = """
            <section class="narrow">
            <h1>\(t("login.title"))</h1>

            """
        if let provider {
            html.append("""
                <form method="post" action="\(providerAction)" class="form">
                  \(PagePieces.csrf(layout.csrf))
                  <button type="submit" class="primary">\(t("login.withProvider", provider))</button>
                </form>
                <p class="muted">\(t("login.or"))</p>

                """)
        }
        html.append("""
            <p>\(t("login.intro", layout.brand))</p>
            <form method="post" action="\(action)" class="form" novalidate>
              \(PagePieces.csrf(layout.csrf))
              <div class="field\(if: error != nil, " invalid")">
                <label for="email">\(t("login.email"))</label>
                <input id="email" name="email" type="email" value="\(email)" autocomplete="email" inputmode="email" \
            maxlength="254" required\(PagePieces.invalid(error, describedBy: "email-error"))>
                \(if: error != nil, "<p class=\"error\" id=\"email-error\" role=\"alert\">\(error ?? "")</p>")
              </div>
              <button type="submit"\(if: provider == nil, " class=\"primary\"")>\(t("login.send"))</button>
            </form>
            <p class="muted">\(t("login.linkHint"))</p>

            """)
        if let mailboxURL {
            html.append("<p class=\"hint\"><a href=\"\(mailboxURL)\">\(t("mailbox.title"))</a> · \(t("mailbox.devOnly"))</p>\n")
        }
        html.append("</section>\n")
        return html
    }
}
