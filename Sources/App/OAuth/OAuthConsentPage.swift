/// The question an app's sign-in asks the person: may this app act for you? Allow and Deny post
/// back the checked request.
struct OAuthConsentPage: HTMLPage {
    let layout: Layout
    let clientName: String
    let userName: String
    let action: String
    let clientID: String
    let redirectURI: String
    let codeChallenge: String
    let state: String
    let t: Translator

    init(layout: Layout, slug: String, client: OAuthClient, user: User, redirectURI: String, codeChallenge: String,
         state: String?, t: Translator) {
        self.layout = layout
        self.t = t
        clientName = client.name
        userName = user.displayName
        action = Paths.oauthAuthorize(slug)
        clientID = client.id
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.state = state ?? ""
    }

    var body: HTML {
        """
        <section class="narrow">
        <h1>\(layout.title)</h1>
        <p>\(t("oauth.intro", clientName, userName))</p>
        <p class="muted">\(t("oauth.hint"))</p>
        <form method="post" action="\(action)" class="actions">
          \(PagePieces.csrf(layout.csrf))
          <input type="hidden" name="client_id" value="\(clientID)">
          <input type="hidden" name="redirect_uri" value="\(redirectURI)">
          <input type="hidden" name="code_challenge" value="\(codeChallenge)">
          <input type="hidden" name="state" value="\(state)">
          <button type="submit" name="decision" value="allow" class="primary">\(t("oauth.allow"))</button>
          <button type="submit" name="decision" value="deny">\(t("oauth.deny"))</button>
        </form>
        </section>

        """
    }
}
