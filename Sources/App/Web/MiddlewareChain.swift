import Vapor

/// Middleware run as plain async calls inside one task.
///
/// Vapor runs each `AsyncMiddleware` of `app.middleware` or of `grouped(_:)` in a task of its own
/// and waits for the next layer's future: with nine layers a page was ten tasks, each handed
/// between the event loop and the concurrency pool twice, which cost more than the page's own
/// work (docs/PERFORMANCE.md, "What keeps a page fast"). A chain calls each layer's `respond(to:chainingTo:)`
/// directly, the first layer outermost, as `grouped(_:)` would.
struct MiddlewareChain: AsyncMiddleware {
    let layers: [any AsyncMiddleware]

    init(_ layers: [any AsyncMiddleware]) {
        self.layers = layers
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await respond(to: request, from: 0, then: next)
    }

    fileprivate func respond(to request: Request, from index: Int, then next: any AsyncResponder) async throws -> Response {
        guard index < layers.count else { return try await next.respond(to: request) }
        return try await layers[index].respond(to: request, chainingTo: Rest(chain: self, index: index + 1, next: next))
    }
}

/// The layers after `index`, then `next`.
private struct Rest: AsyncResponder {
    let chain: MiddlewareChain
    let index: Int
    let next: any AsyncResponder

    func respond(to request: Request) async throws -> Response {
        try await chain.respond(to: request, from: index, then: next)
    }
}

/// Routes whose handlers run behind a chain of middleware in the handler's own task.
struct ChainedRoutes: RoutesBuilder {
    let base: any RoutesBuilder
    let chain: MiddlewareChain

    func add(_ route: Route) {
        let handler = Self.async(route.responder)
        let chain = self.chain
        route.responder = AsyncBasicResponder { request in
            try await chain.respond(to: request, chainingTo: handler)
        }
        base.add(route)
    }

    /// A route's responder as an async call: an async handler (or an inner chain) directly, any
    /// other through its future.
    private static func async(_ responder: any Responder) -> any AsyncResponder {
        if let responder = responder as? any AsyncResponder { return responder }
        return AsyncBasicResponder { request in try await responder.respond(to: request).get() }
    }
}

extension RoutesBuilder {
    /// Like `grouped(_:)`, but the middleware runs in the handler's task (`MiddlewareChain`).
    func chained(_ layers: any AsyncMiddleware...) -> ChainedRoutes {
        ChainedRoutes(base: self, chain: MiddlewareChain(layers))
    }
}
