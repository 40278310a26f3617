import Vapor

/// "E-mail me a sign-in link": the same answer whether or not the address belongs to someone;
/// the link goes out through the outbox in the same transaction that creates it.
struct LinkRequestRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.login, use: requestLink)
    }

    struct Form: Content {
        var email: String
    }

    func requestLink(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        let db = try request.db
        if request.currentUser != nil { return request.redirect(to: Paths.home(tenant.slug)) }
        let typed = (try? request.content.decode(Form.self).email) ?? ""
        guard let email = EmailAddress.normalized(typed) else {
            return try await SignInRoutes.renderLogin(request, email: typed, error: "login.error.email", status: .unprocessableEntity)
        }
        let client = request.clientAddress
        let decision = try await SignInRequestQueries.decide(email: email, client: client, on: db)
        if decision == .tooManyFromClient {
            return try await SignInRoutes.renderLogin(request, email: email, error: "login.error.tooMany", status: .tooManyRequests)
        }
        // Past the address's ceiling the answer is the same, and nothing is sent.
        if decision == .allowed, let user = try await UserQueries.find(email: email, on: db), user.active {
            // The mail is dropped rather than delivered once the link in it has expired.
            let expires = Date().addingTimeInterval(SignInLinkQueries.lifetime)
            let token = try await SignInLinkQueries.issue(for: user.id, expiresAt: expires, on: db)
            let language = user.preferredLanguage ?? tenant.defaultLanguage
            let texts = request.application.translations
            let link = request.application.settings.publicURL + Paths.signInLink(tenant.slug, token: token.value)
            try await OutboxQueries.enqueue(
                to: user.email,
                subject: texts.text("mail.link.subject", language, [tenant.name]),
                body: texts.text("mail.link.body", language, [user.displayName, tenant.name, link]), expiresAt: expires,
                on: db)
        }
        return try await LoginSentPage(
            layout: Layout(request: request, title: request.translate("login.sent.title"), navigation: false),
            email: email, loginURL: Paths.login(tenant.slug), t: request.translator).encodeResponse(for: request)
    }
}
