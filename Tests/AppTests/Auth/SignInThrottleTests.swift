import Foundation
import Testing
import Vapor
import VaporTesting
@testable import App

/// The limits on asking for sign-in links: counted by the requester first, so a stranger cannot
/// lock anyone out; an address's ceiling sends nothing more and answers as usual.
@Suite struct SignInThrottleTests {
    /// A visitor behind the trusted proxy at `client`: posts the login form with its CSRF cookie.
    struct Visitor {
        let app: Application
        let client: String
        let cookie: String
        let token: String

        static func arrive(_ world: TestWorld, from client: String) async throws -> Visitor {
            var browser = world.browser()
            let login = try await browser.get("/t/acme/login")
            let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            return Visitor(app: world.app, client: client, cookie: cookie, token: try #require(login.csrf))
        }

        func askForLink(_ email: String) async throws -> HTTPStatus {
            var headers = HTTPHeaders()
            headers.add(name: .cookie, value: cookie)
            headers.add(name: .contentType, value: "application/x-www-form-urlencoded")
            headers.add(name: "X-Forwarded-For", value: client)
            let body = "_csrf=\(token.urlFormEncoded)&email=\(email.urlFormEncoded)"
            return try await app.testing().sendRequest(.POST, "/t/acme/login", headers: headers, body: ByteBuffer(string: body)).status
        }
    }

    @Test func refusedRequestsDoNotCountAgainstTheAddress() async throws {
        try await withWorld(settings: { $0.trustForwardedFor = true }) { world in
            let victim = world.employee.email
            let attacker = try await Visitor.arrive(world, from: "203.0.113.66")
            // The attacker uses up its own limit, then keeps asking for the victim's address.
            for index in 0..<SignInThrottle.perClient {
                #expect(try await attacker.askForLink("guess\(index)@acme.example") == .ok)
            }
            for _ in 0..<(SignInThrottle.perClientForEmail * 3) {
                #expect(try await attacker.askForLink(victim) == .tooManyRequests)
            }
            #expect(try await LinkRequestTests.mail(world, to: world.employee).isEmpty)
            // The victim, from elsewhere, still gets a link.
            let person = try await Visitor.arrive(world, from: "198.51.100.20")
            #expect(try await person.askForLink(victim) == .ok)
            #expect(try await LinkRequestTests.mail(world, to: world.employee).count == 1)
            // Refused requests are kept for the record, marked as refused.
            let recorded = try await world.database.asSuperuser { connection in
                try await connection.query("""
                    SELECT count(*) FILTER (WHERE allowed)::int, count(*) FILTER (WHERE NOT allowed)::int
                    FROM sign_in_requests WHERE email = \(victim)
                    """, logger: TestPostgres.logger).collect()[0].decode((Int, Int).self)
            }
            #expect(recorded == (1, SignInThrottle.perClientForEmail * 3))
        }
    }

    /// Three anonymous requests from a stranger used to leave the person with 429 for the window:
    /// now the stranger is the one told to wait, and the person still gets a link at once.
    @Test func aStrangerCannotLockSomeoneOut() async throws {
        try await withWorld(settings: { $0.trustForwardedFor = true }) { world in
            let victim = world.employee.email
            let stranger = try await Visitor.arrive(world, from: "203.0.113.7")
            for _ in 0..<SignInThrottle.perClientForEmail {
                #expect(try await stranger.askForLink(victim) == .ok)
            }
            #expect(try await stranger.askForLink(victim) == .tooManyRequests)
            let person = try await Visitor.arrive(world, from: "198.51.100.20")
            #expect(try await person.askForLink(victim) == .ok)
            #expect(try await LinkRequestTests.mail(world, to: world.employee).count == SignInThrottle.perClientForEmail + 1)
        }
    }

    /// Many clients asking for one address: every one is answered as usual, and the address gets
    /// its ceiling of mails, no more.
    @Test func theAddressCeilingSendsNothingMoreAndAnswersAsUsual() async throws {
        try await withWorld(settings: { $0.trustForwardedFor = true }) { world in
            var statuses: [HTTPStatus] = []
            for client in 1...(SignInThrottle.perEmail + 3) {
                let visitor = try await Visitor.arrive(world, from: "198.51.100.\(client)")
                statuses.append(try await visitor.askForLink(world.leader.email))
            }
            #expect(statuses == Array(repeating: .ok, count: SignInThrottle.perEmail + 3))
            #expect(try await LinkRequestTests.mail(world, to: world.leader).count == SignInThrottle.perEmail)
        }
    }
}
