import Foundation
import Testing
@testable import App

@Suite struct SignInLinkStateTests {
    let user = User(id: UUID(), tenantID: UUID(), email: "a@b.cz", firstName: "A", lastName: "B", title: "",
                    roles: [.employee], active: true, preferredLanguage: nil)
    let now = Date()

    @Test func decidesEveryCase() {
        let later = now.addingTimeInterval(60), earlier = now.addingTimeInterval(-1)
        #expect(SignInLinkState.evaluate(user: user, usedAt: nil, expiresAt: later, now: now) == .valid(user))
        #expect(SignInLinkState.evaluate(user: user, usedAt: earlier, expiresAt: later, now: now) == .used)
        #expect(SignInLinkState.evaluate(user: user, usedAt: nil, expiresAt: earlier, now: now) == .expired)
        #expect(SignInLinkState.evaluate(user: user, usedAt: nil, expiresAt: now, now: now) == .expired)
        var inactive = user
        inactive.active = false
        #expect(SignInLinkState.evaluate(user: inactive, usedAt: nil, expiresAt: later, now: now) == .deactivated)
        #expect(SignInLinkState.evaluate(user: nil, usedAt: nil, expiresAt: nil, now: now) == .unknown)
    }

    @Test func tokensAre256BitAndOnlyTheirHashIsKept() {
        let token = SecretToken()
        #expect(token.value.count == 43)  // 32 bytes, base64url without padding
        #expect(token.hash.count == 32)
        #expect(SecretToken(parsing: token.value) == token)
        #expect(SecretToken(parsing: "short") == nil)
        #expect(SecretToken(parsing: String(repeating: "a", count: 42) + "/") == nil)
        #expect(SecretToken() != SecretToken())
    }
}

@Suite struct SignInLinkTests {
    @Test func aLinkSignsInOnceAndTheSessionLivesInTheDatabase() async throws {
        try await withWorld { world in
            let token = try await OperatorCommands.signInLink(slug: "acme", email: world.employee.email, database: world.db)
            var browser = world.browser()
            let path = Paths.signInLink("acme", token: token.value)

            let confirm = try await browser.get(path)
            #expect(confirm.status == .ok)
            #expect(confirm.body.contains("eva.dvorakova@acme.example"))
            // Opening the link changed nothing: it can still be used.
            let signedIn = try await browser.post(path, form: [:], csrfFrom: confirm)
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.location == "/t/acme/")
            let cookie = try #require(signedIn.headers[.setCookie].first { $0.hasPrefix("roster_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/t/acme"))
            #expect(!cookie.contains("Secure"))  // plain http in tests; https PUBLIC_URL adds it

            let home = try await browser.get("/t/acme/")
            #expect(home.status == .ok)
            #expect(home.body.contains("Hello, Eva"))
            #expect(home.body.contains("You are signed in."))

            // The stored session is the hash of the cookie, never the cookie itself.
            let stored = try await world.database.asSuperuser { connection in
                try await connection.query("SELECT count(*) FROM sessions WHERE token_hash = \(SecretToken.hash(browser.cookies["roster_session"]!))",
                                           logger: TestPostgres.logger).collect()[0].decode(Int.self)
            }
            #expect(stored == 1)

            var other = world.browser()
            let again = try await other.get(path)
            #expect(again.status == .gone)
            #expect(again.body.contains("already used"))
            let secondUse = try await other.post(path, form: [:], csrfFrom: again)
            #expect(secondUse.status == .gone)
            #expect(other.cookies["roster_session"] == nil)
        }
    }

    @Test func anExpiredLinkIsRefused() async throws {
        try await withWorld { world in
            let token = try await world.db.transaction(tenant: world.admin.tenantID) { connection in
                try await SignInLinkQueries.issue(for: world.admin.id, lifetime: -1,
                                                  on: connection)
            }
            var browser = world.browser()
            let page = try await browser.get(Paths.signInLink("acme", token: token.value))
            #expect(page.status == .gone)
            #expect(page.body.contains("has expired"))
            let post = try await browser.post(Paths.signInLink("acme", token: token.value), form: [:], csrfFrom: page)
            #expect(post.status == .gone)
            #expect(browser.cookies["roster_session"] == nil)
        }
    }

    @Test func aLinkOfAnotherTenantIsUnknownHere() async throws {
        try await withWorld { world in
            let token = try await OperatorCommands.signInLink(slug: "globex", email: world.otherAdmin.email, database: world.db)
            var browser = world.browser()
            let page = try await browser.get(Paths.signInLink("acme", token: token.value))
            #expect(page.status == .notFound)
            #expect(page.body.contains("not valid"))
            let post = try await browser.post(Paths.signInLink("acme", token: token.value), form: [:], csrfFrom: page)
            #expect(post.status == .notFound)
            // Still good at its own tenant.
            let r1 = try await browser.get(Paths.signInLink("globex", token: token.value))
            #expect(r1.status == .ok)
        }
    }

    @Test func garbageTokensAreUnknown() async throws {
        try await withWorld { world in
            var browser = world.browser()
            let r2 = try await browser.get("/t/acme/login/not-a-token")
            #expect(r2.status == .notFound)
            let r3 = try await browser.get("/t/acme/login/" + SecretToken().value)
            #expect(r3.status == .notFound)
        }
    }

    @Test func aDeactivatedPersonCannotSignInAndTheirSessionsEnd() async throws {
        try await withWorld { world in
            var signedIn = try await world.signedIn(world.employee)
            let r4 = try await signedIn.get("/t/acme/")
            #expect(r4.status == .ok)
            let token = try await OperatorCommands.signInLink(slug: "acme", email: world.employee.email, database: world.db)

            try await world.db.transaction(tenant: world.employee.tenantID) { connection in
                try await UserQueries.setActive(false, user: world.employee.id, on: connection)
            }
            let home = try await signedIn.get("/t/acme/")
            #expect(home.status == .seeOther)
            #expect(home.location == "/t/acme/login")

            var browser = world.browser()
            let page = try await browser.get(Paths.signInLink("acme", token: token.value))
            #expect(page.status == .forbidden)
            #expect(page.body.contains("deactivated"))
            let r5 = try await browser.post(Paths.signInLink("acme", token: token.value), form: [:], csrfFrom: page)
            #expect(r5.status == .forbidden)
            await #expect(throws: OperatorCommands.Failure.self) {
                _ = try await OperatorCommands.signInLink(slug: "acme", email: world.employee.email, database: world.db)
            }
        }
    }

    @Test func aSessionEndsWhenItsTimeIsUpEvenIfStillActive() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.employee)
            try await world.database.asSuperuser { connection in
                try await connection.query("UPDATE sessions SET expires_at = now() - interval '1 second'", logger: TestPostgres.logger)
            }
            let r6 = try await browser.get("/t/acme/")
            #expect(r6.location == "/t/acme/login")
        }
    }

    @Test func signingOutEndsTheSession() async throws {
        try await withWorld { world in
            var browser = try await world.signedIn(world.leader)
            let home = try await browser.get("/t/acme/")
            let stolenCookie = browser.cookies["roster_session"]!
            let out = try await browser.post("/t/acme/logout", form: [:], csrfFrom: home)
            #expect(out.status == .seeOther)
            #expect(out.location == "/t/acme/login")
            #expect(browser.cookies["roster_session"] == nil)
            // The old cookie no longer works anywhere: the row is gone.
            var replay = world.browser()
            replay.cookies["roster_session"] = stolenCookie
            let r7 = try await replay.get("/t/acme/")
            #expect(r7.location == "/t/acme/login")
            let login = try await browser.get("/t/acme/login")
            #expect(login.body.contains("You are signed out."))
        }
    }

    @Test func aSessionOfOneTenantIsNothingAtAnother() async throws {
        try await withWorld { world in
            let acme = try await world.signedIn(world.admin)
            var elsewhere = world.browser()
            elsewhere.cookies = acme.cookies
            let page = try await elsewhere.get("/t/globex/")
            #expect(page.status == .seeOther)
            #expect(page.location == "/t/globex/login")
        }
    }
}
