import Testing
import Vapor
@testable import App

/// HSTS: sent when people reach Roster over https, and only then.
@Suite struct StrictTransportSecurityTests {
    static let paths = ["/t/acme/login", "/t/acme/", "/t/no-such-company/", "/css/app.css"]

    @Test func sentWhenThePublicAddressIsHTTPS() async throws {
        try await withWorld(settings: { $0.publicURL = "https://roster.example" }) { world in
            var browser = world.browser()
            for path in Self.paths {
                let page = try await browser.get(path)
                #expect(page.headers.first(name: "Strict-Transport-Security") == "max-age=31536000; includeSubDomains", "\(path)")
            }
        }
    }

    @Test func notSentOverPlainHTTP() async throws {
        try await withWorld { world in
            var browser = world.browser()
            for path in Self.paths {
                let page = try await browser.get(path)
                #expect(!page.headers.contains(name: "Strict-Transport-Security"), "\(path)")
            }
        }
    }
}
