import Vapor

/// `/t/{slug}/mail/stop/{user}/{kind}?s={signature}`: the address in every notification's footer
/// and List-Unsubscribe header (RFC 8058). It needs no sign-in: the signature (`UnsubscribeLink`)
/// is the authority. GET shows what a click will do and changes nothing (mail scanners open
/// links); POST turns the kind off, from the page's button or from a mail program's one-click
/// request, which carries no cookie and no CSRF token. A wrong signature, person or kind is 404.
struct UnsubscribeRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.unsubscribeAddress, use: page)
        routes.post(Paths.unsubscribeAddress, use: stop).userInfo[RouteOption.signedAddress] = true
    }

    /// The person and kind of a correctly signed address, or 404.
    private func verified(_ request: Request) async throws -> (user: UUID, kind: MailKind, signature: String) {
        let tenant = try request.tenant, db = try request.db
        guard let user = request.parameters.get("user").flatMap(UUID.init(uuidString:)),
              let kind = request.parameters.get("kind").flatMap(MailKind.init(rawValue:)),
              let signature = request.queryText("s"), signature.utf8.count <= 100
        else { throw Abort(.notFound) }
        guard let key = try await MailKeyQueries.existing(on: db),
              UnsubscribeLink.isValid(signature, key: key, tenant: tenant.id, user: user, kind: kind),
              try await UserQueries.exists(user, on: db)
        else { throw Abort(.notFound) }
        return (user, kind, signature)
    }

    func page(_ request: Request) async throws -> Response {
        let (user, kind, signature) = try await verified(request)
        let slug = try request.tenant.slug, t = request.translator
        return try await UnsubscribePage(
            layout: Layout(request: request, title: t("unsubscribe.title"), navigation: false),
            kindName: t("mail.kind.\(kind.rawValue)"), done: false,
            action: Paths.unsubscribe(slug, user: user, kind: kind, signature: signature),
            preferencesURL: Paths.preferences(slug), t: t).encodeResponse(for: request)
    }

    func stop(_ request: Request) async throws -> Response {
        let (user, kind, _) = try await verified(request)
        try await MailPreferenceQueries.turnOff(kind, for: user, on: try request.db)
        let slug = try request.tenant.slug, t = request.translator
        return try await UnsubscribePage(
            layout: Layout(request: request, title: t("unsubscribe.title"), navigation: false),
            kindName: t("mail.kind.\(kind.rawValue)"), done: true, action: "",
            preferencesURL: Paths.preferences(slug), t: t).encodeResponse(for: request)
    }
}

/// What the unsubscribe address shows: the question with its button, or that it is done.
struct UnsubscribePage: HTMLPage {
    let layout: Layout
    let body: HTML

    init(layout: Layout, kindName: String, done: Bool, action: String, preferencesURL: String, t: Translator) {
        self.layout = layout
        let form: HTML = done
            ? "<p class=\"flash flash-success\" role=\"status\">\(t("unsubscribe.done", kindName))</p>\n"
            : """
              <p>\(t("unsubscribe.question", kindName))</p>
              <form method="post" action="\(action)">
                <button type="submit" class="primary">\(t("unsubscribe.button"))</button>
              </form>

              """
        body = """
            <section class="narrow">
            <h1>\(t("unsubscribe.title"))</h1>
            \(form)<p class="muted">\(t("unsubscribe.preferences")) <a href="\(preferencesURL)">\(t("nav.preferences"))</a></p>
            </section>

            """
    }
}
