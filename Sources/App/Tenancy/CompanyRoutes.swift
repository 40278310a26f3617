import Vapor

/// The admin's company settings: name, time zone, default language.
struct CompanyRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.company, use: page)
        routes.post(Paths.company, use: save)
    }

    struct Form: Content {
        var name: String
        var timeZone: String
        var defaultLanguage: String
    }

    /// Field → translation key of what is wrong with it; pure.
    static func validate(_ form: Form) -> [String: String] {
        var errors: [String: String] = [:]
        if !TenantRules.isValidName(form.name) { errors["name"] = "company.error.name" }
        if !TenantRules.isValidTimeZone(form.timeZone) { errors["timeZone"] = "company.error.timeZone" }
        if Language(rawValue: form.defaultLanguage) == nil { errors["defaultLanguage"] = "company.error.language" }
        return errors
    }

    func page(_ request: Request) async throws -> View {
        try request.require(.manageCompany)
        let tenant = try request.tenant
        return try await render(request, form: Form(
            name: tenant.name, timeZone: tenant.timeZone, defaultLanguage: tenant.defaultLanguage.rawValue), errors: [:])
    }

    func save(_ request: Request) async throws -> Response {
        try request.require(.manageCompany)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(Form.self) else { throw Abort(.badRequest) }
        let errors = Self.validate(form)
        guard errors.isEmpty, let language = Language(rawValue: form.defaultLanguage) else {
            return try await render(request, form: form, errors: errors).encodeResponse(status: .unprocessableEntity, for: request)
        }
        try await TenantQueries.updateSettings(
            name: form.name.trimmingWhitespace(), timeZone: form.timeZone, defaultLanguage: language,
            on: try request.db)
        return request.redirect(to: Paths.company(tenant.slug), flash: Flash(.success, "flash.saved"))
    }

    private func render(_ request: Request, form: Form, errors: [String: String]) async throws -> View {
        let t = request.translator
        return try await request.view.render("company", CompanyPage(
            layout: Layout(request: request, title: t("nav.company")), slug: try request.tenant.slug, form: form,
            errors: errors, t: t))
    }
}
