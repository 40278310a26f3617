import Foundation
import Testing
import Vapor
@testable import App

/// Sign-in through a real OpenID provider (oidc-provider-mock, started by scripts/test).
@Suite struct OIDCSignInTests {
    static func issuer() throws -> String {
        try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_OIDC_ISSUER"],
                     "run the tests with scripts/test, which starts an OpenID provider")
    }

    /// The admin connects the provider through the settings page.
    static func connect(_ world: TestWorld, issuer: String) async throws {
        var admin = try await world.signedIn(world.admin)
        let page = try await admin.get(Paths.signInSettings("acme"))
        let saved = try await admin.post(Paths.signInSettings("acme"), form: [
            "issuer": issuer, "clientID": "roster-acme", "clientSecret": "s3cret-value", "displayName": "Acme Google",
        ], csrfFrom: page)
        #expect(saved.status == .seeOther, "connecting the provider: \(saved.body.prefix(300))")
    }

    /// What the provider will say about a person.
    static func provide(_ world: TestWorld, sub: String, claims: [String: any Sendable]) async throws {
        let body = try JSONSerialization.data(withJSONObject: claims)
        let response = try await world.app.client.put(URI(string: try issuer() + "/users/" + sub)) { request in
            request.headers.contentType = .json
            request.body = ByteBuffer(data: body)
        }
        #expect(response.status == .noContent)
    }

    /// Starts on Roster's sign-in page, signs in at the provider as `sub` (after `tamper` has had
    /// its way with the authorization request) and comes back to Roster's callback.
    static func signIn(
        _ world: TestWorld, sub: String, browser: inout Browser, tamper: (inout [URLQueryItem]) -> Void = { _ in }
    ) async throws -> Browser.Page {
        let login = try await browser.get("/t/acme/login")
        #expect(login.body.contains("Sign in with Acme Google"))
        // The button is answered with a redirect to the provider: the form-action must allow it.
        let issuer = try issuer()
        #expect(login.headers.first(name: .contentSecurityPolicy)?.contains("form-action 'self' https: \(issuer);") == true)
        let started = try await browser.post(Paths.oidcStart("acme"), form: [:], csrfFrom: login)
        #expect(started.status == .seeOther)
        var authorize = try #require(started.location.flatMap(URLComponents.init(string:)))
        #expect(authorize.queryItems?.contains { $0.name == "code_challenge_method" && $0.value == "S256" } == true)
        var items = authorize.queryItems ?? []
        tamper(&items)
        authorize.queryItems = items
        let answer = try await world.app.client.post(URI(string: try #require(authorize.string))) { request in
            try request.content.encode(["sub": sub], as: .urlEncodedForm)
        }
        let back = try #require(answer.headers.first(name: .location).flatMap(URLComponents.init(string:)),
                                "the provider answered \(answer.status)")
        #expect(back.path == Paths.oidcCallback("acme"))
        return try await browser.get(back.path + "?" + (back.percentEncodedQuery ?? ""))
    }

    @Test func anEmployeeSignsInWithTheCompanyAccount() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            try await Self.provide(world, sub: "eva-1", claims: ["email": "Eva.Dvorakova@acme.example", "email_verified": true])
            var browser = world.browser()
            let back = try await Self.signIn(world, sub: "eva-1", browser: &browser)
            #expect(back.status == .seeOther && back.location == "/t/acme/")
            let home = try await browser.get("/t/acme/")
            #expect(home.body.contains("Eva Dvořáková"))
            // The same answer again (a replayed callback) signs nobody in.
            var other = world.browser()
            let replay = try await other.get(Paths.oidcCallback("acme") + "?state=x&code=y")
            #expect(replay.status == .badRequest && replay.body.contains("Start again"))
        }
    }

    @Test func everyBadAnswerEndsOnAClearPage() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            let cases: [(String, [String: any Sendable], String, HTTPStatus)] = [
                ("unverified-1", ["email": world.employee.email, "email_verified": false], "has not verified your e-mail", .badRequest),
                ("globex-1", ["email": world.otherAdmin.email, "email_verified": true], "not one of this company", .forbidden),
                ("nobody-1", ["email": "nobody@acme.example", "email_verified": true], "not one of this company", .forbidden),
                ("noemail-1", ["name": "No Mail"], "did not tell Roster your e-mail", .badRequest),
            ]
            for (sub, claims, message, status) in cases {
                try await Self.provide(world, sub: sub, claims: claims)
                var browser = world.browser()
                let page = try await Self.signIn(world, sub: sub, browser: &browser)
                #expect(page.status == status, "\(sub)")
                #expect(page.body.contains(message), "\(sub): \(page.body.prefix(200))")
                #expect(browser.cookies[TenantMiddleware.sessionCookie] == nil, "\(sub) signed in")
            }
        }
    }

    @Test func aTamperedNonceIsRefused() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            try await Self.provide(world, sub: "eva-2", claims: ["email": world.employee.email, "email_verified": true])
            var browser = world.browser()
            let page = try await Self.signIn(world, sub: "eva-2", browser: &browser) { items in
                items = items.map { $0.name == "nonce" ? URLQueryItem(name: "nonce", value: "a-nonce-of-someone-else") : $0 }
            }
            #expect(page.status == .badRequest && page.body.contains("does not belong to this sign-in"))
        }
    }

    @Test func anExpiredIDTokenIsRefused() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            try await Self.provide(world, sub: "eva-3", claims: ["email": world.employee.email, "email_verified": true])
            // Roster's clock two hours ahead: the provider's one-hour token has expired.
            await world.app.oidc.setClock { Date().addingTimeInterval(2 * 3_600) }
            var browser = world.browser()
            let page = try await Self.signIn(world, sub: "eva-3", browser: &browser)
            #expect(page.status == .badRequest && page.body.contains("has expired"))
        }
    }

    @Test func aDeactivatedEmployeeIsRefused() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            try await Self.provide(world, sub: "eva-4", claims: ["email": world.employee.email, "email_verified": true])
            try await world.db.transaction(tenant: world.employee.tenantID) {
                try await UserQueries.setActive(false, user: world.employee.id, on: $0)
            }
            var browser = world.browser()
            let page = try await Self.signIn(world, sub: "eva-4", browser: &browser)
            #expect(page.status == .forbidden && page.body.contains("can no longer sign in"))
        }
    }

    @Test func theCallbackBelongsToTheBrowserThatStarted() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            try await Self.provide(world, sub: "eva-5", claims: ["email": world.employee.email, "email_verified": true])
            var starter = world.browser()
            let login = try await starter.get("/t/acme/login")
            let started = try await starter.post(Paths.oidcStart("acme"), form: [:], csrfFrom: login)
            let authorize = try #require(started.location)
            let answer = try await world.app.client.post(URI(string: authorize)) { request in
                try request.content.encode(["sub": "eva-5"], as: .urlEncodedForm)
            }
            let back = try #require(answer.headers.first(name: .location).flatMap(URLComponents.init(string:)))
            // An attacker's browser with the victim's callback URL: no sign-in.
            var attacker = world.browser()
            let stolen = try await attacker.get(back.path + "?" + (back.percentEncodedQuery ?? ""))
            #expect(stolen.status == .badRequest && attacker.cookies[TenantMiddleware.sessionCookie] == nil)
        }
    }

    @Test func aProviderThatIsDownEndsOnAClearPage() async throws {
        try await withWorld { world in
            try await Self.connect(world, issuer: try Self.issuer())
            // The provider moves away after it was connected.
            try await world.database.asSuperuser { connection in
                try await connection.query("UPDATE identity_providers SET issuer = 'http://127.0.0.1:9'", logger: TestPostgres.logger)
            }
            var browser = world.browser()
            let login = try await browser.get("/t/acme/login")
            let started = try await browser.post(Paths.oidcStart("acme"), form: [:], csrfFrom: login)
            #expect(started.status == .badGateway && started.body.contains("could not be reached"))
        }
    }

    @Test func onlyAdminsConnectAProviderAndBadSettingsAreExplained() async throws {
        try await withWorld { world in
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let page = try await browser.get(Paths.signInSettings("acme"))
                #expect(page.status == .forbidden)
                let home = try await browser.get("/t/acme/")
                let post = try await browser.post(Paths.signInSettings("acme"), form: [
                    "issuer": try Self.issuer(), "clientID": "x", "clientSecret": "y", "displayName": "z",
                ], csrfFrom: home)
                #expect(post.status == .forbidden)
                let delete = try await browser.post(Paths.deleteSignInSettings("acme"), form: [:], csrfFrom: home)
                #expect(delete.status == .forbidden)
            }
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.signInSettings("acme"))
            #expect(page.body.contains("http://localhost:8080/t/acme/login/oidc/callback"))
            #expect(!page.body.contains("secret-of-acme"), "the stored secret is never shown")
            let cases: [([String: String], String)] = [
                (["issuer": "ftp://idp.example", "clientID": "x", "clientSecret": "y", "displayName": "IdP"], "https://"),
                (["issuer": "http://idp.example", "clientID": "x", "clientSecret": "y", "displayName": "IdP"], "https://"),
                (["issuer": "https://idp.example", "clientID": "", "clientSecret": "y", "displayName": "IdP"], "client ID"),
                (["issuer": "https://idp.example", "clientID": "x", "clientSecret": "y", "displayName": " "], "name people see"),
                (["issuer": "http://127.0.0.1:9", "clientID": "x", "clientSecret": "y", "displayName": "IdP"], "could not read"),
            ]
            for (form, message) in cases {
                let refused = try await admin.post(Paths.signInSettings("acme"), form: form, csrfFrom: page)
                #expect(refused.status == .unprocessableEntity && refused.body.contains(message), "\(form)")
            }
            let removed = try await admin.post(Paths.deleteSignInSettings("acme"), form: [:], csrfFrom: page)
            #expect(removed.status == .seeOther)
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            #expect(!login.body.contains("Sign in with"))
            let start = try await visitor.post(Paths.oidcStart("acme"), form: [:], csrfFrom: login)
            #expect(start.status == .notFound)
            // Another company's admin reaches only their own settings.
            var other = try await world.signedIn(world.otherAdmin, slug: "globex")
            let theirs = try await other.get(Paths.signInSettings("globex"))
            #expect(theirs.status == .ok && theirs.body.contains("https://idp.globex.example"))
            let acme = try await other.get(Paths.signInSettings("acme"))
            #expect(acme.status != .ok)
        }
    }
}
