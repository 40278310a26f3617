import Foundation
import Testing
@testable import App

@Suite struct OAuthRulesTests {
    @Test func pkceIsSHA256InBase64URL() {
        let verifier = "dBjftJeZ4CVP-mJ92K9vSEnC2kzBq-7vOZCbUA0Uu0fE"
        #expect(PKCE.challenge(for: verifier) == "3W5RHtSbS3uvpDl-eKv8tZPOkU5Xm6eMIF_5zSKdFyw")
        #expect(PKCE.verify(verifier, against: "3W5RHtSbS3uvpDl-eKv8tZPOkU5Xm6eMIF_5zSKdFyw"))
        #expect(!PKCE.verify(verifier + "x", against: "3W5RHtSbS3uvpDl-eKv8tZPOkU5Xm6eMIF_5zSKdFyw"))
        #expect(!PKCE.isValidVerifier("short"))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 129)))
        #expect(!PKCE.isValidVerifier(String(repeating: "a", count: 42) + "!"))
        #expect(!PKCE.isValidChallenge("plain-text"))
    }

    @Test func loopbackRedirectsMatchOnAnyPort() {
        let cli = OAuthClient(id: "roster-cli", name: "CLI", redirectURIs: ["http://127.0.0.1/callback"])
        #expect(cli.allows(redirect: "http://127.0.0.1:53123/callback"))
        #expect(cli.allows(redirect: "http://127.0.0.1/callback"))
        #expect(!cli.allows(redirect: "http://127.0.0.1:53123/other"))
        #expect(!cli.allows(redirect: "http://localhost:53123/callback"))
        #expect(!cli.allows(redirect: "http://127.0.0.1.evil.example:80/callback"))
        #expect(!cli.allows(redirect: "https://127.0.0.1:53123/callback"))
        // A user part before the loopback host.
        #expect(!cli.allows(redirect: "http://evil.example@127.0.0.1:53123/callback"))
        #expect(!cli.allows(redirect: "http://user:pass@127.0.0.1:53123/callback"))
        #expect(!cli.allows(redirect: "http://%40@127.0.0.1:53123/callback"))
        let app = OAuthClient(id: "roster-mobile", name: "App", redirectURIs: ["cz.roster.app:/oauth/callback"])
        #expect(app.allows(redirect: "cz.roster.app:/oauth/callback"))
        #expect(!app.allows(redirect: "cz.roster.app:/oauth/callback2"))
    }

    @Test func tokensNameTheirTenant() throws {
        let token = TenantToken(slug: "acme")
        let parsed = try #require(TenantToken(parsing: token.value))
        #expect(parsed == token && parsed.slug == "acme")
        #expect(TenantToken(parsing: "acme") == nil)
        #expect(TenantToken(parsing: "ACME." + token.secret.value) == nil)
        #expect(TenantToken(parsing: "acme.short") == nil)
    }

    @Test func aCodeIsGoodOnceForItsClientRedirectAndVerifier() {
        let verifier = String(repeating: "v", count: 43)
        let now = Date()
        func code(used: Date? = nil, expires: TimeInterval = 60, active: Bool = true) -> CodeCheck.Code {
            CodeCheck.Code(clientID: "roster-cli", redirectURI: "http://127.0.0.1:1/callback",
                           challenge: PKCE.challenge(for: verifier), expiresAt: now.addingTimeInterval(expires), usedAt: used,
                           userActive: active)
        }
        func evaluate(_ code: CodeCheck.Code?, client: String = "roster-cli", redirect: String = "http://127.0.0.1:1/callback",
                      verifier given: String = verifier) -> CodeCheck.Outcome {
            CodeCheck.evaluate(code, clientID: client, redirectURI: redirect, verifier: given, now: now)
        }
        #expect(evaluate(code()) == .valid)
        #expect(evaluate(nil) == .refused(.invalidGrant("the code is unknown"), revokeFamily: false))
        #expect(evaluate(code(used: now)) == .refused(.invalidGrant("the code was already used"), revokeFamily: true))
        #expect(evaluate(code(expires: -1)) == .refused(.invalidGrant("the code has expired"), revokeFamily: false))
        #expect(evaluate(code(), client: "roster-mobile") != .valid)
        #expect(evaluate(code(), redirect: "http://127.0.0.1:2/callback") != .valid)
        #expect(evaluate(code(), verifier: String(repeating: "w", count: 43)) != .valid)
        #expect(evaluate(code(active: false)) != .valid)
    }
}
