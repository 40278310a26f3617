/// The question an app's sign-in asks the person: may this app act for you? Allow and Deny post
/// back the checked request.
struct OAuthConsentPage: Encodable {
    let layout: Layout
    let clientName: String
    let userName: String
    let action: String
    let clientID: String
    let redirectURI: String
    let codeChallenge: String
    let state: String

    init(layout: Layout, slug: String, client: OAuthClient, user: User, redirectURI: String, codeChallenge: String,
         state: String?) {
        self.layout = layout
        clientName = client.name
        userName = user.displayName
        action = Paths.oauthAuthorize(slug)
        clientID = client.id
        self.redirectURI = redirectURI
        self.codeChallenge = codeChallenge
        self.state = state ?? ""
    }
}
