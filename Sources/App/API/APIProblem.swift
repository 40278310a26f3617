import Foundation
import OpenAPIRuntime
import Vapor

/// A refusal or an error of the API, answered as a problem document (RFC 9457) in the caller's
/// language: `type` is a stable address per kind of refusal (`/api/v1/problems/<kind>`), `title`
/// and `detail` come from `Localization/` (`api.problem.<kind>.title` and `.detail`, or a
/// message the web pages share, e.g. an upload refusal's).
struct APIProblem: Error, Sendable {
    let status: HTTPResponseStatus
    /// The last segment of `type`: "stale", "not-found", "upload-not-pdf"…
    let kind: String
    /// The key of the detail text and its arguments; nil for the kind's own detail.
    var detailKey: String?
    var detailArguments: [String] = []
    /// A detail that is not translated (what the OpenAPI runtime said of a malformed request).
    var plainDetail: String?
    var errors: [Components.Schemas.FieldError] = []
    /// For a stale version: the invoice as it is now.
    var current: Components.Schemas.Invoice?
    var headers: HTTPHeaders = [:]

    init(_ status: HTTPResponseStatus, _ kind: String, detailKey: String? = nil, _ arguments: [String] = [],
         headers: HTTPHeaders = [:]) {
        self.status = status
        self.kind = kind
        self.detailKey = detailKey
        detailArguments = arguments
        self.headers = headers
    }

    static let notFound = APIProblem(.notFound, "not-found")
    static let forbidden = APIProblem(.forbidden, "forbidden")

    /// 422 with the refused fields (`field` is the JSON property or query parameter).
    static func invalid(_ errors: [Components.Schemas.FieldError]) -> APIProblem {
        var problem = APIProblem(.unprocessableEntity, "invalid-input")
        problem.errors = errors
        return problem
    }

    /// 401 with a Bearer challenge (RFC 6750, section 3): `error` is "invalid_token" for a token
    /// that is unknown, expired or revoked, "invalid_request" (400) for a malformed header, nil
    /// when none was sent.
    static func unauthorized(_ error: String?, _ description: String) -> APIProblem {
        var challenge = "Bearer realm=\"roster\""
        if let error { challenge += ", error=\"\(error)\", error_description=\"\(description)\"" }
        var problem = APIProblem(error == "invalid_request" ? .badRequest : .unauthorized,
                                 error == "invalid_request" ? "invalid-authorization" : "unauthorized",
                                 headers: ["WWW-Authenticate": challenge])
        problem.plainDetail = description
        return problem
    }

    /// The problem an error thrown anywhere under `/api/` stands for.
    static func from(_ error: any Error) -> APIProblem {
        if let problem = error as? APIProblem { return problem }
        if let server = error as? ServerError {
            let underlying = from(server.underlyingError)
            if underlying.status != .internalServerError { return underlying }
            // What the generated code refused before a handler ran: a malformed request.
            let status = server.httpStatus.code
            if (400..<500).contains(status) || server.underlyingError is DecodingError {
                var problem = APIProblem(.init(statusCode: status >= 400 && status < 500 ? status : 400),
                                         status == 415 ? "unsupported-media-type" : status == 406 ? "not-acceptable" : "malformed-request")
                problem.plainDetail = server.causeDescription
                return problem
            }
            return underlying
        }
        if let unavailable = DatabaseUnavailable.from(error) {
            return APIProblem(.serviceUnavailable, "database-unavailable", headers: unavailable.headers)
        }
        if let problem = error as? RequestProblem {
            let kind = problem.messageKey == "error.nul.message" ? "nul-character"
                : problem.status == .serviceUnavailable ? "busy" : "invalid-input"
            return APIProblem(problem.status, kind, detailKey: problem.messageKey, problem.arguments, headers: problem.headers)
        }
        if let abort = error as? any AbortError {
            let kinds: [UInt: String] = [
                400: "malformed-request", 401: "unauthorized", 403: "forbidden", 404: "not-found", 405: "method-not-allowed",
                408: "request-timeout", 413: "payload-too-large", 415: "unsupported-media-type", 429: "rate-limited",
                503: "busy",
            ]
            if let kind = kinds[abort.status.code] { return APIProblem(abort.status, kind, headers: abort.headers) }
            if abort.status.code < 500 { return APIProblem(abort.status, "malformed-request", headers: abort.headers) }
        }
        return APIProblem(.internalServerError, "internal")
    }

    /// The document in `language`.
    func document(_ translations: Translations, _ language: Language) -> Components.Schemas.Problem {
        let detail = plainDetail ?? translations.text(detailKey ?? "api.problem.\(kind).detail", language, detailArguments)
        return Components.Schemas.Problem(
            _type: "/api/v1/problems/\(kind)", title: translations.text("api.problem.\(kind).title", language),
            status: Int(status.code), detail: detail, errors: errors.isEmpty ? nil : errors, current: current)
    }

    /// The response for a request (its language), with `application/problem+json`.
    func response(for request: Request) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(document(request.application.translations, request.language))) ?? Data()
        let response = Response(status: status, body: .init(data: body))
        for header in headers where header.name.lowercased() != "content-type" {
            response.headers.replaceOrAdd(name: header.name, value: header.value)
        }
        response.headers.replaceOrAdd(name: .contentType, value: "application/problem+json")
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
