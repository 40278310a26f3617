import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// Collects a request's body as it streams in: within its limit (413), its deadline (408), and
/// for a file at a minimum rate (408 too): a body that brought less than `MinimumRate` over its
/// last window is cut at once, so a client trickling a byte at a time cannot keep an upload's
/// place (`UploadGate`) for the whole deadline.
enum BodyCollector {
    /// The slowest a file may arrive: `bytesPerSecond` on average over every `window` (default
    /// 16 kB/s over 20 s: `ROSTER_UPLOAD_MIN_RATE`, `ROSTER_UPLOAD_RATE_WINDOW_SECONDS`).
    struct MinimumRate: Sendable, Equatable {
        let bytesPerSecond: Int
        let window: TimeAmount

        static let standard = MinimumRate(bytesPerSecond: 16 * 1024, window: .seconds(20))

        /// The bytes a window must bring.
        var bytesPerWindow: Int { Int((Int64(bytesPerSecond) * window.nanoseconds) / 1_000_000_000) }
    }

    /// The body's bytes once all have arrived.
    static func collect(
        _ request: Request, max: Int, deadline: TimeAmount, minimumRate: MinimumRate?
    ) async throws -> ByteBuffer {
        if let data = request.body.data {
            // Already whole (a request built in memory): the limit still holds.
            guard data.readableBytes <= max else { throw Abort(.payloadTooLarge) }
            return data
        }
        let loop = request.eventLoop
        let promise = loop.makePromise(of: ByteBuffer.self)
        let collecting = Collecting(promise: promise, max: max)
        let body = request.body
        loop.execute {
            collecting.start(on: loop, deadline: deadline, minimumRate: minimumRate)
            body.drain { part in
                collecting.take(part)
                return loop.makeSucceededVoidFuture()
            }
        }
        return try await promise.futureResult.get()
    }

    /// One body being collected; touched only on the request's event loop.
    private final class Collecting: @unchecked Sendable {
        let promise: EventLoopPromise<ByteBuffer>
        let max: Int
        var buffer = ByteBuffer()
        var received = 0
        var finished = false
        var deadline: Scheduled<Void>?
        var rateCheck: RepeatedTask?
        /// Bytes received at each check, the newest last: the window's start is the oldest kept.
        var samples: [Int] = []

        init(promise: EventLoopPromise<ByteBuffer>, max: Int) {
            self.promise = promise
            self.max = max
        }

        func start(on loop: any EventLoop, deadline: TimeAmount, minimumRate: MinimumRate?) {
            self.deadline = loop.scheduleTask(in: deadline) { [self] in finish(.failure(Abort(.requestTimeout))) }
            guard let rate = minimumRate, rate.bytesPerSecond > 0, rate.window.nanoseconds > 0 else { return }
            // Four checks a window: a body is cut at most a quarter of a window after it fell behind.
            let step = TimeAmount.nanoseconds(Swift.max(1, rate.window.nanoseconds / 4))
            samples = [0]
            rateCheck = loop.scheduleRepeatedTask(initialDelay: step, delay: step) { [self] _ in
                samples.append(received)
                guard samples.count > 4 else { return }
                samples.removeFirst(samples.count - 5)
                if received - samples[0] < rate.bytesPerWindow {
                    finish(.failure(Abort(.requestTimeout, reason: "the body arrived slower than the minimum rate")))
                }
            }
        }

        func take(_ part: BodyStreamResult) {
            guard !finished else { return }
            switch part {
            case .buffer(var bytes):
                received += bytes.readableBytes
                guard buffer.readableBytes + bytes.readableBytes <= max else {
                    finish(.failure(Abort(.payloadTooLarge)))
                    return
                }
                buffer.writeBuffer(&bytes)
            case .error:
                // The stream fails only when the connection does: the client went away.
                finish(.failure(RequestProblem.clientGone))
            case .end:
                finish(.success(buffer))
            }
        }

        func finish(_ result: Result<ByteBuffer, any Error>) {
            guard !finished else { return }
            finished = true
            deadline?.cancel()
            rateCheck?.cancel()
            rateCheck = nil
            if case .failure = result { buffer = ByteBuffer() }
            promise.completeWith(result)
        }
    }
}
