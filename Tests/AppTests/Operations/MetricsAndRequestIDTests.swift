import Foundation
import NIOCore
import Testing
import Vapor
@testable import App

/// /metrics for the allowed addresses only; every answer carries its request id, which error
/// pages show; requests, the pool and failed sign-ins are counted.
@Suite struct MetricsAndRequestIDTests {
    static func request(_ app: Application, _ path: String, from address: String, headers: [(String, String)] = []) async throws -> Response {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        fields.add(name: .acceptLanguage, value: "en")
        let request = Request(application: app, method: .GET, url: URI(path: path), headers: fields, collectedBody: nil,
                              remoteAddress: try SocketAddress(ipAddress: address, port: 50000), logger: app.logger,
                              on: app.eventLoopGroup.next())
        return try await app.responder.respond(to: request).get()
    }

    static func text(_ response: Response) -> String { response.body.string ?? "" }

    @Test func metricsAreForTheAllowedAddressesOnly() async throws {
        try await withWorld { world in
            var browser = world.browser()
            _ = try await browser.get("/t/acme/login")
            _ = try await browser.get("/t/acme/login/not-a-token")

            let scrape = try await Self.request(world.app, "/metrics", from: "127.0.0.1")
            #expect(scrape.status == .ok)
            #expect(scrape.headers.contentType?.subType == "plain")
            let body = Self.text(scrape)
            #expect(body.contains(#"roster_http_requests_total{method="GET",route="/t/:slug/login",status="2xx"} 1"#), "\(body.prefix(3_000))")
            #expect(body.contains(#"roster_http_request_duration_seconds_bucket{method="GET",route="/t/:slug/login""#))
            #expect(body.contains(#"roster_sign_in_failures_total{method="link",reason="unknown"} 1"#))
            #expect(body.contains("roster_db_pool_connections_in_use"))
            #expect(body.contains("roster_db_pool_wait_seconds_count"))
            #expect(body.contains("roster_pdf_inspections_running"))
            #expect(body.contains("roster_outbox_pending"))
            #expect(!body.contains("not-a-token"), "paths never become labels")

            let outside = try await Self.request(world.app, "/metrics", from: "203.0.113.7")
            #expect(outside.status == .notFound)
            #expect(!Self.text(outside).contains("roster_"))
        }
    }

    @Test func behindATrustedProxyTheRelayedClientIsChecked() async throws {
        try await withWorld(settings: { $0.trustForwardedFor = true; $0.metricsAllowed = [AddressRange("10.0.0.0/8")!] }) { world in
            let relayed = try await Self.request(world.app, "/metrics", from: "127.0.0.1", headers: [("X-Forwarded-For", "203.0.113.7")])
            #expect(relayed.status == .notFound)
            let inside = try await Self.request(world.app, "/metrics", from: "127.0.0.1", headers: [("X-Forwarded-For", "10.2.3.4")])
            #expect(inside.status == .ok)
            let direct = try await Self.request(world.app, "/metrics", from: "127.0.0.1")
            #expect(direct.status == .notFound, "loopback is not in the operator's list")
        }
        try await withWorld(settings: { $0.metricsAllowed = [] }) { world in
            let nobody = try await Self.request(world.app, "/metrics", from: "127.0.0.1")
            #expect(nobody.status == .notFound)
        }
    }

    @Test func everyAnswerCarriesItsRequestIDAndErrorPagesShowIt() async throws {
        try await withWorld { world in
            var browser = world.browser()
            let login = try await browser.get("/t/acme/login")
            let first = try #require(login.headers.first(name: "X-Request-Id"))
            #expect(first.count == 24 && first.allSatisfy(\.isHexDigit))
            let again = try await browser.get("/t/acme/login")
            #expect(again.headers.first(name: "X-Request-Id") != first)

            let missing = try await browser.get("/t/acme/no-such-page")
            #expect(missing.status == .notFound)
            let id = try #require(missing.headers.first(name: "X-Request-Id"))
            #expect(missing.body.contains("Reference for support: <code>\(id)</code>"), "\(missing.body)")

            // Without a trusted proxy, an id a client sends is not taken.
            let sent = try await Self.request(world.app, "/healthz", from: "127.0.0.1", headers: [("X-Request-Id", "from-client-1")])
            #expect(sent.headers.first(name: "X-Request-Id") != "from-client-1")
        }
        try await withWorld(settings: { $0.trustForwardedFor = true }) { world in
            let proxied = try await Self.request(world.app, "/healthz", from: "127.0.0.1", headers: [("X-Request-Id", "7f000001-1f90.abc")])
            #expect(proxied.headers.first(name: "X-Request-Id") == "7f000001-1f90.abc")
            for hostile in ["", String(repeating: "a", count: 65), "a b", "<script>", "a\u{0}b", "ä"] {
                let refused = try await Self.request(world.app, "/healthz", from: "127.0.0.1", headers: [("X-Request-Id", hostile)])
                #expect(refused.headers.first(name: "X-Request-Id")?.count == 24, "\(hostile.prefix(10))")
            }
        }
    }

    @Test func aRequestLogLineNamesThePatternNotThePath() throws {
        let line = RequestLogLine(time: Date(timeIntervalSince1970: 1_800_000_000), requestID: "abc", method: "GET",
                                  route: "/t/:slug/login/:token", tenant: "acme", status: 404, duration: .microseconds(12_345))
        let text = String(decoding: line.json(), as: UTF8.self)
        #expect(text == #"{"method":"GET","ms":12.345,"request_id":"abc","route":"/t/:slug/login/:token","status":404,"tenant":"acme","time":"2027-01-15T08:00:00.000Z"}"# + "\n")

        // Whatever a field holds, the line is one line of JSON that reads back as it was written.
        let hostile = "a\"b\\c\nd\re\tf\u{1}g\u{7f}h\u{2028}ž😀"
        let odd = RequestLogLine(time: Date(), requestID: hostile, method: "GET", route: hostile, tenant: nil, status: 500,
                                 duration: .seconds(2))
        let data = odd.json()
        #expect(data.last == 0x0a && data.dropLast().firstIndex(of: 0x0a) == nil)
        let object = try #require(try JSONSerialization.jsonObject(with: data.dropLast()) as? [String: Any])
        #expect(object["route"] as? String == hostile && object["request_id"] as? String == hostile)
        #expect(object["tenant"] == nil && (object["ms"] as? Double) == 2_000 && (object["status"] as? Int) == 500)
    }

    @Test func requestIDsAreTwentyFourHexDigits() {
        let ids = (0..<1_000).map { _ in RequestID.make() }
        #expect(ids.allSatisfy { $0.utf8.count == 24 && $0.allSatisfy(\.isHexDigit) && RequestID.accepted($0) == $0 })
        #expect(Set(ids).count == ids.count)
    }
}
