import Vapor

/// What a route can ask of the tenant middlewares, through `Route.userInfo`.
enum RouteOption {
    /// A GET that must write (the identity provider's return, which signs in).
    static let writesOnGet = "writesOnGet"
    /// The most bytes of body the route takes (an `Int`), instead of the application's default.
    static let maxBodyBytes = "maxBodyBytes"
    /// The route opens its own transactions: the request holds no connection while its body
    /// arrives or while the handler waits on something slow (a PDF inspection).
    static let ownTransactions = "ownTransactions"
}

extension Request {
    var maxBodyBytes: Int {
        (route?.userInfo[RouteOption.maxBodyBytes] as? Int) ?? application.routes.defaultMaxBodySize.value
    }

    /// Collects the body within the route's limit (413 beyond it), once.
    func collectBody() async throws {
        if let data = body.data {
            // Already whole (a request built in memory): the limit still holds.
            guard data.readableBytes <= maxBodyBytes else { throw Abort(.payloadTooLarge) }
        } else {
            _ = try await body.collect(max: maxBodyBytes).get()
        }
    }
}
