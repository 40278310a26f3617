import Vapor

/// Turns every error into an HTML page in the visitor's language; details only in development.
/// Under `/api/` an error is a problem document instead (`APIProblem`), whichever layer threw it.
struct ErrorPageMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            if APIErrors.isAPIPath(request.url.path) { return APIErrors.response(for: error, request: request) }
            return await page(for: error, request: request)
        }
    }

    private func page(for error: any Error, request: Request) async -> Response {
        // A database that does not answer (or a connection lost on the way) is a 503 with
        // Retry-After, whichever layer noticed it.
        let error = DatabaseUnavailable.from(error) ?? error
        let status = (error as? any AbortError)?.status ?? .internalServerError
        if error is DatabaseUnavailable {
            request.logger.warning("\(error)")
        } else if status.code >= 500 {
            request.logger.report(error: error)
        }
        let known: Set<UInt> = [400, 401, 403, 404, 405, 413, 422, 500, 503]
        let code = known.contains(status.code) ? status.code : (status.code >= 500 ? 500 : 400)
        let isCSRF = (error as? Abort)?.identifier == "csrf"
        let key = isCSRF ? "error.csrf" : error is DatabaseUnavailable ? "error.database" : "error.\(code)"
        let detail: String? = request.application.settings.showErrorDetails && status.code >= 500 ? String(reflecting: error) : nil
        let view = ErrorPage(
            layout: Layout(request: request, title: request.translate("\(key).title")),
            code: status.code,
            heading: request.translate("\(key).title"),
            message: (error as? RequestProblem).map { request.application.translations.text($0.messageKey, request.language, $0.arguments) }
                ?? request.translate("\(key).message"),
            detail: detail,
            homeURL: (try? request.tenant).map { Paths.home($0.slug) } ?? "/",
            requestID: request.requestID,
            t: request.translator
        )
        do {
            let response = try await view.encodeResponse(status: status, for: request)
            if let abort = error as? any AbortError {
                for header in abort.headers where header.name.lowercased() != "content-type" {
                    response.headers.replaceOrAdd(name: header.name, value: header.value)
                }
            }
            return response
        } catch {
            request.logger.report(error: error)
            let response = Response(status: status, body: .init(string: "\(status.code) \(status.reasonPhrase)"))
            response.headers.contentType = .plainText
            return response
        }
    }
}
