import Foundation
import NIOCore
import NIOPosix
import Testing
import Vapor
@testable import App

/// A provider that fails is not asked again for a while: visitors pressing "Sign in with …"
/// cannot make Roster wait on it request after request. Concurrent sign-ins share one request.
@Suite struct DiscoveryFailureMemoryTests {
    /// An HTTP server on loopback that answers every request with 503 and counts them.
    final class FailingProvider: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        private let lock = NSLock()
        private var seen = 0
        var requests: Int { lock.withLock { seen } }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let text = String(buffer: unwrapInboundIn(data))
            guard text.contains("\r\n\r\n") else { return }
            lock.withLock { seen += 1 }
            let answer = ByteBuffer(string: "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    @Test func aFailedDiscoveryIsRememberedBrieflyAndSharedByConcurrentSignIns() async throws {
        try await withWorld { world in
            let provider = FailingProvider()
            let server = try await ServerBootstrap(group: world.app.eventLoopGroup)
                .childChannelInitializer { $0.pipeline.addHandler(provider) }
                .bind(host: "127.0.0.1", port: 0).get()
            let port = try #require(server.localAddress?.port)
            let issuer = "http://127.0.0.1:\(port)"
            let directory = OIDCDirectory(client: world.app.client, allowPrivateAddresses: true)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask { _ = try? await directory.discovery(issuer: issuer, for: world.admin.tenantID) }
                }
            }
            #expect(provider.requests == 1, "five sign-ins at once, one request")
            await #expect(throws: OIDCProblem.providerDown) { _ = try await directory.discovery(issuer: issuer, for: world.admin.tenantID) }
            #expect(provider.requests == 1, "right after a failure the provider is not asked again")
            await #expect(throws: OIDCProblem.providerDown) { _ = try await directory.discovery(issuer: issuer, for: world.admin.tenantID, fresh: true) }
            #expect(provider.requests == 2, "an admin saving the settings asks again")
            try await server.close()
        }
    }
}
