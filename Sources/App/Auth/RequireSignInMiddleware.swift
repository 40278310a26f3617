import Vapor

/// Pages behind it need a signed-in, active user; a visitor is sent to the sign-in page.
struct RequireSignInMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.currentUser != nil else {
            if request.method == .GET || request.method == .HEAD {
                return request.redirect(to: Paths.login(try request.tenant.slug))
            }
            throw Abort(.unauthorized)
        }
        return try await next.respond(to: request)
    }
}
