import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// Asking for a sign-in link by e-mail, and the outbox that delivers it.
@Suite struct LinkRequestTests {
    static func outbox(_ world: TestWorld, tenant: UUID) async throws -> [OutboxMail] {
        try await world.db.transaction(tenant: tenant) {
            try await OutboxQueries.recent(limit: 100, on: $0)
        }
    }

    /// The mail Roster queued for an address, newest first (the seed's welcome mail left out).
    static func mail(_ world: TestWorld, to user: User) async throws -> [OutboxMail] {
        try await outbox(world, tenant: user.tenantID).filter { $0.recipient == user.email && $0.subject != "Welcome" }
    }

    @Test func anEmployeeGetsALinkAndStrangersGetTheSameAnswer() async throws {
        try await withWorld { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            #expect(login.body.contains("E-mail me a sign-in link"))
            let known = try await visitor.post("/t/acme/login", form: ["email": "  EVA.dvorakova@acme.example "], csrfFrom: login)
            #expect(known.status == .ok && known.body.contains("Check your e-mail"))
            let mails = try await Self.mail(world, to: world.employee)
            #expect(mails.count == 1)
            let mail = try #require(mails.first)
            // In the person's language (Eva has not chosen one: the company's default, Czech).
            #expect(mail.subject == "Přihlášení do Acme s.r.o." && mail.body.contains("http://localhost:8080/t/acme/login/"))

            // Nobody with that address, another tenant's person, a deactivated one: the same page, no mail.
            for email in ["nobody@acme.example", world.otherAdmin.email] {
                let answer = try await visitor.post("/t/acme/login", form: ["email": email], csrfFrom: login)
                #expect(answer.status == .ok && answer.body.contains("Check your e-mail"))
                #expect(answer.body.replacingOccurrences(of: email, with: "") == known.body.replacingOccurrences(of: "EVA.dvorakova@acme.example", with: ""))
            }
            #expect(try await Self.outbox(world, tenant: world.otherAdmin.tenantID).filter { $0.subject != "Welcome" }.isEmpty)
            #expect(try await Self.outbox(world, tenant: world.admin.tenantID).filter { $0.subject != "Welcome" }.count == 1)
        }
    }

    @Test func theLinkInTheMailSignsInOnce() async throws {
        try await withWorld { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            _ = try await visitor.post("/t/acme/login", form: ["email": world.leader.email], csrfFrom: login)
            let mail = try #require(try await Self.mail(world, to: world.leader).first)
            let link = try #require(mail.body.firstMatch(of: /\/t\/acme\/login\/[A-Za-z0-9_-]+/)).output
            let page = try await visitor.get(String(link))
            #expect(page.body.contains("Petr Svoboda"))
            let signedIn = try await visitor.post(String(link), form: [:], csrfFrom: page)
            #expect(signedIn.status == .seeOther)
            let home = try await visitor.get("/t/acme/")
            #expect(home.body.contains("Mgr. Petr Svoboda"))
            var stranger = world.browser()
            let again = try await stranger.get(String(link))
            #expect(again.status == .gone && again.body.contains("already used"))
        }
    }

    @Test func aDeactivatedPersonGetsNoLink() async throws {
        try await withWorld { world in
            try await world.db.transaction(tenant: world.employee.tenantID) {
                try await UserQueries.setActive(false, user: world.employee.id, on: $0)
            }
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            let answer = try await visitor.post("/t/acme/login", form: ["email": world.employee.email], csrfFrom: login)
            #expect(answer.body.contains("Check your e-mail"))
            #expect(try await Self.mail(world, to: world.employee).isEmpty)
        }
    }

    @Test func badAddressesAndFloodsAreRefused() async throws {
        try await withWorld { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            for bad in ["", "eva", "eva@", "<script>@x.cz", String(repeating: "a", count: 300) + "@x.cz"] {
                let page = try await visitor.post("/t/acme/login", form: ["email": bad], csrfFrom: login)
                #expect(page.status == .unprocessableEntity, "\(bad)")
                #expect(page.body.contains("Enter your e-mail address") && !page.body.contains("<script>@"))
            }
            let noToken = try await visitor.postRaw("/t/acme/login", form: ["email": world.employee.email])
            #expect(noToken.status == .forbidden)
            // One address from one client: the fourth request within 15 minutes is refused to this
            // client, and no fourth mail is queued.
            for attempt in 1...4 {
                let page = try await visitor.post("/t/acme/login", form: ["email": world.employee.email], csrfFrom: login)
                #expect(page.status == (attempt <= SignInThrottle.perClientForEmail ? .ok : .tooManyRequests), "attempt \(attempt)")
            }
            #expect(try await Self.mail(world, to: world.employee).count == SignInThrottle.perClientForEmail)
            // Per client: many addresses from one place.
            var statuses: [HTTPStatus] = []
            for index in 0..<SignInThrottle.perClient {
                let page = try await visitor.post("/t/acme/login", form: ["email": "guess\(index)@acme.example"], csrfFrom: login)
                statuses.append(page.status)
            }
            #expect(statuses.last == .tooManyRequests)
        }
    }

    @Test func theMailGoesOutThroughSendmailToARealSMTPServer() async throws {
        let command = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_SENDMAIL"],
                                   "run the tests with scripts/test, which starts an SMTP server")
        let maildir = try #require(ProcessInfo.processInfo.environment["ROSTER_TEST_MAILDIR"])
        try await withWorld { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            _ = try await visitor.post("/t/acme/login", form: ["email": world.admin.email], csrfFrom: login)
            let worker = MailWorker(database: world.db, transport: try #require(SendmailTransport(commandLine: command)),
                                    from: "Roster <roster@roster.test>", logger: TestPostgres.logger)
            let pass = try await worker.deliverDue()
            #expect(pass.sent >= 1 && pass.failed == 0)
            // Read the message the SMTP server stored, and use the link in it.
            let mail = try #require(try await Self.mail(world, to: world.admin).first)
            #expect(mail.sentAt != nil && mail.attempts == 1)
            let received = try Self.receivedMessage(in: maildir, id: mail.id)
            #expect(received.headers.contains("To: \(world.admin.email)"))
            let link = try #require(received.body.firstMatch(of: /http:\/\/localhost:8080(\/t\/acme\/login\/[A-Za-z0-9_-]+)/)).1
            let page = try await visitor.get(String(link))
            let signedIn = try await visitor.post(String(link), form: [:], csrfFrom: page)
            #expect(signedIn.status == .seeOther)
            let home = try await visitor.get("/t/acme/")
            #expect(home.body.contains("Ing. Jana Nováková"))
            // A second pass sends nothing again.
            #expect(try await worker.deliverDue().sent == 0)
        }
    }

    @Test func aFailedDeliveryIsRetriedLaterAndFinallyGivenUp() async throws {
        try await withWorld { world in
            let tenant = world.admin.tenantID
            let id = try await world.db.transaction(tenant: tenant) {
                try await OutboxQueries.enqueue(to: world.admin.email, subject: "Test", body: "Body", on: $0)
            }
            let failing = MailWorker(database: world.db, transport: SendmailTransport(command: ["/bin/false"]),
                                     from: "roster@roster.test", logger: TestPostgres.logger)
            #expect(try await failing.deliverDue() == .init(sent: 0, failed: 1))
            var mail = try #require(try await Self.outbox(world, tenant: tenant).first { $0.id == id })
            #expect(mail.attempts == 1 && mail.sentAt == nil && mail.failedAt == nil && mail.lastError?.contains("exited with 1") == true)
            // Not due again until the back-off has passed.
            #expect(try await failing.deliverDue() == .init(sent: 0, failed: 0))
            for _ in 2...OutboxRetry.maxAttempts {
                _ = try await world.db.transaction(tenant: tenant) {
                    try await $0.query("UPDATE outbox SET next_attempt_at = now() WHERE tenant_id = \(tenant) AND id = \(id)")
                }
                try await failing.deliverDue()
            }
            mail = try #require(try await Self.outbox(world, tenant: tenant).first { $0.id == id })
            #expect(mail.attempts == OutboxRetry.maxAttempts && mail.failedAt != nil)
            // A command that does not exist is a failure too, not a crash.
            let missing = MailWorker(database: world.db, transport: SendmailTransport(command: ["/nonexistent/sendmail"]),
                                     from: "roster@roster.test", logger: TestPostgres.logger)
            let other = try await world.db.transaction(tenant: tenant) {
                try await OutboxQueries.enqueue(to: world.admin.email, subject: "Test 2", body: "Body", on: $0)
            }
            #expect(try await missing.deliverDue().failed == 1)
            #expect(try await Self.outbox(world, tenant: tenant).first { $0.id == other }?.lastError?.contains("could not be started") == true)
        }
    }

    @Test func aSendmailThatHangsOrStopsReadingIsEndedNotWaitedFor() async throws {
        let message = try MailMessage(from: "roster@roster.test", to: "eva@acme.example", subject: "Big",
                                      body: String(repeating: "x", count: 200_000))
        let hanging = SendmailTransport(command: ["/bin/sleep", "30"], timeout: .seconds(1))
        let started = ContinuousClock.now
        await #expect(throws: SendmailTransport.Failure.self) { try await hanging.send(message) }
        #expect(ContinuousClock.now - started < .seconds(10))
        // Exits at once without reading a message larger than a pipe holds: a failure, not a crash.
        let deaf = SendmailTransport(command: ["/bin/true"], timeout: .seconds(5))
        await #expect(throws: (any Error).self) { try await deaf.send(message) }
    }

    @Test func behindATrustedProxyTheForwardedAddressIsTheClient() async throws {
        try await withWorld { world in
            var headers = HTTPHeaders()
            headers.add(name: "X-Forwarded-For", value: "203.0.113.9, 198.51.100.7")
            let request = Request(application: world.app, method: .POST, url: "/t/acme/login", headers: headers,
                                  on: world.app.eventLoopGroup.next())
            #expect(request.clientAddress == "unknown", "not trusted by default: anyone can send the header")
            world.app.settings.trustForwardedFor = true
            #expect(request.clientAddress == "198.51.100.7", "the address the proxy itself saw")
        }
    }

    /// The message with Roster's Message-ID in the SMTP server's Maildir, its text part decoded.
    static func receivedMessage(in maildir: String, id: UUID) throws -> (headers: String, body: String) {
        let mail = try ReceivedMail.find(in: maildir, id: id)
        return (mail.headers, mail.text)
    }
}
