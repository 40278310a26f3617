import Vapor

/// The admin's directory, a leader's "My team", profiles, deactivation.
struct PeopleRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let directory = routes.get(Paths.people, use: directory)
        directory.userInfo[RouteOption.onConnectionLoop] = true
        directory.userInfo[RouteOption.pageRead] = PageReadOption { Self.read(of: $0, ledByViewer: false) }
        let myTeam = routes.get(Paths.myTeam, use: myTeam)
        myTeam.userInfo[RouteOption.onConnectionLoop] = true
        myTeam.userInfo[RouteOption.pageRead] = PageReadOption { Self.read(of: $0, ledByViewer: true) }
        routes.get(Paths.profile, use: ownProfile)
        routes.get(Paths.person, use: profile)
        routes.post(Paths.deactivate) { try await setActive(false, $0) }
        routes.post(Paths.reactivate) { try await setActive(true, $0) }
    }

    struct Query: Sendable {
        var q: String?
        var team: String?
        var kind: String?
        var status: String?
        var page: Int?
    }

    /// The directory's filter and page from the query string (`QueryText`).
    static func query(of request: Request) -> Query {
        Query(q: request.queryText("q"), team: request.queryText("team"), kind: request.queryText("kind"),
              status: request.queryText("status"), page: request.queryInt("page"))
    }

    func directory(_ request: Request) async throws -> PeopleListPage {
        try request.require(.listPeople)
        return try await list(request, ledByViewer: false, path: Paths.people(try request.tenant.slug), heading: "nav.people")
    }

    func myTeam(_ request: Request) async throws -> PeopleListPage {
        try request.require(.viewOwnTeam, .oneself)
        return try await list(request, ledByViewer: true, path: Paths.myTeam(try request.tenant.slug), heading: "nav.team")
    }

    func ownProfile(_ request: Request) async throws -> Response {
        request.redirect(to: Paths.person(try request.tenant.slug, try request.user.id))
    }

    /// Reads the filter from the query string; anything unrecognised is ignored, not an error.
    static func filter(from query: Query, ledByViewer: Bool) -> PeopleFilter {
        var filter = PeopleFilter()
        filter.search = String((query.q ?? "").trimmingWhitespace().prefix(100))
        filter.teamID = query.team.flatMap(UUID.init(uuidString:))
        filter.kind = query.kind.flatMap(ContractKind.init(rawValue:))
        filter.active = switch query.status {
        case "inactive": false
        case "all": nil
        default: true
        }
        filter.ledByViewer = ledByViewer
        return filter
    }

    /// The page's read (`DirectoryRead`) of the address's filter and page.
    private static func read(of request: Request, ledByViewer: Bool) -> DirectoryRead {
        let query = query(of: request)
        return DirectoryRead(filter(from: query, ledByViewer: ledByViewer),
                             page: PageRequest(number: query.page, size: PeopleQueries.pageSize),
                             now: request.application.settings.clock.now)
    }

    private func list(_ request: Request, ledByViewer: Bool, path: String, heading: String) async throws -> PeopleListPage {
        let tenant = try request.tenant
        let query = Self.query(of: request)
        let filter = Self.filter(from: query, ledByViewer: ledByViewer)
        let page = PageRequest(number: query.page, size: PeopleQueries.pageSize).page(fetched: try request.page(DirectoryRead.self).rows)
        let teams = ledByViewer ? [] : try await request.teamNames()
        let t = request.translator
        let mayAdd = try !ledByViewer && Permissions.can(request.user, .manageEmployees, .company)
        return PeopleListPage(
            layout: Layout(request: request, title: t(heading)), slug: tenant.slug, path: path, headingKey: heading,
            newURL: mayAdd ? Paths.newPerson(tenant.slug) : nil, filter: filter, page: page, teams: teams, t: t)
    }

    func profile(_ request: Request) async throws -> PersonPage {
        try await PersonPage.render(request, id: try request.idParameter())
    }

    func setActive(_ active: Bool, _ request: Request) async throws -> Response {
        try request.require(.manageEmployees)
        let tenant = try request.tenant
        let id = try request.idParameter()
        guard let person = try await PeopleQueries.person(id, on: try request.db)
        else { throw Abort(.notFound) }
        if !active, !request.isConfirmed {
            return try await request.confirmationStep(ConfirmQuestion(
                question: request.translate("confirm.deactivate", person.user.displayName), confirm: request.translate("confirm.deactivateButton"),
                cancelURL: Paths.person(tenant.slug, id)))
        }
        guard try await PersonActions.setActive(active, id, try request.actionContext) else {
            return request.redirect(to: Paths.person(tenant.slug, id), flash: Flash(.error, "flash.lastAdmin"))
        }
        return request.redirect(to: Paths.person(tenant.slug, id),
                                flash: Flash(.success, active ? "flash.reactivated" : "flash.deactivated"))
    }
}
