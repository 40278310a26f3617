import Vapor

/// The admin's directory, a leader's "My team", profiles, deactivation.
struct PeopleRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.people, use: directory)
        routes.get(Paths.myTeam, use: myTeam)
        routes.get(Paths.profile, use: ownProfile)
        routes.get(Paths.person, use: profile)
        routes.post(Paths.deactivate) { try await setActive(false, $0) }
        routes.post(Paths.reactivate) { try await setActive(true, $0) }
    }

    struct Query: Content {
        var q: String?
        var team: String?
        var kind: String?
        var status: String?
        var page: Int?
    }

    struct Row: Encodable {
        let name: String
        let href: String
        let position: String
        let email: String
        let phone: String
        /// A `tel:` link, so a phone calls the number with a tap.
        let phoneHref: String?
        let team: String
        let contract: String
        let inactive: Bool
    }

    struct ListPage: Encodable {
        let layout: Layout
        let heading: String
        let newURL: String?
        let action: String
        let search: String
        let showFilters: Bool
        let teams: [SelectOption]
        let kinds: [SelectOption]
        let statuses: [SelectOption]
        let rows: [Row]
        let empty: String?
        let previousURL: String?
        let nextURL: String?
        let pageLabel: String
    }

    func directory(_ request: Request) async throws -> View {
        try request.require(.listPeople)
        return try await list(request, ledBy: nil, path: Paths.people(try request.tenant.slug), heading: "nav.people")
    }

    func myTeam(_ request: Request) async throws -> View {
        let user = try request.user
        try request.require(.viewOwnTeam, .oneself)
        return try await list(request, ledBy: user.id, path: Paths.myTeam(try request.tenant.slug), heading: "nav.team")
    }

    func ownProfile(_ request: Request) async throws -> Response {
        request.redirect(to: Paths.person(try request.tenant.slug, try request.user.id))
    }

    static func telephoneLink(_ phone: String) -> String {
        "tel:" + phone.replacingOccurrences(of: " ", with: "")
    }

    /// Reads the filter from the query string; anything unrecognised is ignored, not an error.
    static func filter(from query: Query, ledBy: UUID?) -> PeopleFilter {
        var filter = PeopleFilter()
        filter.search = String((query.q ?? "").trimmingWhitespace().prefix(100))
        filter.teamID = query.team.flatMap(UUID.init(uuidString:))
        filter.kind = query.kind.flatMap(ContractKind.init(rawValue:))
        filter.active = switch query.status {
        case "inactive": false
        case "all": nil
        default: true
        }
        filter.page = min(max(query.page ?? 1, 1), 10_000)
        filter.ledBy = ledBy
        return filter
    }

    private func list(_ request: Request, ledBy: UUID?, path: String, heading: String) async throws -> View {
        let tenant = try request.tenant
        let query = (try? request.query.decode(Query.self)) ?? Query()
        let filter = Self.filter(from: query, ledBy: ledBy)
        let db = try request.db
        let today = try request.today
        let page = try await PeopleQueries.list(filter, today: today, on: db)
        let teams = ledBy == nil ? try await TeamQueries.names(on: db) : []

        func url(page number: Int) -> String {
            var items = [URLQueryItem]()
            if !filter.search.isEmpty { items.append(.init(name: "q", value: filter.search)) }
            if let team = filter.teamID { items.append(.init(name: "team", value: team.uuidString.lowercased())) }
            if let kind = filter.kind { items.append(.init(name: "kind", value: kind.rawValue)) }
            if let status = query.status, status == "inactive" || status == "all" { items.append(.init(name: "status", value: status)) }
            if number > 1 { items.append(.init(name: "page", value: String(number))) }
            var components = URLComponents()
            components.path = path
            components.queryItems = items.isEmpty ? nil : items
            return components.string ?? path
        }

        let filtered = !filter.search.isEmpty || filter.teamID != nil || filter.kind != nil || filter.active != true
        return try await request.view.render("people", ListPage(
            layout: Layout(request: request, title: request.translate(heading)),
            heading: request.translate(heading),
            newURL: ledBy == nil && Permissions.can(try request.user, .manageEmployees, .company) ? Paths.newPerson(tenant.slug) : nil,
            action: path,
            search: filter.search,
            showFilters: ledBy == nil,
            teams: teams.map { SelectOption(value: $0.id.uuidString.lowercased(), label: $0.name, selected: $0.id == filter.teamID) },
            kinds: ContractKind.allCases.map {
                SelectOption(value: $0.rawValue, label: request.translate("contract.\($0.rawValue)"), selected: $0 == filter.kind)
            },
            statuses: [("active", true), ("inactive", false)].map { code, active in
                SelectOption(value: code, label: request.translate("people.status.\(code)"), selected: filter.active == active)
            } + [SelectOption(value: "all", label: request.translate("people.status.all"), selected: filter.active == nil)],
            rows: page.rows.map { row in
                Row(name: [row.lastName, row.firstName].joined(separator: " ") + (row.title.isEmpty ? "" : ", \(row.title)"),
                    href: Paths.person(tenant.slug, row.id), position: row.position, email: row.email,
                    phone: row.phone ?? "—", phoneHref: row.phone.map(Self.telephoneLink),
                    team: row.teamName ?? "—",
                    contract: row.contractKind.map { request.translate("contract.\($0.rawValue)") } ?? "—",
                    inactive: !row.active)
            },
            empty: page.rows.isEmpty
                ? request.translate(filtered ? "people.empty.filtered" : (ledBy == nil ? "people.empty" : "people.empty.team"))
                : nil,
            previousURL: filter.page > 1 ? url(page: filter.page - 1) : nil,
            nextURL: page.hasNext ? url(page: filter.page + 1) : nil,
            pageLabel: request.translate("people.page", String(filter.page))))
    }

    struct Field: Encodable {
        let label: String
        let value: String
        let href: String?
    }

    struct ContractView: Encodable {
        let kind: String
        let period: String
        let capacity: String
        let current: Bool
    }

    struct AuditView: Encodable {
        let at: String
        let text: String
    }

    struct ProfilePage: Encodable {
        let layout: Layout
        let name: String
        let inactive: Bool
        let fields: [Field]
        let contracts: [ContractView]
        let rate: String?
        let rates: ProfileRatesSection?
        let audit: [AuditView]?
        let contractForm: ContractFormView?
        let editURL: String?
        let deactivateURL: String?
        let reactivateURL: String?
    }

    func profile(_ request: Request) async throws -> View {
        let id = try request.idParameter()
        return try await renderProfile(request, id: id, contractForm: nil, contractError: nil)
    }

    struct ContractFormView: Encodable {
        let action: String
        let kinds: [SelectOption]
        let validFrom: String
        let validTo: String
        let capacity: String
        let endCurrent: Bool
        let error: String?
    }

    /// The profile as the viewer may see it; with a refused contract form shown again.
    func renderProfile(
        _ request: Request, id: UUID, contractForm: ContractRoutes.Form?, contractError: String?,
        rateForm: RateForm? = nil, rateProblems: [String: String] = [:]
    ) async throws -> View {
        let viewer = try request.user
        let tenant = try request.tenant
        let db = try request.db
        guard let person = try await PeopleQueries.person(id, on: db),
              let access = Permissions.profileAccess(viewer, of: person.subject)
        else { throw Abort(.notFound) }
        let today = try request.today
        // Admins get the whole history in the rates section; others at most today's rate.
        let history = access.managesRates
            ? try await RateQueries.history(of: id, on: db)
            : nil
        let rate = history == nil && access.seesRate
            ? try await RateQueries.current(of: id, on: today, on: db)
            : nil
        let ratesPage = (try? request.query.get(Int.self, at: "ratesPage")) ?? 1
        let audit = access.canEdit
            ? try await AuditQueries.recent(subject: id, on: db)
            : nil
        let current = ContractHistory.current(person.contracts, on: today)
        let user = person.user
        var fields: [Field] = [
            Field(label: request.translate("person.email"), value: user.email, href: "mailto:" + user.email),
            Field(label: request.translate("person.phone"), value: person.phone ?? "—",
                  href: person.phone.map(Self.telephoneLink)),
            Field(label: request.translate("person.position"), value: person.position.isEmpty ? "—" : person.position, href: nil),
            Field(label: request.translate("person.team"), value: person.teamName ?? "—", href: nil),
            Field(label: request.translate("person.roles"),
                  value: user.roles.sorted().map { request.translate("role.\($0.rawValue)") }.joined(separator: ", "), href: nil),
        ]
        if let personal = person.personalEmail {
            fields.insert(Field(label: request.translate("person.personalEmail"), value: personal, href: "mailto:" + personal), at: 1)
        }
        let isSelf = viewer.id == id
        return try await request.view.render("person", ProfilePage(
            layout: Layout(request: request, title: user.displayName),
            name: user.displayName,
            inactive: !user.active,
            fields: fields,
            contracts: person.contracts.map { contract in
                ContractView(
                    kind: request.translate("contract.\(contract.kind.rawValue)"),
                    period: contract.validFrom.iso + " – " + (contract.validTo?.iso ?? request.translate("contract.openEnded")),
                    capacity: request.translate("contract.capacity", ContractHistory.formatCapacity(contract.capacityTenths)),
                    current: contract == current)
            },
            rate: rate.map { request.translate("rate.perHour", Money.format(minor: $0.amountMinor, currency: $0.currency, language: request.language)) },
            rates: try history.map {
                try ProfileRatesSection(request: request, person: id, history: $0, page: ratesPage, form: rateForm,
                                        problems: rateProblems, today: today)
            },
            audit: audit?.map { AuditView(at: $0.at, text: request.translate("audit.\($0.action)", $0.actorName ?? "Roster")) },
            contractForm: access.canEdit ? ContractFormView(
                action: Paths.addContract(tenant.slug, id),
                kinds: ContractKind.allCases.map {
                    SelectOption(value: $0.rawValue, label: request.translate("contract.\($0.rawValue)"),
                                 selected: $0.rawValue == (contractForm?.kind ?? current?.kind.rawValue ?? ContractKind.ico.rawValue))
                },
                validFrom: contractForm?.validFrom ?? Month(today).first.adding(days: 31).iso.prefix(8) + "01",
                validTo: contractForm?.validTo ?? "",
                capacity: contractForm?.capacity ?? current.map { ContractHistory.formatCapacity($0.capacityTenths) } ?? "40",
                endCurrent: contractForm.map { $0.endCurrent != nil } ?? true,
                error: contractError.map { request.translate($0) }) : nil,
            editURL: access.canEdit ? Paths.editPerson(tenant.slug, id) : nil,
            deactivateURL: access.canEdit && user.active && !isSelf ? Paths.deactivate(tenant.slug, id) : nil,
            reactivateURL: access.canEdit && !user.active ? Paths.reactivate(tenant.slug, id) : nil))
    }

    func setActive(_ active: Bool, _ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let actor = try request.user
        let tenant = try request.tenant
        let id = try request.idParameter()
        guard try await PeopleQueries.person(id, on: try request.db) != nil
        else { throw Abort(.notFound) }
        do {
            try await PeopleMutations.setActive(active, user: id, actor: actor.id, on: try request.db)
        } catch PeopleMutations.Refusal.lastAdmin {
            return request.redirect(to: Paths.person(tenant.slug, id), flash: Flash(.error, "flash.lastAdmin"))
        }
        return request.redirect(to: Paths.person(tenant.slug, id),
                                flash: Flash(.success, active ? "flash.reactivated" : "flash.deactivated"))
    }
}
