import Foundation
import NIOCore
import NIOPosix
import Testing
import Vapor
@testable import App

/// Calls to identity providers cannot starve other companies: no connection is held while a
/// provider is asked, and one company has at most `OIDCDirectory.maxCallsPerCompany` calls under
/// way (all companies `maxCalls`); past that a call is refused at once.
@Suite struct ProviderCallBoundsTests {
    /// A server on loopback that accepts connections, reads what comes and never answers.
    final class SilentProvider: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let lock = NSLock()
        private var seen = 0, open = 0, most = 0
        var requests: Int { lock.withLock { seen } }
        /// The most connections open at once.
        var mostAtOnce: Int { lock.withLock { most } }

        func channelActive(context: ChannelHandlerContext) {
            lock.withLock {
                open += 1
                most = max(most, open)
            }
        }

        func channelInactive(context: ChannelHandlerContext) { lock.withLock { open -= 1 } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if String(buffer: unwrapInboundIn(data)).contains("\r\n\r\n") { lock.withLock { seen += 1 } }
        }
    }

    static func silentProvider(_ world: TestWorld) async throws -> (SilentProvider, any Channel, Int) {
        let provider = SilentProvider()
        let server = try await ServerBootstrap(group: world.app.eventLoopGroup)
            .childChannelInitializer { $0.pipeline.addHandler(provider) }
            .bind(host: "127.0.0.1", port: 0).get()
        return (provider, server, try #require(server.localAddress?.port))
    }

    @Test func oneCompanyHoldsAtMostItsShareOfCallsAndEveryoneTheBound() async throws {
        try await withWorld { world in
            let (provider, server, port) = try await Self.silentProvider(world)
            let directory = OIDCDirectory(client: world.app.client, allowPrivateAddresses: true)
            let acme = UUID(), started = Date()
            // Five issuers of one company at once: two are asked, three refused at once.
            let outcomes = await withTaskGroup(of: (OIDCProblem?, TimeInterval).self) { group in
                for n in 0..<5 {
                    group.addTask {
                        do {
                            _ = try await directory.discovery(issuer: "http://127.0.0.1:\(port)/acme\(n)", for: acme, fresh: true)
                            return (nil, Date().timeIntervalSince(started))
                        } catch {
                            return (error as? OIDCProblem, Date().timeIntervalSince(started))
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let busy = outcomes.filter { $0.0 == .busy }
            #expect(busy.count == 5 - OIDCDirectory.maxCallsPerCompany && busy.allSatisfy { $0.1 < 2 })
            #expect(outcomes.filter { $0.0 == .providerDown }.count == OIDCDirectory.maxCallsPerCompany)
            #expect(provider.requests == OIDCDirectory.maxCallsPerCompany)

            // As many companies as the bound, and one more: the one more is refused at once.
            let companies = (0...OIDCDirectory.defaultMaxCalls).map { _ in UUID() }
            let refused = await withTaskGroup(of: Bool.self) { group in
                for (n, company) in companies.enumerated() {
                    group.addTask {
                        do {
                            _ = try await directory.discovery(issuer: "http://127.0.0.1:\(port)/c\(n)", for: company)
                            return false
                        } catch {
                            return error as? OIDCProblem == .busy
                        }
                    }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(refused == 1)
            try await server.close()
        }
    }

    /// Fifty saves at once of issuers that never answer: another company's pages and the
    /// readiness check answer as usual meanwhile.
    @Test func savesOfIssuersThatNeverAnswerLeaveOtherCompaniesAlone() async throws {
        try await withWorld { world in
            let (provider, server, port) = try await Self.silentProvider(world)
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get(Paths.signInSettings("acme"))
            let saver = admin
            let saves = Task {
                await withTaskGroup(of: Browser.Page?.self) { group in
                    for n in 0..<50 {
                        group.addTask {
                            var browser = saver
                            return try? await browser.post(Paths.signInSettings("acme"), form: [
                                "issuer": "http://127.0.0.1:\(port)/tenant\(n)", "clientID": "roster", "clientSecret": "s3cret",
                                "displayName": "Slow IdP",
                            ], csrfFrom: page)
                        }
                    }
                    return await group.reduce(into: [Browser.Page?]()) { $0.append($1) }
                }
            }
            // While the saves wait on the provider.
            try await Task.sleep(for: .milliseconds(500))
            var other = try await world.signedIn(world.otherAdmin, slug: "globex")
            for _ in 0..<3 {
                let started = Date()
                let people = try await other.get("/t/globex/people")
                let ready = try await other.get("/readyz")
                #expect(people.status == .ok && ready.status == .ok)
                // Before, each save held one of the pool's four connections for the provider's
                // timeout: other companies waited for the pool and got 503. Now they answer at
                // once (a few seconds at most on a machine busy with other tests).
                #expect(Date().timeIntervalSince(started) < 10, "another company's page and /readyz answer at once")
            }
            let answers = await saves.value
            #expect(answers.allSatisfy { $0?.status == .unprocessableEntity })
            // Never more than the company's share at once: most saves are told at once that
            // Roster is busy (a save arriving after the first calls timed out may call again).
            #expect(provider.mostAtOnce <= OIDCDirectory.maxCallsPerCompany)
            let busy = answers.filter { $0?.body.contains("as many identity providers as it may") == true }
            #expect(busy.count >= 50 - 4 * OIDCDirectory.maxCallsPerCompany, "\(busy.count) told busy")
            let unreachable = answers.filter { $0?.body.contains("could not read the provider") == true }.count
            #expect(busy.count + unreachable == 50 && provider.requests == unreachable)
            try await server.close()
        }
    }
}
