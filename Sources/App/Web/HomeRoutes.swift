import Vapor

/// The page everyone lands on after signing in (`HomePage`).
struct HomeRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.home, use: home)
    }

    func home(_ request: Request) async throws -> HomePage {
        try request.require(.viewHome)
        let t = request.translator, user = try request.user
        let agenda = try await HomeAgenda.read(for: user, today: try request.today, on: try request.db)
        return HomePage(
            layout: Layout(request: request, title: t("nav.home")), slug: try request.tenant.slug, user: user, agenda: agenda, t: t)
    }
}
