import Foundation
import NIOCore
import NIOPosix
import Testing
import Vapor
@testable import App

/// Bodies through the whole middleware stack: refused before decoding when malformed, a NUL
/// named once for every form, uploads within their gate, and slow senders holding no connection.
@Suite struct RequestBodyRoutesTests {
    static let emptyBoundary = "multipart/form-data; boundary="

    @Test func anEmptyOrMalformedBoundaryIsA400Everywhere() async throws {
        try await withWorld { world in
            var visitor = world.browser()
            var admin = try await world.signedIn(world.admin)
            let body = "--\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\nx\r\n----"
            for path in ["/t/acme/login", "/oauth/token", "/oauth/revoke", "/t/acme/invoices/upload", "/t/acme/teams"] {
                for type in [Self.emptyBoundary, "multipart/form-data", "multipart/form-data; boundary=\"\"",
                             "multipart/form-data; boundary=" + String(repeating: "b", count: 71)] {
                    let anonymous = try await visitor.send(.POST, path, body: body, contentType: type)
                    #expect(anonymous.status == .badRequest || anonymous.status == .unauthorized, "\(path) \(type)")
                    let signedIn = try await admin.send(.POST, path, body: body, contentType: type)
                    #expect(signedIn.status == .badRequest, "\(path) \(type)")
                }
            }
            // Still serving.
            #expect(try await visitor.get("/t/acme/login").status == .ok)
        }
    }

    @Test func formRoutesTakeOnlyForms() async throws {
        try await withWorld { world in
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/teams")
            let token = try #require(page.csrf)
            // The token inside a multipart body is not read on a route that takes no files.
            let multipart = "--b\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(token)\r\n"
                + "--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nMarketing\r\n--b--\r\n"
            let refused = try await admin.send(.POST, "/t/acme/teams", body: multipart, contentType: "multipart/form-data; boundary=b")
            #expect(refused.status == .unsupportedMediaType)
            let json = try await admin.send(.POST, "/t/acme/teams", body: "{\"_csrf\":\"\(token)\",\"name\":\"M\\u0000\"}",
                                            contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            let text = try await admin.send(.POST, "/t/acme/teams", body: "_csrf=\(token)&name=x", contentType: "text/plain")
            #expect(text.status == .unsupportedMediaType)
            let twoTypes = try await world.app.testing().sendRequest(.POST, "/t/acme/login", headers: [
                "Content-Type": "application/x-www-form-urlencoded", "content-type": "multipart/form-data; boundary=b",
            ], body: ByteBuffer(string: "email=a"))
            #expect(twoTypes.status == .badRequest)
        }
    }

    @Test func aNulByteIsRefusedOnceWithTheFieldsName() async throws {
        try await withWorld { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            let signIn = try await visitor.post("/t/acme/login", form: ["email": "eva\u{0}@acme.example"], csrfFrom: login)
            #expect(signIn.status == .unprocessableEntity)
            #expect(signIn.body.contains("“email” contains a character that cannot be stored"))

            var admin = try await world.signedIn(world.admin)
            for path in ["/t/acme/people?q=No%00vak", "/t/acme/team?q=%00", "/t/acme/review/invoices?q=a%00"] {
                let page = try await admin.get(path)
                #expect(page.status == .unprocessableEntity, "\(path)")
                #expect(page.body.contains("“q”"), "\(path)")
            }
            let teams = try await admin.get("/t/acme/teams")
            let team = try await admin.post("/t/acme/teams", form: ["name": "Sales\u{0}"], csrfFrom: teams)
            #expect(team.status == .unprocessableEntity)
            let company = try await admin.get("/t/acme/admin/company")
            let rename = try await admin.post("/t/acme/admin/company", form: ["name": "\u{0}"], csrfFrom: company)
            #expect(rename.status == .unprocessableEntity)

            // In an upload: the file's name and the form's fields.
            var eva = try await world.signedIn(world.employee)
            let form = try await eva.get(Paths.uploadInvoice("acme"))
            let upload = try await eva.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"],
                                                file: TestPDF.invoice(["Faktura"]), filename: "faktura\u{0}.pdf", csrfFrom: form)
            #expect(upload.status == .unprocessableEntity)
            #expect(upload.body.contains("“file”"))
            // Nothing of it reached the database as an error.
            #expect(try await admin.get("/t/acme/people?q=Nov").status == .ok)
        }
    }

    @Test func uploadsBeyondTheGateAreToldToTryAgainBeforeTheBodyIsRead() async throws {
        try await withWorld(settings: { $0.uploadConcurrency = 1 }) { world in
            var eva = try await world.signedIn(world.employee)
            let form = try await eva.get(Paths.uploadInvoice("acme"))
            let someoneElse = UploadGate.Holder(person: UUID(), company: UUID())
            #expect(world.app.uploadGate.enter(.invoices, someoneElse) == nil, "the one place, taken by another upload")
            let refused = try await eva.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"],
                                                 file: TestPDF.invoice(["Faktura"]), filename: "a.pdf", csrfFrom: form)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers.first(name: "Retry-After") == "30")
            #expect(refused.body.contains("Try again in a minute"))
            world.app.uploadGate.leave(.invoices, someoneElse)
            #expect(world.app.uploadGate.current == 0, "a refused upload does not keep a place")
            let accepted = try await eva.postFile(Paths.uploadInvoice("acme"), fields: ["month": "2024-10"],
                                                  file: TestPDF.invoice(["Faktura"]), filename: "a.pdf", csrfFrom: form)
            #expect(accepted.status == .seeOther)
            #expect(world.app.uploadGate.current == 0)
        }
    }

    @Test func errorDetailsAndTheMailboxAreOffUnlessAskedFor() throws {
        if ProcessInfo.processInfo.environment["DATABASE_URL"] == nil {
            setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none", 0)
        }
        let development = try AppSettings.fromEnvironment(.development)
        #expect(!development.showErrorDetails)
        #expect(!development.devMailbox)
    }

    /// A request as a running server would build it, from `address`, with the browser's cookies.
    static func request(_ world: TestWorld, _ path: String, cookies: [String: String], from address: SocketAddress?) async throws -> Response {
        var headers = HTTPHeaders()
        headers.add(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        headers.add(name: .acceptLanguage, value: "en")
        let request = Request(application: world.app, method: .GET, url: URI(path: path), headers: headers,
                              collectedBody: nil, remoteAddress: address, logger: world.app.logger, on: world.app.eventLoopGroup.next())
        return try await world.app.responder.respond(to: request).get()
    }

    @Test func theDevelopmentMailboxIsForAdminsOnALoopbackConnection() async throws {
        let loopback = try SocketAddress(ipAddress: "127.0.0.1", port: 50000)
        let remote = try SocketAddress(ipAddress: "203.0.113.7", port: 50000)
        try await withWorld(environment: .development, settings: { $0.devMailbox = true }) { world in
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            #expect(login.body.contains("Development mailbox"))
            _ = try await visitor.post("/t/acme/login", form: ["email": world.employee.email], csrfFrom: login)
            let anonymous = try await Self.request(world, Paths.devMailbox("acme"), cookies: visitor.cookies, from: loopback)
            #expect(anonymous.status == .seeOther || anonymous.status == .found, "a visitor is sent to sign in")
            let eva = try await world.signedIn(world.employee)
            #expect(try await Self.request(world, Paths.devMailbox("acme"), cookies: eva.cookies, from: loopback).status == .notFound)
            let admin = try await world.signedIn(world.admin)
            #expect(try await Self.request(world, Paths.devMailbox("acme"), cookies: admin.cookies, from: remote).status == .notFound)
            let page = try await Self.request(world, Paths.devMailbox("acme"), cookies: admin.cookies, from: loopback)
            #expect(page.status == .ok)
            let text = page.body.string ?? ""
            #expect(text.contains("Přihlášení do Acme s.r.o.") && text.contains("/t/acme/login/"))
            #expect(!text.contains("Hana"), "only this tenant's mail")
        }
        // Development without the setting: no mailbox, not even for an admin on loopback.
        try await withWorld(environment: .development) { world in
            let admin = try await world.signedIn(world.admin)
            #expect(try await Self.request(world, Paths.devMailbox("acme"), cookies: admin.cookies, from: loopback).status == .notFound)
            var visitor = world.browser()
            #expect(!(try await visitor.get("/t/acme/login").body.contains("Development mailbox")))
        }
    }

    /// Sockets that announce a body and never send it hold no pooled connection: the pool has
    /// four, and a page still answers with eight such senders waiting.
    @Test func slowBodiesHoldNoDatabaseConnection() async throws {
        try await withWorld { world in
            try await world.app.server.start(address: .hostname("127.0.0.1", port: 0))
            do {
                try await Self.stallAndAsk(world)
            } catch {
                await world.app.server.shutdown()
                throw error
            }
            await world.app.server.shutdown()
        }
    }

    static func stallAndAsk(_ world: TestWorld) async throws {
        do {
            let port = try #require(world.app.http.server.shared.localAddress?.port)
            var visitor = world.browser()
            let login = try await visitor.get("/t/acme/login")
            let cookie = visitor.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let token = try #require(login.csrf)
            var stalled: [any Channel] = []
            for _ in 0..<8 {
                let channel = try await ClientBootstrap(group: world.app.eventLoopGroup).connect(host: "127.0.0.1", port: port).get()
                let head = "POST /t/acme/login HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n_csrf=\(token)&email="
                try await channel.writeAndFlush(ByteBuffer(string: head)).get()
                stalled.append(channel)
            }
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            let page = try await Self.get(port: port, path: "/t/acme/login", group: world.app.eventLoopGroup)
            #expect(page.hasPrefix("HTTP/1.1 200"), "\(page.prefix(100))")
            // Held connections would keep the page waiting for the senders' 30-second body
            // deadline (the test pool waits 60 s for a connection); a loaded machine may take a
            // few seconds to answer, which is not what this measures.
            #expect(ContinuousClock.now - started < .seconds(15))
            for channel in stalled { try? await channel.close() }
            // Their requests end with the closed connections; let them finish before the app stops.
            try await Task.sleep(for: .milliseconds(500))
        }
    }

    /// A plain HTTP/1.1 GET over a new TCP connection; the response's text.
    static func get(port: Int, path: String, group: any EventLoopGroup) async throws -> String {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in channel.pipeline.addHandler(collector) }
            .connect(host: "127.0.0.1", port: port).get()
        try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")).get()
        try await channel.closeFuture.get()
        return collector.text
    }

    final class Collector: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let lock = NSLock()
        private var received = ""
        var text: String { lock.withLock { received } }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            lock.withLock { received += String(buffer: buffer) }
        }
    }
}

@Suite struct DatabaseSessionLimitsTests {
    @Test func applicationConnectionsEndLongStatementsAndIdleTransactions() async throws {
        try await withWorld { world in
            let limits = try await world.db.transaction(readOnly: true) { connection in
                let rows = try await connection.query(
                    "SELECT current_setting('statement_timeout'), current_setting('idle_in_transaction_session_timeout')",
                    logger: TestPostgres.logger).collect()
                return try rows.first.map { try $0.decode((String, String).self) }
            }
            #expect(limits?.0 == "30s" && limits?.1 == "30s")
        }
    }
}
