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
        filter.ledBy = ledBy
        return filter
    }

    private func list(_ request: Request, ledBy: UUID?, path: String, heading: String) async throws -> View {
        let tenant = try request.tenant
        let query = (try? request.query.decode(Query.self)) ?? Query()
        let filter = Self.filter(from: query, ledBy: ledBy)
        let db = try request.db
        let today = try request.today
        let page = try await PeopleQueries.list(filter, page: PageRequest(number: query.page, size: PeopleQueries.pageSize),
                                                today: today, on: db)
        let links = page.links { url(page: $0) }
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
                    phone: row.phone ?? "—", phoneHref: row.phone.map(PersonPage.telephoneLink),
                    team: row.teamName ?? "—",
                    contract: row.contractKind.map { request.translate("contract.\($0.rawValue)") } ?? "—",
                    inactive: !row.active)
            },
            empty: page.rows.isEmpty
                ? request.translate(filtered ? "people.empty.filtered" : (ledBy == nil ? "people.empty" : "people.empty.team"))
                : nil,
            previousURL: links.previousURL,
            nextURL: links.nextURL,
            pageLabel: request.translate("people.page", String(page.number))))
    }

    func profile(_ request: Request) async throws -> View {
        try await PersonPage.render(request, id: try request.idParameter())
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
