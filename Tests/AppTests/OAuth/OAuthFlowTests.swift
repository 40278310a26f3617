import Foundation
import PostgresNIO
import Testing
import Vapor
import VaporTesting
@testable import App

/// The code flow with PKCE, token rotation and the first API endpoint, through HTTP.
@Suite struct OAuthFlowTests {
    static let redirect = "http://127.0.0.1:53123/callback"
    static let verifier = "a-very-long-verifier-that-the-app-made-up-0123456789"

    struct Tokens: Decodable {
        let access_token: String
        let token_type: String
        let expires_in: Int
        let refresh_token: String
    }

    struct Failure: Decodable {
        let error: String
        let error_description: String
    }

    static func authorizeURL(challenge: String = PKCE.challenge(for: verifier), client: String = "roster-cli",
                             redirect: String = redirect) -> String {
        var components = URLComponents(string: Paths.oauthAuthorize("acme"))!
        components.queryItems = [
            .init(name: "response_type", value: "code"), .init(name: "client_id", value: client),
            .init(name: "redirect_uri", value: redirect), .init(name: "code_challenge", value: challenge),
            .init(name: "code_challenge_method", value: "S256"), .init(name: "state", value: "s-1"),
        ]
        return components.string!
    }

    /// Signs `user` in, allows the CLI and returns the code from the redirect.
    static func code(_ world: TestWorld, _ user: User) async throws -> String {
        var browser = try await world.signedIn(user)
        let page = try await browser.get(authorizeURL())
        #expect(page.status == .ok && page.body.contains("Allow Roster command line?"))
        // Allow is answered with a redirect to the app, which the page's form-action must name.
        #expect(page.headers.first(name: .contentSecurityPolicy)?.contains("form-action 'self' http://127.0.0.1:") == true)
        let allowed = try await browser.post(Paths.oauthAuthorize("acme"), form: [
            "client_id": "roster-cli", "redirect_uri": redirect, "code_challenge": PKCE.challenge(for: verifier),
            "state": "s-1", "decision": "allow",
        ], csrfFrom: page)
        #expect(allowed.status == .seeOther)
        let location = try #require(allowed.location.flatMap(URLComponents.init(string:)))
        #expect(location.host == "127.0.0.1" && location.port == 53123)
        #expect(location.queryItems?.first { $0.name == "state" }?.value == "s-1")
        return try #require(location.queryItems?.first { $0.name == "code" }?.value)
    }

    static func post(_ world: TestWorld, _ path: String, _ form: [String: String]) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: .contentType, value: "application/x-www-form-urlencoded")
        let body = form.map { "\($0.key.urlFormEncoded)=\($0.value.urlFormEncoded)" }.joined(separator: "&")
        return try await world.app.testing().sendRequest(.POST, path, headers: headers, body: ByteBuffer(string: body))
    }

    static func exchange(_ world: TestWorld, code: String, verifier: String = verifier, redirect: String = redirect,
                         client: String = "roster-cli") async throws -> TestingHTTPResponse {
        try await post(world, "/oauth/token", ["grant_type": "authorization_code", "code": code, "redirect_uri": redirect,
                                               "client_id": client, "code_verifier": verifier])
    }

    static func refresh(_ world: TestWorld, _ token: String) async throws -> TestingHTTPResponse {
        try await post(world, "/oauth/token", ["grant_type": "refresh_token", "refresh_token": token, "client_id": "roster-cli"])
    }

    static func me(_ world: TestWorld, _ token: String?) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        if let token { headers.add(name: .authorization, value: "Bearer " + token) }
        return try await world.app.testing().sendRequest(.GET, "/api/v1/me", headers: headers)
    }

    @Test func anAppGetsTokensAndReadsWhoIsSignedIn() async throws {
        try await withWorld { world in
            let code = try await Self.code(world, world.leader)
            let response = try await Self.exchange(world, code: code)
            #expect(response.status == .ok && response.headers.first(name: .cacheControl) == "no-store")
            let tokens = try response.content.decode(Tokens.self)
            #expect(tokens.token_type == "Bearer" && tokens.expires_in == 3600)
            let me = try await Self.me(world, tokens.access_token)
            #expect(me.status == .ok)
            let body = try me.content.decode(Components.Schemas.Me.self)
            #expect(body.email == world.leader.email && body.roles == [.employee, .teamLeader] && body.company.slug == "acme")

            // No token, a malformed one, another tenant's slug on it: 401 with the challenge.
            let none = try await Self.me(world, nil)
            #expect(none.status == .unauthorized && none.headers.first(name: .wwwAuthenticate) == "Bearer realm=\"roster\"")
            let other = try await Self.me(world, tokens.access_token.replacingOccurrences(of: "acme.", with: "globex."))
            #expect(other.status == .unauthorized && other.headers.first(name: .wwwAuthenticate)?.contains("invalid_token") == true)
            let garbage = try await Self.me(world, "nonsense")
            #expect(garbage.status == .unauthorized && garbage.headers.first(name: .wwwAuthenticate)?.contains("invalid_token") == true)

            // An expired access token.
            try await world.database.asSuperuser { connection in
                try await connection.query("UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'access'",
                                           logger: TestPostgres.logger)
            }
            let expired = try await Self.me(world, tokens.access_token)
            #expect(expired.status == .unauthorized)
            #expect(expired.headers.first(name: .wwwAuthenticate)?.contains("error=\"invalid_token\", error_description=\"the access token has expired\"") == true)
        }
    }

    @Test func aCodeWorksOnceAndItsReuseRevokesWhatItGave() async throws {
        try await withWorld { world in
            let code = try await Self.code(world, world.employee)
            let first = try await Self.exchange(world, code: code)
            let tokens = try first.content.decode(Tokens.self)
            let second = try await Self.exchange(world, code: code)
            #expect(second.status == .badRequest)
            #expect(try second.content.decode(Failure.self).error == "invalid_grant")
            let me = try await Self.me(world, tokens.access_token)
            #expect(me.status == .unauthorized, "tokens of a replayed code are revoked")
        }
    }

    @Test func pkceRedirectAndClientMustMatch() async throws {
        try await withWorld { world in
            let code = try await Self.code(world, world.employee)
            let wrongVerifier = try await Self.exchange(world, code: code, verifier: String(repeating: "x", count: 50))
            #expect(wrongVerifier.status == .badRequest)
            #expect(try wrongVerifier.content.decode(Failure.self).error_description.contains("code_verifier"))
            let wrongRedirect = try await Self.exchange(world, code: code, redirect: "http://127.0.0.1:1/callback")
            #expect(try wrongRedirect.content.decode(Failure.self).error == "invalid_grant")
            let wrongClient = try await Self.exchange(world, code: code, client: "roster-mobile")
            #expect(try wrongClient.content.decode(Failure.self).error == "invalid_grant")
            let unknownClient = try await Self.exchange(world, code: code, client: "evil-app")
            let unknownError = try unknownClient.content.decode(Failure.self).error
            #expect(unknownClient.status == .unauthorized && unknownError == "invalid_client")
            // The failures above did not spend the code.
            let right = try await Self.exchange(world, code: code)
            #expect(right.status == .ok)

            let missing = try await Self.post(world, "/oauth/token", ["grant_type": "authorization_code", "client_id": "roster-cli"])
            #expect(try missing.content.decode(Failure.self).error == "invalid_request")
            let password = try await Self.post(world, "/oauth/token", ["grant_type": "password", "client_id": "roster-cli"])
            #expect(try password.content.decode(Failure.self).error == "unsupported_grant_type")
            let bogus = try await Self.exchange(world, code: "globex." + SecretToken().value)
            #expect(try bogus.content.decode(Failure.self).error == "invalid_grant")
        }
    }

    @Test func refreshTokensRotateAndAReusedOneRevokesTheFamily() async throws {
        try await withWorld { world in
            let code = try await Self.code(world, world.employee)
            let first = try await Self.exchange(world, code: code).content.decode(Tokens.self)
            let rotated = try await Self.refresh(world, first.refresh_token)
            #expect(rotated.status == .ok)
            let second = try rotated.content.decode(Tokens.self)
            #expect(second.refresh_token != first.refresh_token && second.access_token != first.access_token)
            #expect(try await Self.me(world, second.access_token).status == .ok)
            // Past the grace window, the old refresh token again: refused, and every token of
            // this sign-in is revoked.
            try await Self.ageRotations(world, seconds: Int(OAuthLifetimes.refreshGrace) + 1)
            let reuse = try await Self.refresh(world, first.refresh_token)
            let reuseError = try reuse.content.decode(Failure.self).error
            #expect(reuse.status == .badRequest && reuseError == "invalid_grant")
            #expect(try await Self.me(world, second.access_token).status == .unauthorized)
            #expect(try await Self.refresh(world, second.refresh_token).status == .badRequest)
        }
    }

    @Test func aRefreshRepeatedWithinTheGraceWindowGetsTheSamePair() async throws {
        try await withWorld { world in
            let first = try await Self.exchange(world, code: try await Self.code(world, world.employee)).content.decode(Tokens.self)
            // Two refreshes at once (two requests that both met a 401): one pair for both.
            async let a = Self.refresh(world, first.refresh_token)
            async let b = Self.refresh(world, first.refresh_token)
            let (one, two) = try await (a, b)
            #expect(one.status == .ok && two.status == .ok)
            let pairOne = try one.content.decode(Tokens.self), pairTwo = try two.content.decode(Tokens.self)
            #expect(pairOne.access_token == pairTwo.access_token && pairOne.refresh_token == pairTwo.refresh_token)
            #expect(try await Self.me(world, pairOne.access_token).status == .ok)
            // Another client presenting it is a reuse: the family is revoked.
            let stranger = try await Self.post(world, "/oauth/token", [
                "grant_type": "refresh_token", "client_id": "roster-mobile", "refresh_token": first.refresh_token])
            #expect(try stranger.content.decode(Failure.self).error == "invalid_grant")
            #expect(try await Self.me(world, pairOne.access_token).status == .unauthorized)
            // Within the window, a revoked family gives nothing either.
            #expect(try await Self.refresh(world, first.refresh_token).status == .badRequest)
        }
    }

    /// Within the grace window a spent token gets only its own successor, and only while that
    /// successor is unused: after the app has refreshed again, the spent token is reuse, gets
    /// nothing (never the app's current pair) and revokes the family.
    @Test func graceEndsWhenTheSuccessorIsUsed() async throws {
        try await withWorld { world in
            let first = try await Self.exchange(world, code: try await Self.code(world, world.employee)).content.decode(Tokens.self)
            let second = try await Self.refresh(world, first.refresh_token).content.decode(Tokens.self)
            let third = try await Self.refresh(world, second.refresh_token).content.decode(Tokens.self)
            #expect(try await Self.me(world, third.access_token).status == .ok)
            // Seconds later, the first token again: its successor was used, so this is reuse.
            let replay = try await Self.refresh(world, first.refresh_token)
            let replayError = try replay.content.decode(Failure.self).error
            #expect(replay.status == .badRequest && replayError == "invalid_grant")
            #expect(!replay.body.string.contains(third.access_token) && !replay.body.string.contains(second.access_token))
            #expect(try await Self.me(world, third.access_token).status == .unauthorized)
            #expect(try await Self.refresh(world, third.refresh_token).status == .badRequest)
        }
    }

    /// Moves every rotation of refresh tokens `seconds` into the past.
    static func ageRotations(_ world: TestWorld, seconds: Int) async throws {
        try await world.database.asSuperuser { connection in
            try await connection.query("""
                UPDATE oauth_tokens SET used_at = used_at - make_interval(secs => \(seconds)) WHERE used_at IS NOT NULL
                """, logger: TestPostgres.logger)
        }
    }

    @Test func revokingAndDeactivatingEndTokens() async throws {
        try await withWorld { world in
            let tokens = try await Self.exchange(world, code: try await Self.code(world, world.employee)).content.decode(Tokens.self)
            let revoked = try await Self.post(world, "/oauth/revoke", ["token": tokens.refresh_token])
            #expect(revoked.status == .ok)
            #expect(try await Self.me(world, tokens.access_token).status == .unauthorized)
            let unknown = try await Self.post(world, "/oauth/revoke", ["token": "whatever"])
            #expect(unknown.status == .ok)

            let again = try await Self.exchange(world, code: try await Self.code(world, world.employee)).content.decode(Tokens.self)
            #expect(try await Self.me(world, again.access_token).status == .ok)
            var admin = try await world.signedIn(world.admin)
            let profile = try await admin.get(Paths.person("acme", world.employee.id))
            _ = try await admin.post(Paths.deactivate("acme", world.employee.id), form: ["confirmed": "1"], csrfFrom: profile)
            #expect(try await Self.me(world, again.access_token).status == .unauthorized)
            #expect(try await Self.refresh(world, again.refresh_token).status == .badRequest)
        }
    }

    @Test func signingOutEverywhereEndsEverySessionAndToken() async throws {
        try await withWorld { world in
            let tokens = try await Self.exchange(world, code: try await Self.code(world, world.employee)).content.decode(Tokens.self)
            var phone = try await world.signedIn(world.employee)
            var laptop = try await world.signedIn(world.employee)
            var admin = try await world.signedIn(world.admin)
            let preferences = try await laptop.get(Paths.preferences("acme"))
            #expect(preferences.body.contains("Sign out everywhere"))
            let out = try await laptop.post(Paths.logoutEverywhere("acme"), form: ["confirmed": "1"], csrfFrom: preferences)
            #expect(out.status == .seeOther && out.location == "/t/acme/login")
            let phoneHome = try await phone.get("/t/acme/")
            #expect(phoneHome.status == .seeOther, "the other browser is signed out too")
            #expect(try await Self.me(world, tokens.access_token).status == .unauthorized)
            let adminHome = try await admin.get("/t/acme/")
            #expect(adminHome.status == .ok, "other people stay signed in")
        }
    }

    @Test func theAuthorizePageRefusesWhatItCannotTrust() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.employee)
            let unknown = try await browser.get(Self.authorizeURL(client: "evil-app"))
            #expect(unknown.status == .badRequest && unknown.location == nil && unknown.body.contains("not one of Roster"))
            let elsewhere = try await browser.get(Self.authorizeURL(redirect: "https://evil.example/callback"))
            #expect(elsewhere.status == .badRequest && elsewhere.location == nil)
            let noChallenge = try await browser.get(Self.authorizeURL(challenge: "plain"))
            #expect(noChallenge.status == .seeOther && noChallenge.location?.contains("error=invalid_request") == true)
            let page = try await browser.get(Self.authorizeURL())
            let denied = try await browser.post(Paths.oauthAuthorize("acme"), form: [
                "client_id": "roster-cli", "redirect_uri": Self.redirect, "code_challenge": PKCE.challenge(for: Self.verifier),
                "state": "s-1", "decision": "deny",
            ], csrfFrom: page)
            #expect(denied.location?.hasPrefix(Self.redirect + "?error=access_denied") == true)
            let tampered = try await browser.post(Paths.oauthAuthorize("acme"), form: [
                "client_id": "roster-cli", "redirect_uri": "https://evil.example/", "code_challenge": PKCE.challenge(for: Self.verifier),
                "decision": "allow",
            ], csrfFrom: page)
            #expect(tampered.status == .badRequest && tampered.location == nil)
            var visitor = world.browser()
            let anonymous = try await visitor.get(Self.authorizeURL())
            #expect(anonymous.status == .seeOther && anonymous.location?.hasPrefix("/t/acme/login") == true)
        }
    }
}
