import Testing
@testable import App

/// The content security policy and the form targets a page may add to it.
@Suite struct SecurityHeadersTests {
    @Test func formTargetsAddOnlyTheirOrigin() {
        let policy = SecurityHeadersMiddleware.contentSecurityPolicy(formTargets: [
            "https://accounts.google.com", "https://accounts.google.com/o/oauth2/v2/auth?x=1",
            "http://127.0.0.1:53111/callback", "cz.roster.app:/oauth/callback",
        ])
        #expect(policy.contains("form-action 'self' https://accounts.google.com http://127.0.0.1:53111 cz.roster.app:;"))
        #expect(SecurityHeadersMiddleware.contentSecurityPolicy.contains("form-action 'self';"))
        #expect(SecurityHeadersMiddleware.contentSecurityPolicy(formTargets: ["http://127.0.0.1:9400"], anyHTTPS: true)
            .contains("form-action 'self' https: http://127.0.0.1:9400;"))
        #expect(SecurityHeadersMiddleware.contentSecurityPolicy(formTargets: ["https://accounts.google.com"], anyHTTPS: true)
            .contains("form-action 'self' https:;"))
    }

    @Test func nothingElseWidensThePolicy() {
        for address in ["javascript:alert(1)", "data:text/html,x", "https://evil.example;script-src *", "https:// ",
                        "not an address", "", "http://a b.example/", "mailto:x@y.cz"] {
            #expect(SecurityHeadersMiddleware.origin(of: address) == nil, "\(address)")
        }
        #expect(SecurityHeadersMiddleware.origin(of: "HTTPS://Login.Example:8443/realms/x") == "https://Login.Example:8443")
        #expect(SecurityHeadersMiddleware.origin(of: "http://[::1]:53111/callback") == "http://[::1]:53111")
    }

    /// Only style sheets, scripts, images and fonts may be cached; anything else, a page, an API
    /// answer or a PDF, is `no-store`, whatever its parameters or case.
    @Test func onlyStaticKindsOfContentMayBeCached() {
        for type in ["text/css", "text/css; charset=utf-8", "TEXT/CSS", "application/javascript", "text/javascript;charset=utf-8",
                     "image/png", "image/svg+xml", "font/woff2", " text/css ; charset=utf-8"] {
            #expect(SecurityHeadersMiddleware.isStatic(contentType: type), "\(type)")
        }
        for type in [nil, "", "text/html; charset=utf-8", "application/json", "application/pdf", "text/csv", "text/css2",
                     "application/x-javascript", "imagepng", "text/plain; x=image/png", "css", "/"] {
            #expect(!SecurityHeadersMiddleware.isStatic(contentType: type), "\(type ?? "none")")
        }
    }
}
