import Vapor

/// Headers every response carries, error pages included.
struct SecurityHeadersMiddleware: AsyncMiddleware {
    static let contentSecurityPolicy = contentSecurityPolicy(formTargets: [])
    /// Sent only when `PUBLIC_URL` is https: a year, subdomains included.
    static let strictTransportSecurity = "max-age=31536000; includeSubDomains"

    /// What every response carries unless its handler set it (built once, not per response).
    static let headers: [(HTTPHeaders.Name, String)] = [
        (.contentSecurityPolicy, contentSecurityPolicy),
        (.xContentTypeOptions, "nosniff"),
        (.xFrameOptions, "DENY"),
        (HTTPHeaders.Name("Referrer-Policy"), "no-referrer"),
        (HTTPHeaders.Name("Cross-Origin-Opener-Policy"), "same-origin"),
    ]
    static let httpsHeaders = headers + [(HTTPHeaders.Name("Strict-Transport-Security"), strictTransportSecurity)]

    /// The headers of this server: with Strict-Transport-Security when people reach it over
    /// https (`PUBLIC_URL`). Chosen once in `configure`, so no response reads the application's
    /// services for them (an application shutting down clears those while a request may still
    /// be answered).
    let headers: [(HTTPHeaders.Name, String)]

    init(https: Bool) {
        headers = https ? Self.httpsHeaders : Self.headers
    }

    /// The policy of a page whose forms may also end at `formTargets`: browsers apply
    /// `form-action` to every redirect after a submission, so a form that Roster answers with a
    /// redirect to an identity provider or to an app must name where it goes. `anyHTTPS` allows
    /// every https address, for a chain of redirects Roster cannot know (a provider passing the
    /// browser on to the company's federated sign-in).
    static func contentSecurityPolicy(formTargets: [String], anyHTTPS: Bool = false) -> String {
        let named = formTargets.compactMap(origin(of:)).filter { !anyHTTPS || !$0.hasPrefix("https://") }
        let origins = (anyHTTPS ? ["https:"] : []) + named
        return [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'none'",
            (["form-action 'self'"] + origins.uniqued()).joined(separator: " "),
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The CSP source of an address: `scheme://host[:port]` for http(s), `scheme:` for an app's
    /// private-use scheme (`cz.roster.app:/oauth/callback`), nil for anything that is neither.
    static func origin(of address: String) -> String? {
        guard let url = URLComponents(string: address), let scheme = url.scheme?.lowercased(), !scheme.isEmpty,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        guard scheme == "https" || scheme == "http" else {
            return scheme.contains(".") ? scheme + ":" : nil  // only reverse-domain schemes, never javascript: or data:
        }
        guard var host = url.host, !host.isEmpty,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }) else { return nil }
        if host.contains(":") && !host.hasPrefix("[") { host = "[\(host)]" }  // an IPv6 address
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        for (name, value) in headers where !response.headers.contains(name: name) {
            response.headers.add(name: name, value: value)
        }
        // Pages and API answers can hold personal data: never cache them. Static files may be.
        if !response.headers.contains(name: .cacheControl) {
            let isStatic = Self.isStatic(contentType: response.headers.first(name: .contentType))
            response.headers.replaceOrAdd(name: .cacheControl, value: isStatic ? "public, max-age=3600" : "no-store")
        }
        return response
    }

    /// Whether a response of this Content-Type may be cached: a style sheet, a script, an image or
    /// a font. Only the media type before any `;` is looked at, byte by byte, without the
    /// parameters' parsing of `HTTPHeaders.contentType` (3 % of a list page's server time went to
    /// these headers).
    static func isStatic(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var essence = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }.drop(while: blank)
        while let last = essence.last, blank(last) { essence = essence.dropLast() }
        let lower = essence.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        guard let slash = lower.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let type = lower[..<slash], subType = lower[(slash + 1)...]
        return lower.elementsEqual("text/css".utf8) || subType.elementsEqual("javascript".utf8)
            || type.elementsEqual("image".utf8) || type.elementsEqual("font".utf8)
    }
}

extension Response {
    /// Lets this page's forms end at these addresses too (see `contentSecurityPolicy(formTargets:anyHTTPS:)`).
    func allowFormTargets(_ addresses: [String], anyHTTPS: Bool = false) -> Response {
        headers.replaceOrAdd(name: .contentSecurityPolicy,
                             value: SecurityHeadersMiddleware.contentSecurityPolicy(formTargets: addresses, anyHTTPS: anyHTTPS))
        return self
    }
}

private extension Array where Element == String {
    func uniqued() -> [String] {
        var seen = Set<String>()
        return filter { seen.insert($0).inserted }
    }
}
