import Vapor

/// The application's middleware and the route's handler in one task, started on the event loop
/// that read the request.
///
/// Vapor would run the global layers (an `AsyncMiddleware`) in a task on the concurrency pool and
/// the route's handler in a second one, each begun, resumed and finished by a hand-off between an
/// event loop and a pool thread. Here the layers run in a task whose jobs the request's own loop
/// runs (`EventLoopTaskExecutor`), and the route's async handler is awaited in that task, not
/// started as another. A light page (`RouteOption.onConnectionLoop`) stays on the loops: on the
/// request's until it holds a connection, then on the connection's (`TenantMiddleware`). Any
/// other route's handler runs on the concurrency pool, as before, so a page that computes for
/// long (an export, the review desk) never holds an event loop (docs/ARCHITECTURE.md, "Page speed").
struct RequestTaskMiddleware: Middleware {
    let chain: MiddlewareChain

    init(_ layers: [any AsyncMiddleware]) {
        chain = MiddlewareChain(layers)
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let promise = request.eventLoop.makePromise(of: Response.self)
        let chain = self.chain, route = RouteResponder(next: next)
        Task(executorPreference: EventLoopTaskExecutor(request.eventLoop)) {
            do {
                promise.succeed(try await chain.respond(to: request, chainingTo: route))
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }
}

/// The route's responder (Vapor hands the global middleware the matched route's own responder,
/// or its "not found"), awaited in the request's task.
private struct RouteResponder: AsyncResponder {
    let next: any Responder

    func respond(to request: Request) async throws -> Response {
        guard request.route?.userInfo[RouteOption.onConnectionLoop] != nil else {
            return try await withTaskExecutorPreference(globalConcurrentExecutor) { try await call(request) }
        }
        return try await call(request)
    }

    private func call(_ request: Request) async throws -> Response {
        if let next = next as? any AsyncResponder { return try await next.respond(to: request) }
        return try await next.respond(to: request).get()
    }
}
