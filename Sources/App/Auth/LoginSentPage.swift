/// "Check your mail": said whether or not the address belongs to someone, with the way back to
/// the sign-in form.
struct LoginSentPage: HTMLPage {
    let layout: Layout
    let email: String
    let loginURL: String
    let t: Translator

    var body: HTML {
        """
        <section class="narrow">
        <h1>\(t("login.sent.title"))</h1>
        <p>\(t("login.sent.message", email))</p>
        <p class="muted">\(t("login.sent.hint"))</p>
        <p><a href="\(loginURL)">\(t("login.sent.again"))</a></p>
        </section>

        """
    }
}
