import Vapor

/// Every state-changing request must carry the CSRF token of the page it came from: the
/// session's token when signed in, otherwise the one of the `roster_csrf` cookie.
struct CSRFMiddleware: AsyncMiddleware {
    static let cookieName = "roster_csrf"
    static let fieldName = "_csrf"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let cookieToken = request.sentCookies[Self.cookieName].flatMap { SecretToken(parsing: $0.string) }?.value
        let expected = request.browserSession?.csrfToken ?? cookieToken
        switch request.method {
        case .GET, .HEAD, .OPTIONS:
            break
        case _ where request.route?.userInfo[RouteOption.signedAddress] as? Bool == true:
            break
        default:
            // The body was collected and its type checked before (`RequestBodyMiddleware`); a
            // file route's multipart form was parsed once by the tenant middleware, and only a
            // file route's token is read from multipart.
            let sent = request.headers.first(name: "X-CSRF-Token")
                ?? (request.routeBody == .multipart
                    ? request.multipartForm?.field(Self.fieldName)
                    : request.formField(Self.fieldName))
            guard let expected, let sent, constantTimeEquals(expected, sent) else {
                throw Abort(.forbidden, identifier: "csrf")
            }
        }
        var newCookie: String?
        if let expected {
            request.csrfToken = expected
        } else {
            newCookie = SecretToken().value
            request.csrfToken = newCookie!
        }
        let response = try await next.respond(to: request)
        if let newCookie {
            response.cookies[Self.cookieName] = request.cookie(newCookie, maxAge: nil)
        }
        return response
    }
}

extension Request {
    /// A field of the url-encoded form body (nil for any other body).
    func formField(_ name: String) -> String? {
        guard headers.contentType == .urlEncodedForm, body.data != nil else { return nil }
        return try? content.get(String.self, at: name)
    }
}
