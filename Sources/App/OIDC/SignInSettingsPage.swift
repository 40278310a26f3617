/// The company's identity provider settings: the form (as saved or as typed), the redirect URI to
/// register with the provider, and whether secrets can be kept at all.
struct SignInSettingsPage: HTMLPage {
    let layout: Layout
    let action: String
    let deleteURL: String?
    let issuer: String
    let clientID: String
    let displayName: String
    let secretStored: Bool
    let redirectURI: String
    let keyMissing: Bool
    let errors: [String: String]
    let companyURL: String
    let t: Translator

    /// - Parameters:
    ///   - form: what was typed into a refused form; nil shows the stored provider.
    ///   - keyMissing: no key to seal the client secret with is configured.
    ///   - errors: field → the key of its problem.
    init(layout: Layout, slug: String, stored: IdentityProvider?, form: IdentityProviderRoutes.Form?, redirectURI: String,
         keyMissing: Bool, errors: [String: String], t: Translator) {
        self.layout = layout
        self.t = t
        action = Paths.signInSettings(slug)
        deleteURL = stored == nil ? nil : Paths.deleteSignInSettings(slug)
        issuer = form?.issuer ?? stored?.issuer ?? ""
        clientID = form?.clientID ?? stored?.clientID ?? ""
        displayName = form?.displayName ?? stored?.displayName ?? ""
        secretStored = stored != nil
        self.redirectURI = redirectURI
        self.keyMissing = keyMissing
        self.errors = errors.mapValues { t($0) }
        companyURL = Paths.company(slug)
    }

    var body: HTML {
        let issuerError = errors["issuer"], clientIDError = errors["clientID"]
        let secretError = errors["clientSecret"], nameError = errors["displayName"]
        var html: HTML = """
            <p><a href="\(companyURL)">← \(t("nav.company"))</a></p>
            <h1>\(t("nav.signInSettings"))</h1>
            <p>\(t("provider.intro"))</p>
            \(if: keyMissing, "<p class=\"flash flash-error\" role=\"alert\">\(t("provider.error.key"))</p>\n")\
            \(if: errors["form"] != nil, "<p class=\"error\" role=\"alert\">\(errors["form"] ?? "")</p>\n")\
            <form method="post" action="\(action)" class="form" novalidate autocomplete="off">
              \(PagePieces.csrf(layout.csrf))
              <div class="field\(if: issuerError != nil, " invalid")">
                <label for="issuer">\(t("provider.issuer"))</label>
                <input id="issuer" name="issuer" type="url" value="\(issuer)" maxlength="500" placeholder="https://accounts.google.com" \
            required\(PagePieces.invalid(issuerError, describedBy: "issuer-error"))>
                \(PagePieces.error(issuerError, id: "issuer-error"))
                <p class="hint">\(t("provider.issuerHint"))</p>
              </div>
              <div class="field\(if: clientIDError != nil, " invalid")">
                <label for="clientID">\(t("provider.clientID"))</label>
                <input id="clientID" name="clientID" value="\(clientID)" maxlength="500" required\
            \(PagePieces.invalid(clientIDError, describedBy: "clientID-error"))>
                \(PagePieces.error(clientIDError, id: "clientID-error"))
              </div>
              <div class="field\(if: secretError != nil, " invalid")">
                <label for="clientSecret">\(t("provider.clientSecret"))</label>
                <input id="clientSecret" name="clientSecret" type="password" value="" maxlength="1000"\
            \(PagePieces.invalid(secretError, describedBy: "clientSecret-error"))>
                \(PagePieces.error(secretError, id: "clientSecret-error"))
                <p class="hint">\(t(secretStored ? "provider.secretStored" : "provider.secretHint"))</p>
              </div>
              <div class="field\(if: nameError != nil, " invalid")">
                <label for="displayName">\(t("provider.displayName"))</label>
                <input id="displayName" name="displayName" value="\(displayName)" maxlength="100" placeholder="Google Workspace" \
            required\(PagePieces.invalid(nameError, describedBy: "displayName-error"))>
                \(PagePieces.error(nameError, id: "displayName-error"))
              </div>
              <p class="hint">\(t("provider.redirectHint")) <code>\(redirectURI)</code></p>
              <button type="submit" class="primary">\(t("form.save"))</button>
            </form>

            """
        if let deleteURL {
            html.append("""
                <form method="post" action="\(deleteURL)" class="inline">
                  \(PagePieces.csrf(layout.csrf))
                  <button type="submit" class="danger">\(t("provider.remove"))</button>
                  <span class="hint">\(t("provider.removeHint"))</span>
                </form>

                """)
        }
        return html
    }
}
