import Vapor

/// Headers every response carries, error pages included.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        let headers: [(HTTPHeaders.Name, String)] = [
            (.contentSecurityPolicy, Self.contentSecurityPolicy),
            (.xContentTypeOptions, "nosniff"),
            (.xFrameOptions, "DENY"),
            (HTTPHeaders.Name("Referrer-Policy"), "no-referrer"),
            (HTTPHeaders.Name("Cross-Origin-Opener-Policy"), "same-origin"),
        ]
        for (name, value) in headers where !response.headers.contains(name: name) {
            response.headers.replaceOrAdd(name: name, value: value)
        }
        // Pages can hold personal data: never keep them in shared caches.
        if !response.headers.contains(name: .cacheControl) {
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        }
        return response
    }
}
