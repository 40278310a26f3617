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
        // Pages and API answers can hold personal data: never cache them. Static files may be.
        if !response.headers.contains(name: .cacheControl) {
            let type = response.headers.contentType
            let isStatic = type == .css || type?.subType == "javascript" || type?.type == "image" || type?.type == "font"
            response.headers.replaceOrAdd(name: .cacheControl, value: isStatic ? "public, max-age=3600" : "no-store")
        }
        return response
    }
}
