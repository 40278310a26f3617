import Vapor

/// The admin connects the company's OpenID Connect provider: issuer, client ID and secret
/// (sealed, never shown again), and the name on the sign-in button.
struct IdentityProviderRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.signInSettings, use: page)
        // The issuer is asked whether it answers: with no connection held while it does.
        routes.post(Paths.signInSettings, use: save).userInfo[RouteOption.ownTransactions] = true
        routes.post(Paths.deleteSignInSettings, use: delete)
    }

    struct Form: Content {
        var issuer: String
        var clientID: String
        var clientSecret: String?
        var displayName: String
    }

    /// Field → translation key of what is wrong; pure. An issuer is https, or (when private
    /// providers are allowed: development and tests) http on this machine. When they are not, an
    /// issuer that Roster may not fetch from (http, a private address) gets the same answer as one
    /// that does not answer (`provider.error.unreachable`): one message for every refusal.
    static func validate(_ form: Form, secretStored: Bool, allowPrivate: Bool) -> [String: String] {
        var errors: [String: String] = [:]
        let issuer = form.issuer.trimmingWhitespace()
        if let url = URLComponents(string: issuer), let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil,
           url.scheme == "https" || url.scheme == "http", issuer.storedLength <= 500 {
            if url.scheme == "http", allowPrivate, !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) {
                errors["issuer"] = "provider.error.issuer"
            } else if ProviderAddressGuard.acceptableHost(issuer, allowPrivate: allowPrivate) == nil {
                errors["issuer"] = "provider.error.unreachable"
            }
        } else {
            errors["issuer"] = "provider.error.issuer"
        }
        let client = form.clientID.trimmingWhitespace()
        if client.isEmpty || client.count > 500 { errors["clientID"] = "provider.error.clientID" }
        let secret = (form.clientSecret ?? "").trimmingWhitespace()
        if (secret.isEmpty && !secretStored) || secret.count > 1_000 { errors["clientSecret"] = "provider.error.secret" }
        let name = form.displayName.trimmingWhitespace()
        if name.isEmpty || name.storedLength > 100 { errors["displayName"] = "provider.error.name" }
        return errors
    }

    private func render(
        _ request: Request, stored: IdentityProvider?, form: Form?, errors: [String: String], status: HTTPStatus = .ok
    ) async throws -> Response {
        let slug = try request.tenant.slug, t = request.translator
        return try await SignInSettingsPage(
            layout: Layout(request: request, title: t("nav.signInSettings")), slug: slug,
            stored: stored, form: form,
            redirectURI: OIDCRoutes.redirectURI(request, slug: slug), keyMissing: request.application.settings.secretBox == nil,
            errors: errors, t: t).encodeResponse(status: status, for: request)
    }

    func page(_ request: Request) async throws -> Response {
        try request.require(.manageCompany)
        return try await render(request, stored: try await IdentityProviderQueries.provider(on: try request.db), form: nil,
                                errors: [:])
    }

    func save(_ request: Request) async throws -> Response {
        // Before anything is read or fetched: only an admin makes Roster ask an issuer.
        try request.require(.manageCompany)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(Form.self) else { throw Abort(.badRequest) }
        let stored = try await request.ownTransaction(readOnly: true) { try await IdentityProviderQueries.provider(on: $0) }
        func refuse(_ errors: [String: String]) async throws -> Response {
            try await render(request, stored: stored, form: form, errors: errors, status: .unprocessableEntity)
        }
        var errors = Self.validate(form, secretStored: stored != nil,
                                   allowPrivate: request.application.settings.allowPrivateIdentityProviders)
        guard request.application.settings.secretBox != nil else { return try await refuse(["form": "provider.error.key"]) }
        let issuer = form.issuer.trimmingWhitespace()
        if errors.isEmpty {
            // Connect once now, so a typo is found here and not by the first person signing in;
            // no transaction is open while the issuer is asked.
            do {
                _ = try await request.application.oidc.discovery(issuer: issuer, for: tenant.id, fresh: true)
            } catch OIDCProblem.issuer {
                errors["issuer"] = "provider.error.issuerMismatch"
            } catch OIDCProblem.busy {
                errors["issuer"] = "provider.error.busy"
            } catch {
                errors["issuer"] = "provider.error.unreachable"
            }
        }
        guard errors.isEmpty else { return try await refuse(errors) }
        let secret = (form.clientSecret ?? "").trimmingWhitespace()
        let provider = SignInSettingsActions.Provider(
            issuer: issuer, clientID: form.clientID.trimmingWhitespace(), secret: secret.isEmpty ? nil : secret,
            displayName: form.displayName.trimmingWhitespace())
        switch try await request.ownAction({ try await SignInSettingsActions.save(provider, $0) }) {
        case nil: break
        case .keyMissing: return try await refuse(["form": "provider.error.key"])
        case .secretMissing: return try await refuse(["clientSecret": "provider.error.secret"])
        }
        return request.redirect(to: Paths.signInSettings(tenant.slug), flash: Flash(.success, "flash.providerSaved"))
    }

    func delete(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        try await SignInSettingsActions.remove(try request.actionContext)
        return request.redirect(to: Paths.signInSettings(tenant.slug), flash: Flash(.success, "flash.providerRemoved"))
    }
}
