import Vapor

/// Admins set a person's rate, correct a future one, fix a typo in one that has taken effect,
/// or delete one that has not.
struct RateRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post(Paths.rates, use: add)
        routes.get(Paths.rate, use: editPage)
        routes.post(Paths.rate, use: change)
        routes.post(Paths.deleteRate, use: delete)
    }

    /// The person of the path, or 404 (also for other tenants' people).
    private func person(_ request: Request) async throws -> (id: UUID, person: Person) {
        try request.require(.manageRates)
        let id = try request.idParameter()
        guard let person = try await PeopleQueries.person(id, on: try request.db)
        else { throw Abort(.notFound) }
        return (id, person)
    }

    private func rate(_ request: Request, of person: UUID) async throws -> Rate {
        let id = try request.idParameter("rate")
        guard let rate = try await RateQueries.rate(id, of: person, on: try request.db)
        else { throw Abort(.notFound) }
        return rate
    }

    func add(_ request: Request) async throws -> Response {
        let (id, _) = try await person(request)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(RateForm.self) else { throw Abort(.badRequest) }
        func refuse(_ problems: [String: String]) async throws -> Response {
            try await PersonPage.render(request, id: id, refused: .init(rate: form, rateProblems: problems))
                .encodeResponse(status: .unprocessableEntity, for: request)
        }
        switch form.parse() {
        case .failure(let problems):
            return try await refuse(problems.fields)
        case .success(let parsed):
            guard case .success = try await RateActions.set(parsed.amountMinor, from: parsed.day, for: id, try request.actionContext)
            else { return try await refuse(["effectiveFrom": "rate.error.sameDay"]) }
            return request.redirect(to: Paths.person(tenant.slug, id) + "#rates", flash: Flash(.success, "flash.rateSet"))
        }
    }

    func editPage(_ request: Request) async throws -> RateEditPage {
        let (id, person) = try await person(request)
        let rate = try await rate(request, of: id)
        let form = RateForm(amount: Money.plain(minor: rate.amountMinor, language: request.language),
                            effectiveFrom: rate.effectiveFrom.iso)
        return try await render(request, person: person, rate: rate, form: form, problems: [:])
    }

    private func render(
        _ request: Request, person: Person, rate: Rate, form: RateForm, problems: [String: String]
    ) async throws -> RateEditPage {
        let today = try request.today, t = request.translator
        return RateEditPage(
            layout: Layout(request: request, title: RateEditPage.title(of: rate, today: today, t: t)),
            slug: try request.tenant.slug, person: person.user, rate: rate, today: today, form: form, problems: problems, t: t)
    }

    func change(_ request: Request) async throws -> Response {
        let (id, person) = try await person(request)
        let rate = try await rate(request, of: id)
        let tenant = try request.tenant
        guard let form = try? request.content.decode(RateForm.self) else { throw Abort(.badRequest) }
        func refuse(_ problems: [String: String]) async throws -> Response {
            try await render(request, person: person, rate: rate, form: form, problems: problems)
                .encodeResponse(status: .unprocessableEntity, for: request)
        }
        let parsed: RateForm.Parsed
        switch form.parse() {
        case .failure(let problems): return try await refuse(problems.fields)
        case .success(let value): parsed = value
        }
        switch try await RateActions.change(rate.id, of: id, to: parsed.amountMinor, from: parsed.day, typoFix: form.typoFix != nil,
                                            try request.actionContext) {
        case .failure(.needsTypoFix): return try await refuse(["typoFix": "rate.error.typoFix"])
        case .failure(.sameDay): return try await refuse(["effectiveFrom": "rate.error.sameDay"])
        case .success(let edit):
            return request.redirect(to: Paths.person(tenant.slug, id) + "#rates",
                                    flash: Flash(.success, edit == .typoFix ? "flash.rateFixed" : "flash.rateCorrected"))
        }
    }

    func delete(_ request: Request) async throws -> Response {
        let (id, person) = try await person(request)
        let rate = try await rate(request, of: id)
        let tenant = try request.tenant
        let back = Paths.person(tenant.slug, id) + "#rates"
        if !request.isConfirmed {
            let t = request.translator
            return try await request.confirmationStep(ConfirmQuestion(
                question: t("confirm.deleteRate", t.money(minor: rate.amountMinor, currency: rate.currency), rate.effectiveFrom.iso,
                            person.user.displayName),
                confirm: t("confirm.deleteRateButton"), cancelURL: back))
        }
        guard try await RateActions.delete(rate.id, of: id, try request.actionContext) else {
            return request.redirect(to: back, flash: Flash(.error, "flash.rateNotDeletable"))
        }
        return request.redirect(to: back, flash: Flash(.success, "flash.rateDeleted"))
    }
}
