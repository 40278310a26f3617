import Foundation
import Testing
import Vapor
@testable import App

/// Malformed requests to every route of the route table, over real TCP to the real server
/// running in this process: no answer may be a server error, no request may stall the server,
/// and none may end the process (a crash ends the test run itself, which is how it shows).
/// With `ROSTER_FUZZ_VERBOSE=1` every request's case and answer is printed.
@Suite struct RouteFuzzTests {
    static let seed: UInt64 = 0x526F_7374_6572_2046
    /// The most requests one run sends; the empty multipart boundary to every body route is
    /// always among them.
    static let maxRequests = 3000
    static let workers = 3

    /// What a parameter of a route pattern is replaced with.
    enum PathVariant: String, CaseIterable {
        /// Existing rows (a person, their rate, an invoice and its document).
        case valid
        /// Well-formed identifiers of nothing.
        case unknown
        /// Not identifiers at all.
        case junk
    }

    struct Ids {
        let person: UUID
        let rate: UUID
        let invoice: UUID
        let document: UUID
    }

    static let unknownID = UUID(uuidString: "0badc0de-0000-4000-8000-000000000000")!

    static func path(_ route: Route, variant: PathVariant, ids: Ids, junk: String) -> String {
        let isInvoice = route.path.contains(.constant("invoices"))
        return "/" + route.path.map { component -> String in
            switch component {
            case .constant(let value): return value
            case .parameter("slug"): return DemoData.slug
            case .parameter(let name):
                switch variant {
                case .junk: return junk
                case .unknown: return name == "token" ? String(repeating: "A", count: 43) : unknownID.uuidString.lowercased()
                case .valid:
                    switch name {
                    case "id" where isInvoice: return ids.invoice.uuidString.lowercased()
                    case "id": return ids.person.uuidString.lowercased()
                    case "rate": return ids.rate.uuidString.lowercased()
                    case "document": return ids.document.uuidString.lowercased()
                    case "token": return String(repeating: "A", count: 43)
                    default: return unknownID.uuidString.lowercased()
                    }
                }
            case .anything, .catchall: return "x"
            }
        }.joined(separator: "/")
    }

    /// Requests that end the admin's session run after all others.
    static func endsSession(_ path: String) -> Bool { path.contains("/logout") }

    static func requests(routes: [Route], identities: [FuzzIdentity], ids: Ids) -> [FuzzRequest] {
        var generator = SeededGenerator(seed: seed)
        var mandatory: [FuzzRequest] = []
        var optional: [FuzzRequest] = []
        for route in routes {
            let method = route.method.rawValue
            let hasParameters = route.path.contains { if case .parameter(let name) = $0 { name != "slug" } else { false } }
            let variants: [PathVariant] = hasParameters ? PathVariant.allCases : [.valid]
            let takesBody = route.method != .GET && route.method != .HEAD
            for variant in variants {
                let junk = FuzzCases.junkSegments[Int(generator.next() % UInt64(FuzzCases.junkSegments.count))]
                let path = Self.path(route, variant: variant, ids: ids, junk: junk)
                for identity in identities {
                    var cases = FuzzCases.addressCases(method: method, path: path, identity: identity)
                    let bodyCases = FuzzCases.bodyCases(method: method, path: path, identity: identity)
                    if takesBody {
                        cases += bodyCases
                    } else {
                        // A GET with a body: nothing should read it, but nothing may fail on it either.
                        cases += bodyCases.filter { ["multipart-empty-boundary", "form-deep-nesting", "json-to-form"].contains($0.0) }
                        cases.append(("method-unknown", FuzzCases.request("PATCH", path, identity: identity), false))
                    }
                    if variant != .valid {
                        // Other paths get a seeded sample of the cases.
                        cases.shuffle(using: &generator)
                        cases = Array(cases.prefix(6))
                    }
                    for (name, bytes, closeWrite) in cases {
                        let request = FuzzRequest(method: method, path: path, caseName: name, identity: identity.name,
                                                  bytes: bytes, closeWrite: closeWrite)
                        if takesBody && variant == .valid && name == "multipart-empty-boundary" {
                            mandatory.append(request)
                        } else {
                            optional.append(request)
                        }
                    }
                }
            }
        }
        optional.shuffle(using: &generator)
        return mandatory + optional.prefix(max(0, maxRequests - mandatory.count))
    }

    /// Whether an answer is acceptable: anything but a server error. A 503 counts as "try again"
    /// only with Retry-After (the server said it is overloaded or its database is away).
    static func problem(_ answer: RawHTTP.Answer, for request: FuzzRequest) -> String? {
        if answer.timedOut && !request.closeWrite { return "no answer within the time limit" }
        guard let status = answer.status else { return nil }
        if status == 503 && answer.header("Retry-After") != nil { return nil }
        return status >= 500 ? "answered \(status)" : nil
    }

    @Test(.timeLimit(.minutes(4)))
    func malformedRequestsToEveryRouteGetNoServerError() async throws {
        try await withWorld { world in
            let app = world.app
            var admin = try await world.signedIn(world.admin)
            let home = try await admin.get(Paths.home(DemoData.slug))
            let adminCSRF = try #require(home.csrf)
            let visitorToken = SecretToken().value
            let identities = [
                FuzzIdentity(name: "visitor", cookie: "\(CSRFMiddleware.cookieName)=\(visitorToken)", csrf: visitorToken),
                FuzzIdentity(name: "admin", cookie: admin.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                                 .joined(separator: "; "), csrf: adminCSRF),
            ]
            let rate = try await world.db.transaction(tenant: world.employee.tenantID) {
                try await RateQueries.history(of: world.employee.id, on: $0)[0].rate.id
            }
            let invoice = try await world.db.transaction(tenant: world.employee.tenantID) {
                try await $0.query("SELECT id, document_id FROM invoices WHERE user_id = \(world.employee.id)").collect()[0].decode((UUID, UUID).self)
            }
            let ids = Ids(person: world.employee.id, rate: rate, invoice: invoice.0, document: invoice.1)
            // The world's provider of this tenant is an address that does not exist: every sign-in
            // through it would wait on the network and end on the provider's own problem page (502).
            // That is the provider's failure, not the request's, so the tenant has no provider here.
            try await world.database.asSuperuser {
                try await $0.query("DELETE FROM identity_providers WHERE tenant_id = \(world.admin.tenantID)", logger: TestPostgres.logger)
            }
            let routes = app.routes.all
            let requests = Self.requests(routes: routes, identities: identities, ids: ids)

            try await app.asyncBoot()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            let started = ContinuousClock.now

            let first = requests.filter { !Self.endsSession($0.path) }
            let last = requests.filter { Self.endsSession($0.path) }
            var failures: [String] = []
            var statuses: [Int: Int] = [:]
            var unanswered = 0
            for batch in [first, last] {
                let results = try await withThrowingTaskGroup(of: [(FuzzRequest, RawHTTP.Answer)].self) { group in
                    for worker in 0..<Self.workers {
                        group.addTask {
                            var results: [(FuzzRequest, RawHTTP.Answer)] = []
                            for request in batch.enumerated().filter({ $0.offset % Self.workers == worker }).map(\.element) {
                                let timeout: TimeInterval = request.closeWrite ? 3 : 10
                                results.append((request, try await RawHTTP.exchange(request.bytes, port: port, timeout: timeout,
                                                                                     closeWrite: request.closeWrite)))
                            }
                            return results
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                for (request, answer) in results {
                    if ProcessInfo.processInfo.environment["ROSTER_FUZZ_VERBOSE"] != nil {
                        print("fuzz request: \(request.caseName) \(request.identity) \(request.method) \(request.path.prefix(60)) -> \(answer.status.map(String.init) ?? "none")\(answer.timedOut ? " timeout" : "")")
                    }
                    if let status = answer.status { statuses[status, default: 0] += 1 } else { unanswered += 1 }
                    if let problem = Self.problem(answer, for: request) {
                        failures.append("\(request.caseName) as \(request.identity): \(problem)\n    \(request.printable)")
                    }
                }
            }
            let health = try await RawHTTP.exchange(Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), port: port)
            let elapsed = started.duration(to: .now)
            await app.server.shutdown()

            let routeCount = Set(routes.map { "\($0.method.rawValue) \($0.path.string)" }).count
            for failure in failures.prefix(40) { print("fuzz failure: \(failure)") }
            print("fuzz: \(requests.count) requests to \(routeCount) routes, \(failures.count) server errors, server \(health.status == 200 ? "still up" : "down")")
            print("fuzz: answers by status \(statuses.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")), \(unanswered) closed without an answer, \(elapsed)")
            #expect(routeCount >= 50, "the route table was not walked")
            #expect(failures.isEmpty, "\(failures.count) requests got a server error or no answer; the first: \(failures.first ?? "")")
            #expect(health.status == 200, "/healthz did not answer after the fuzzing")
        }
    }
}
