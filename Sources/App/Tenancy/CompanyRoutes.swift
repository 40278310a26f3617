import Vapor

/// The admin's company settings: name, time zone, default language, reminder days.
struct CompanyRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.company, use: page)
        routes.post(Paths.company, use: save)
    }

    struct Form: Content {
        var name: String
        var timeZone: String
        var defaultLanguage: String
        /// The reminder days (`ReminderDays`), 0–10 each; a form without them keeps them as they are.
        var reminderBeforeEnd: String?
        var reminderAfterStart: String?
        /// How far an invoice may differ from its expected amount, in percent ("1", "2.5", "0,5");
        /// a form without it keeps it as it is.
        var amountTolerance: String?

        /// The reminder days as typed, or nil for a field that is not a whole number in range.
        var reminders: (beforeEnd: Int?, afterStart: Int?) {
            func parse(_ text: String?) -> Int? {
                text.flatMap { Int($0.trimmingWhitespace()) }.flatMap { ReminderDays.allowed.contains($0) ? $0 : nil }
            }
            return (parse(reminderBeforeEnd), parse(reminderAfterStart))
        }
    }

    /// Field → translation key of what is wrong with it; pure.
    static func validate(_ form: Form) -> [String: String] {
        var errors: [String: String] = [:]
        if !TenantRules.isValidName(form.name) { errors["name"] = "company.error.name" }
        if !TenantRules.isValidTimeZone(form.timeZone) { errors["timeZone"] = "company.error.timeZone" }
        if Language(rawValue: form.defaultLanguage) == nil { errors["defaultLanguage"] = "company.error.language" }
        if form.reminderBeforeEnd != nil, form.reminders.beforeEnd == nil { errors["reminderBeforeEnd"] = "company.error.reminderDay" }
        if form.reminderAfterStart != nil, form.reminders.afterStart == nil { errors["reminderAfterStart"] = "company.error.reminderDay" }
        if let tolerance = form.amountTolerance, Percent.basisPoints(parsing: tolerance) == nil {
            errors["amountTolerance"] = "company.error.tolerance"
        }
        return errors
    }

    func page(_ request: Request) async throws -> CompanyPage {
        try request.require(.manageCompany)
        let tenant = try request.tenant
        let days = try await TenantQueries.reminderDays(on: try request.db)
        return try await render(request, form: Form(
            name: tenant.name, timeZone: tenant.timeZone, defaultLanguage: tenant.defaultLanguage.rawValue,
            reminderBeforeEnd: String(days.beforeEnd), reminderAfterStart: String(days.afterStart),
            amountTolerance: Percent.plain(basisPoints: try await TenantQueries.amountTolerance(on: try request.db))), errors: [:])
    }

    func save(_ request: Request) async throws -> Response {
        try request.require(.manageCompany)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(Form.self) else { throw Abort(.badRequest) }
        let errors = Self.validate(form)
        guard errors.isEmpty, let language = Language(rawValue: form.defaultLanguage) else {
            return try await render(request, form: form, errors: errors).encodeResponse(status: .unprocessableEntity, for: request)
        }
        let typed = form.reminders
        let settings = CompanySettingsActions.Settings(
            name: form.name.trimmingWhitespace(), timeZone: form.timeZone, defaultLanguage: language,
            reminderBeforeEnd: typed.beforeEnd, reminderAfterStart: typed.afterStart,
            toleranceBP: form.amountTolerance.flatMap(Percent.basisPoints(parsing:)))
        try await CompanySettingsActions.save(settings, try request.actionContext)
        return request.redirect(to: Paths.company(tenant.slug), flash: Flash(.success, "flash.saved"))
    }

    private func render(_ request: Request, form: Form, errors: [String: String]) async throws -> CompanyPage {
        let t = request.translator
        return CompanyPage(
            layout: Layout(request: request, title: t("nav.company")), slug: try request.tenant.slug, form: form,
            errors: errors, t: t)
    }
}
