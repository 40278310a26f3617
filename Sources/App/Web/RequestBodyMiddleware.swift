import Vapor

/// The first look at every request's input, before a database connection is taken or a body
/// decoded anywhere:
/// - a query string or form field holding U+0000 is refused with 422, naming the field
///   (PostgreSQL cannot store it in text), and so is a JSON body holding it (`\u0000`); so is one
///   holding a direction override or another control character (`FormText.isHidden`), which
///   can make a name or a file name look like another (a multipart form's fields and file names
///   are checked as they are parsed);
/// - a body's Content-Type must be well formed (a multipart boundary of 1–70 RFC 2046
///   characters; else 400) and the kind the route takes (`RouteBody`; else 415);
/// - a form's or a JSON body is collected here, within the route's size limit (413) and a deadline (408),
///   so a slow client never holds a pooled connection. A file route's body is collected later,
///   by the tenant middleware once the sender is known to be signed in.
struct RequestBodyMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let query = request.url.query {
            if let field = FormText.fieldWithNUL(urlEncoded: query) { throw RequestProblem.nulCharacter(field: field) }
            if let field = FormText.fieldWithHidden(urlEncoded: query) { throw RequestProblem.hiddenCharacter(field: field) }
        }
        switch request.method {
        case .GET, .HEAD, .OPTIONS:
            return try await next.respond(to: request)
        default:
            break
        }
        // No route takes this request (a 404 or 405 follows): its body is never read.
        guard request.route != nil else { return try await next.respond(to: request) }
        let types = request.headers[.contentType]
        guard types.count <= 1 else { throw Abort(.badRequest) }
        var contentType: BodyContentType?
        if let header = types.first {
            do {
                contentType = try BodyContentType(header: header)
            } catch {
                throw Abort(error == .malformed ? .badRequest : .unsupportedMediaType)
            }
        }
        switch (request.routeBody, contentType) {
        case (.form, .urlEncodedForm?), (.form, nil):
            try await request.collectBody()
            if let body = request.body.data, body.readableBytes > 0 {
                guard contentType != nil else { throw Abort(.unsupportedMediaType) }
                let text = String(decoding: body.readableBytesView, as: UTF8.self)
                if let field = FormText.fieldWithNUL(urlEncoded: text) { throw RequestProblem.nulCharacter(field: field) }
                if let field = FormText.fieldWithHidden(urlEncoded: text) { throw RequestProblem.hiddenCharacter(field: field) }
            }
        case (.json, .json?), (.json, nil):
            try await request.collectBody()
            if let body = request.body.data, body.readableBytes > 0 {
                guard contentType != nil else { throw Abort(.unsupportedMediaType) }
                if FormText.jsonContainsNUL(body.readableBytesView) { throw RequestProblem.nulCharacter(field: "body") }
                if let field = FormText.jsonFieldWithHidden(Data(buffer: body)) { throw RequestProblem.hiddenCharacter(field: field) }
            }
        case (.form, .multipartForm?) where request.route?.userInfo[RouteOption.signedAddress] as? Bool == true:
            // A mail program may send its one-click unsubscribe (RFC 8058) as multipart/form-data:
            // the body is collected within the form's limit and deadline, and not used.
            try await request.collectBody()
        case (.multipart, .multipartForm?):
            // Refuse a declared size beyond the limit before anything else happens.
            if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > request.maxBodyBytes {
                throw Abort(.payloadTooLarge)
            }
        default:
            throw Abort(.unsupportedMediaType)
        }
        return try await next.respond(to: request)
    }
}
