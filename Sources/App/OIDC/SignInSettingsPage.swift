/// The company's identity provider settings: the form (as saved or as typed), the redirect URI to
/// register with the provider, and whether secrets can be kept at all.
struct SignInSettingsPage: Encodable {
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

    /// - Parameters:
    ///   - form: what was typed into a refused form; nil shows the stored provider.
    ///   - keyMissing: no key to seal the client secret with is configured.
    ///   - errors: field → the key of its problem.
    init(layout: Layout, slug: String, stored: IdentityProvider?, form: IdentityProviderRoutes.Form?, redirectURI: String,
         keyMissing: Bool, errors: [String: String], t: Translator) {
        self.layout = layout
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
}
