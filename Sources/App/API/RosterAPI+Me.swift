import Foundation

extension RosterAPI {
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let me = try await APIContext.run(readOnly: true) { api in
            try api.require(.getMe)
            let user = api.user, tenant = api.tenant
            var rates: [Rate] = []
            if Permissions.can(user, .viewRate, .oneself) {
                rates = try await RateQueries.history(of: user.id, on: api.db).map(\.rate)
            }
            let today = api.today
            return Components.Schemas.Me(
                id: user.id.lowercasedString, email: user.email, firstName: user.firstName, lastName: user.lastName,
                title: user.title, displayName: user.displayName,
                language: user.preferredLanguage.map { $0 == .cs ? .cs : .en },
                roles: user.roles.sorted().map(Components.Schemas.Role.init),
                company: .init(slug: tenant.slug, name: tenant.name, currency: tenant.currency, timeZone: tenant.timeZone),
                currentRate: RateHistory.inEffect(rates, on: today).map(Components.Schemas.Rate.init),
                upcomingRate: RateHistory.upcoming(rates, after: today).map(Components.Schemas.Rate.init))
        }
        return .ok(.init(body: .json(me)))
    }
}

extension RosterAPI {
    func getMyMailPreferences(_ input: Operations.GetMyMailPreferences.Input) async throws -> Operations.GetMyMailPreferences.Output {
        let wanted = try await APIContext.run(readOnly: true) { api in
            try api.require(.getMyMailPreferences)
            return try await MailPreferenceQueries.wanted(by: api.user.id, on: api.db).filter { $0.isOffered(to: api.user) }
        }
        return .ok(.init(body: .json(Self.mailPreferences(wanted))))
    }

    func setMyMailPreferences(_ input: Operations.SetMyMailPreferences.Input) async throws -> Operations.SetMyMailPreferences.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let wanted = try await APIContext.run(readOnly: false) { api in
            try api.require(.setMyMailPreferences)
            // The document says each kind once (uniqueItems).
            guard Set(body.wanted).count == body.wanted.count else {
                throw APIProblem.invalid([.init(field: "wanted", message: api.t("api.field.wanted"))])
            }
            let kinds = Set(body.wanted.compactMap { MailKind(rawValue: $0.rawValue) })
            try await MailPreferenceQueries.set(kinds, for: api.user, on: api.db)
            return try await MailPreferenceQueries.wanted(by: api.user.id, on: api.db).filter { $0.isOffered(to: api.user) }
        }
        return .ok(.init(body: .json(Self.mailPreferences(wanted))))
    }

    static func mailPreferences(_ wanted: Set<MailKind>) -> Components.Schemas.MailPreferences {
        .init(wanted: MailKind.allCases.filter(wanted.contains).compactMap { Components.Schemas.MailKind(rawValue: $0.rawValue) })
    }
}
