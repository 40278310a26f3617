import Vapor

/// An error whose page says exactly what was wrong: a translated message with its arguments,
/// a status and headers (Retry-After). `ErrorPageMiddleware` prints the
/// message instead of the status's general one.
struct RequestProblem: AbortError, Sendable {
    let status: HTTPResponseStatus
    let messageKey: String
    let arguments: [String]
    let headers: HTTPHeaders

    init(_ status: HTTPResponseStatus, _ messageKey: String, _ arguments: [String] = [], headers: HTTPHeaders = [:]) {
        self.status = status
        self.messageKey = messageKey
        self.arguments = arguments
        self.headers = headers
    }

    var reason: String { messageKey }

    /// A field whose text holds U+0000.
    static func nulCharacter(field: String) -> RequestProblem {
        RequestProblem(.unprocessableEntity, "error.nul.message", [field])
    }

    /// The client went away (or its connection broke) before its body arrived whole: not a server
    /// error, so it is answered, counted and logged as 499, as proxies call it.
    static let clientGone = RequestProblem(HTTPResponseStatus(statusCode: 499, reasonPhrase: "Client Closed Request"),
                                           "error.clientGone.message")

    /// A field holding an invisible character that can make text look like another
    /// (`FormText.isHidden`): a direction override, a control character.
    static func hiddenCharacter(field: String) -> RequestProblem {
        RequestProblem(.unprocessableEntity, "error.hidden.message", [field])
    }

    /// Too many large bodies at once: try again shortly.
    static func busy(_ messageKey: String) -> RequestProblem {
        RequestProblem(.serviceUnavailable, messageKey, headers: ["Retry-After": "30"])
    }
}
