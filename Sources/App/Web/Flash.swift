import Vapor

/// A one-off message shown on the page after a redirect. The cookie carries a translation
/// key, never text, so nothing a visitor sends can appear on the page.
struct Flash: Sendable, Equatable {
    enum Kind: String, Sendable { case success, error }
    let kind: Kind
    let key: String

    static let cookieName = "roster_flash"

    var cookieValue: String { kind.rawValue + ":" + key }

    init(_ kind: Kind, _ key: String) {
        self.kind = kind
        self.key = key
    }

    init?(cookieValue: String, translations: Translations) {
        let parts = cookieValue.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = Kind(rawValue: parts[0]), parts[1].hasPrefix("flash."),
              translations.has(parts[1]) else { return nil }
        self.init(kind, parts[1])
    }
}

extension Request {
    /// A 303 to `path` (after a POST) that shows `flash` on the page it lands on.
    func redirect(to path: String, flash: Flash) -> Response {
        let response = redirect(to: path, redirectType: .normal)
        response.cookies[Flash.cookieName] = cookie(flash.cookieValue, maxAge: 60)
        return response
    }
}

/// Reads the flash cookie into the request and clears it once a page has shown it.
struct FlashMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let sent = request.sentCookies[Flash.cookieName]
        if let value = sent?.string {
            request.flash = Flash(cookieValue: value, translations: request.application.translations)
        }
        let response = try await next.respond(to: request)
        if sent != nil, response.status.code < 300 || response.status.code >= 400,
           response.cookies[Flash.cookieName] == nil {
            response.cookies[Flash.cookieName] = request.cookie("", maxAge: 0)
        }
        return response
    }
}
