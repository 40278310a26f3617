import NIOCore
import NIOPosix
import Testing
@testable import App

/// A light page's task runs on its connection's event loop (`RouteOption.onConnectionLoop`).
@Suite struct EventLoopTaskExecutorTests {
    @Test func theTaskAndItsChildrenRunOnTheLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        #expect(!loop.inEventLoop)
        let (afterYields, child, afterAFuture) = try await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            var everyTime = true
            for _ in 0..<3 {
                await Task.yield()
                everyTime = everyTime && loop.inEventLoop
            }
            async let child = loop.inEventLoop
            // A future completed by another loop resumes the task on its own loop.
            let other = MultiThreadedEventLoopGroup.singleton.next()
            _ = try await other.submit { 1 }.get()
            return (everyTime, await child, loop.inEventLoop)
        }
        #expect(afterYields && child && afterAFuture)
        try await group.shutdownGracefully()
    }
}
