import Foundation

extension RosterAPI {
    func listMyEarnings(_ input: Operations.ListMyEarnings.Input) async throws -> Operations.ListMyEarnings.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMyEarnings)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            let user = api.user.id, db = api.db
            let contracts = try await PeopleQueries.contracts(of: user, on: db)
            let rates = try await RateQueries.history(of: user, on: db).map(\.rate)
            let invoices = try await InvoiceQueries.summaries(of: user, timeZone: api.tenant.timeZone, on: db)
            let months = contracts.isEmpty ? [] : Earnings.months(ending: Month(api.today), count: nil, contracts: contracts)
            // Newest first, and only the window's months worked out.
            let shown = window.slice(Array(months.reversed()))
            let time = try await TimeBasisQueries.bases(of: [user], from: shown.last?.first ?? api.today, through: shown.first?.last ?? api.today,
                                                        on: db)
            let earnings = Earnings.withInvoices(shown.map {
                Earnings.expected(in: $0, contracts: contracts, rates: rates, time: time.basis(of: user, in: $0))
            }, invoices: invoices)
            return Components.Schemas.EarningsPage(
                items: earnings.map {
                    .init(month: $0.month.iso, amount: .init(amountMinor: $0.amountMinor, currency: $0.currency ?? api.tenant.currency),
                          paidDays: $0.paidDays, basis: .init(rawValue: $0.basis.rawValue) ?? .capacity)
                },
                total: months.count, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    func listPersonRates(_ input: Operations.ListPersonRates.Input) async throws -> Operations.ListPersonRates.Output {
        let id = try APIInput.pathID(input.path.personId)
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listPersonRates)
            let window = try APIInput.window(limit: input.query.limit, offset: input.query.offset, t: api.t)
            guard try await PeopleQueries.person(id, on: api.db) != nil else { throw APIProblem.notFound }
            let history = try await RateQueries.history(of: id, on: api.db)
            return Components.Schemas.RatesPage(
                items: window.slice(history).map {
                    .init(id: $0.rate.id.lowercasedString, effectiveFrom: $0.rate.effectiveFrom.iso,
                          hourly: .init(amountMinor: $0.rate.amountMinor, currency: $0.rate.currency), correctedOn: $0.correctedAt)
                },
                total: history.count, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }
}

extension RosterAPI {
    /// The amount and day of a rate request, checked as the web's rate form checks them.
    static func parse(_ body: Components.Schemas.RateRequest, t: Translator) throws -> (amountMinor: Int64, day: LocalDate) {
        var errors: [Components.Schemas.FieldError] = []
        if body.amountMinor <= 0 {
            errors.append(.init(field: "amountMinor", message: t("rate.error.amountPositive")))
        } else if body.amountMinor > Money.maxHourlyRateMinor {
            errors.append(.init(field: "amountMinor", message: t("rate.error.amountTooHigh")))
        }
        let day = RateForm.day(body.effectiveFrom)
        if day == nil { errors.append(.init(field: "effectiveFrom", message: t("rate.error.date"))) }
        guard errors.isEmpty, let day else { throw APIProblem.invalid(errors) }
        return (body.amountMinor, day)
    }

    /// A refused rate as the field it is about.
    private static func rateRefused(_ refusal: RateActions.Refusal, _ api: APIContext) -> APIProblem {
        switch refusal {
        case .sameDay: APIProblem.invalid([.init(field: "effectiveFrom", message: api.t("rate.error.sameDay"))])
        case .needsTypoFix: APIProblem.invalid([.init(field: "typoFix", message: api.t("api.field.typoFix"))])
        }
    }

    /// The person of the path and one of their rates, or 404 (also for another tenant's).
    private static func personRate(_ person: UUID, _ rate: UUID, _ api: APIContext) async throws -> Rate {
        guard let found = try await RateQueries.rate(rate, of: person, on: api.db) else { throw APIProblem.notFound }
        return found
    }

    private static func entry(_ id: UUID, of person: UUID, _ api: APIContext) async throws -> Components.Schemas.RateEntry {
        guard let entry = try await RateQueries.history(of: person, on: api.db).first(where: { $0.rate.id == id }) else {
            throw APIProblem.notFound
        }
        return .init(id: id.lowercasedString, effectiveFrom: entry.rate.effectiveFrom.iso,
                     hourly: .init(amountMinor: entry.rate.amountMinor, currency: entry.rate.currency), correctedOn: entry.correctedAt)
    }

    func setPersonRate(_ input: Operations.SetPersonRate.Input) async throws -> Operations.SetPersonRate.Output {
        let person = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let entry = try await APIContext.run(readOnly: false) { api in
            try api.require(.setPersonRate)
            guard try await PeopleQueries.person(person, on: api.db) != nil else { throw APIProblem.notFound }
            let (amount, day) = try Self.parse(body, t: api.t)
            switch try await RateActions.set(amount, from: day, for: person, api.action) {
            case .success(let id): return try await Self.entry(id, of: person, api)
            case .failure(let refusal): throw Self.rateRefused(refusal, api)
            }
        }
        return .created(.init(body: .json(entry)))
    }

    func changePersonRate(_ input: Operations.ChangePersonRate.Input) async throws -> Operations.ChangePersonRate.Output {
        let person = try APIInput.pathID(input.path.personId), id = try APIInput.pathID(input.path.rateId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let entry = try await APIContext.run(readOnly: false) { api in
            try api.require(.changePersonRate)
            _ = try await Self.personRate(person, id, api)
            let (amount, day) = try Self.parse(body, t: api.t)
            if case .failure(let refusal) = try await RateActions.change(id, of: person, to: amount, from: day, typoFix: body.typoFix == true,
                                                                         api.action) {
                throw Self.rateRefused(refusal, api)
            }
            return try await Self.entry(id, of: person, api)
        }
        return .ok(.init(body: .json(entry)))
    }

    func deletePersonRate(_ input: Operations.DeletePersonRate.Input) async throws -> Operations.DeletePersonRate.Output {
        let person = try APIInput.pathID(input.path.personId), id = try APIInput.pathID(input.path.rateId)
        try await APIContext.run(readOnly: false) { api in
            try api.require(.deletePersonRate)
            guard try await RateActions.delete(id, of: person, api.action) else {
                throw APIProblem(.conflict, "rate-not-deletable", detailKey: "flash.rateNotDeletable")
            }
        }
        return .noContent(.init())
    }
}

extension RosterAPI {
    func listRateIncreases(_ input: Operations.ListRateIncreases.Input) async throws -> Operations.ListRateIncreases.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listRateIncreases)
            let query = input.query, t = api.t
            let window = try APIInput.window(limit: query.limit, offset: query.offset, t: t)
            let filter = RateIncreaseFilter(teamID: try APIInput.id(query.team, field: "team", t: t),
                                            month: try APIInput.month(query.month, field: "month", t: t))
            let read = RateIncreasesRead(filter: filter, limit: window.limit, offset: window.offset, counting: true, now: api.now)
            let found = try await api.read(read)
            let (rows, total) = (found.rows, found.total)
            return Components.Schemas.RateIncreasesPage(
                items: rows.map {
                    .init(personId: $0.userID.lowercasedString, firstName: $0.firstName, lastName: $0.lastName, team: $0.teamName,
                          current: .init($0.current), previousMinor: $0.previousMinor, increaseMinor: $0.increaseMinor,
                          increaseBasisPoints: $0.increaseBasisPoints)
                },
                total: total ?? 0, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    func getAverageIncrease(_ input: Operations.GetAverageIncrease.Input) async throws -> Operations.GetAverageIncrease.Output {
        let report = try await APIContext.run(readOnly: true) { api in
            try api.require(.getAverageIncrease)
            let month = try APIInput.month(input.query.month, field: "month", t: api.t) ?? Month(api.today)
            let summaries = try await RateReportQueries.monthlySummaries(
                from: month.adding(months: -(AverageIncreasePage.comparedMonths - 1)), to: month, currency: api.tenant.currency,
                on: api.db)
            return Components.Schemas.AverageIncrease(currency: api.tenant.currency, months: summaries.map {
                .init(month: $0.month.iso, employees: $0.employees, totalIncreaseMinor: $0.totalIncreaseMinor,
                      totalPreviousMinor: $0.totalPreviousMinor, meanIncreaseMinor: $0.meanIncreaseMinor,
                      increaseBasisPoints: $0.increaseBasisPoints)
            })
        }
        return .ok(.init(body: .json(report)))
    }
}
