import Foundation
import PostgresNIO
import Testing
import Vapor
@testable import App

/// Walks every registered route: no GET changes stored data, and no POST works without
/// the CSRF token of a page.
@Suite struct RouteSafetyTests {
    /// A fingerprint of every row of every table, as the superuser sees them.
    static func fingerprint(_ database: TestDatabase) async throws -> String {
        try await database.asSuperuser { connection in
            var tables: [String] = []
            for try await name in try await connection.query(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1", logger: TestPostgres.logger
            ).decode(String.self) { tables.append(name) }
            var parts: [String] = []
            for table in tables {
                let hash = try await connection.query(PostgresQuery(unsafeSQL:
                    // A session's last use is the one thing a page view records (at most once a minute,
                    // after its read-only transaction), so it is left out.
                    "SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) FROM (SELECT to_jsonb(t) - 'last_seen_at' AS r FROM \(table) t) s"),
                    logger: TestPostgres.logger).collect()[0].decode(String.self)
                parts.append("\(table):\(hash)")
            }
            return parts.joined(separator: ",")
        }
    }

    /// A concrete path for a route pattern.
    static func path(
        _ route: Route, slug: String = "acme", id: UUID = UUID(), rate: UUID = UUID(),
        invoice: (id: UUID, document: UUID)? = nil
    ) -> String {
        let isInvoice = route.path.contains(.constant("invoices"))
        return "/" + route.path.map { component -> String in
            switch component {
            case .constant(let value): value
            case .parameter("slug"): slug
            case .parameter("token"): SecretToken().value
            case .parameter("id") where isInvoice: (invoice?.id ?? UUID()).uuidString.lowercased()
            case .parameter("document"): (invoice?.document ?? UUID()).uuidString.lowercased()
            case .parameter("id"): id.uuidString.lowercased()
            case .parameter("rate"): rate.uuidString.lowercased()
            case .parameter: UUID().uuidString
            case .anything, .catchall: "x"
            }
        }.joined(separator: "/")
    }

    @Test func noGetChangesStoredData() async throws {
        try await withWorld { world in
            let routes = world.app.routes.all.filter { $0.method == .GET }
            #expect(routes.count >= 8)
            var browsers = [world.browser()]
            for role in Role.allCases { browsers.append(try await world.signedIn(world.user(role))) }
            let rate = try await world.db.transaction(tenant: world.employee.tenantID) {
                try await RateQueries.history(of: world.employee.id, on: $0)[0].rate.id
            }
            let invoice = try await world.db.transaction(tenant: world.employee.tenantID) {
                try await $0.query("SELECT id, document_id FROM invoices WHERE user_id = \(world.employee.id)").collect()[0].decode((UUID, UUID).self)
            }
            let before = try await Self.fingerprint(world.database)
            for route in routes {
                for index in browsers.indices {
                    // A real person, rate and invoice, so profile, form and invoice pages render rather than 404.
                    let path = Self.path(route, id: world.employee.id, rate: rate, invoice: (invoice.0, invoice.1))
                    let page = try await browsers[index].get(path)
                    #expect(page.status.code < 500, "GET \(path) answered \(page.status)")
                }
            }
            let after = try await Self.fingerprint(world.database)
            #expect(before == after, "a GET request changed stored data")
        }
    }

    @Test func noPostWorksWithoutItsCSRFToken() async throws {
        try await withWorld { world in
            // Every browser form. The OAuth token endpoints are for apps: they authenticate by the
            // code or token in the body, never by a cookie, so there is nothing to forge.
            // The API's operations authenticate by the bearer token alone: a browser's cookies
            // reach nothing there (checked below).
            // A mail's one-click unsubscribe is authorised by the signature in its address, which a
            // forger does not have (NotificationFlowTests posts it tampered and foreign: 404).
            let routes = world.app.routes.all.filter {
                $0.method != .GET && $0.method != .HEAD && $0.path.first != .constant("oauth") && $0.path.first != .constant("api")
                    && $0.userInfo[RouteOption.signedAddress] == nil
            }
            #expect(world.app.routes.all.filter { $0.userInfo[RouteOption.signedAddress] != nil }.count == 1)
            #expect(routes.count >= 4)
            var admin = try await world.signedIn(world.admin)
            var visitor = world.browser()
            _ = try await visitor.get("/t/acme/login")  // has a CSRF cookie, but will not send the token
            let before = try await Self.fingerprint(world.database)
            for route in routes {
                let path = Self.path(route)
                // A file route takes multipart forms only (anything else is 415 before a token is read).
                let files = route.userInfo[RouteOption.body] as? RouteBody == .multipart
                func post(_ browser: inout Browser, _ form: [String: String]) async throws -> Browser.Page {
                    guard files else { return try await browser.postRaw(path, form: form) }
                    let body = form.map { "--b\r\nContent-Disposition: form-data; name=\"\($0.key)\"\r\n\r\n\($0.value)\r\n" }
                        .joined() + "--b--\r\n"
                    return try await browser.send(.POST, path, body: body, contentType: "multipart/form-data; boundary=b")
                }
                for form in [[:], ["_csrf": "wrong-token-of-the-right-length-000000000000"]] as [[String: String]] {
                    let asAdmin = try await post(&admin, form.merging(["language": "en", "name": "X"]) { a, _ in a })
                    #expect(asAdmin.status == .forbidden, "POST \(path) as admin without a valid token: \(asAdmin.status)")
                    #expect(asAdmin.body.contains("This form has expired"))
                    let asVisitor = try await post(&visitor, form)
                    // A file route turns visitors away before it reads a body (and so a token).
                    let refusal: HTTPStatus = files ? .unauthorized : .forbidden
                    #expect(asVisitor.status == refusal, "POST \(path) as visitor without a valid token: \(asVisitor.status)")
                }
            }
            for route in world.app.routes.all where route.path.first == .constant("api") && route.method != .GET {
                let json = try await admin.send(route.method, Self.path(route), body: "{}", contentType: "application/json")
                // (The upload takes multipart only: JSON is refused before anything else.)
                let refusal: HTTPStatus = route.userInfo[RouteOption.body] as? RouteBody == .multipart ? .unsupportedMediaType : .unauthorized
                #expect(json.status == refusal, "\(route.method) \(Self.path(route)) with a session cookie: \(json.status)")
            }
            #expect(try await Self.fingerprint(world.database) == before)
            // The admin is still signed in: the refused requests did not sign anyone out.
            let home = try await admin.get("/t/acme/")
            #expect(home.status == .ok)
        }
    }

    @Test func anotherSessionsTokenIsNoGood() async throws {
        try await withWorld { world in
            let employeeHome = try await { var b = try await world.signedIn(world.employee); return try await b.get("/t/acme/") }()
            var admin = try await world.signedIn(world.admin)
            let post = try await admin.post("/t/acme/admin/company",
                form: ["name": "Renamed", "timeZone": "UTC", "defaultLanguage": "en"], csrfFrom: employeeHome)
            #expect(post.status == .forbidden)
        }
    }
}
