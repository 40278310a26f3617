import Foundation
import Testing
@testable import App

@Suite struct IDTokenRulesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func claims(iss: String = "https://idp.example", aud: [String] = ["roster"], exp: TimeInterval = 300,
                iat: TimeInterval = -10, nonce: String? = "n-1", email: String? = "eva@acme.example",
                verified: Bool? = true) -> IDTokenClaims {
        IDTokenClaims(iss: iss, sub: "123", aud: aud, exp: now.addingTimeInterval(exp), iat: now.addingTimeInterval(iat),
                      nonce: nonce, email: email, emailVerified: verified)
    }

    func check(_ claims: IDTokenClaims) -> OIDCProblem? {
        IDTokenRules.check(claims, issuer: "https://idp.example", clientID: "roster", nonce: "n-1", now: now)
    }

    @Test func aGoodTokenPasses() {
        #expect(check(claims()) == nil)
        #expect(check(claims(aud: ["other", "roster"])) == nil)
        #expect(check(claims(exp: -30)) == nil, "within the clock leeway")
    }

    @Test func eachClaimIsChecked() {
        #expect(check(claims(iss: "https://evil.example")) == .issuer)
        #expect(check(claims(aud: ["another-app"])) == .audience)
        #expect(check(claims(exp: -61)) == .expired)
        #expect(check(claims(iat: 120)) == .issuedInFuture)
        #expect(check(claims(nonce: "n-2")) == .nonce)
        #expect(check(claims(nonce: nil)) == .nonce)
        #expect(check(claims(email: nil)) == .emailMissing)
        #expect(check(claims(email: "not an address")) == .emailMissing)
        #expect(check(claims(verified: false)) == .emailUnverified)
        #expect(check(claims(verified: nil)) == .emailUnverified)
    }

    @Test func emailVerifiedMayBeAString() throws {
        let json = #"{"iss":"i","sub":"s","aud":"roster","exp":1800000300,"email":"a@b.cz","email_verified":"true"}"#
        let decoded = try JSONDecoder().decode(IDTokenClaims.self, from: Data(json.utf8))
        #expect(decoded.emailVerified == true && decoded.aud.value == ["roster"] && decoded.iat == nil)
    }

    @Test func secretsAreSealedAndOpenOnlyWithTheKey() throws {
        let box = try #require(SecretBox(base64: SecretBox.newKeyBase64()))
        let sealed = try box.seal("client-secret")
        #expect(!String(decoding: sealed, as: UTF8.self).contains("client-secret"))
        #expect(try box.open(sealed) == "client-secret")
        let other = try #require(SecretBox(base64: SecretBox.newKeyBase64()))
        #expect(throws: (any Error).self) { try other.open(sealed) }
        #expect(SecretBox(base64: "too-short") == nil)
    }
}
