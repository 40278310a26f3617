/// At most `limit` holders at a time; the others wait their turn in order. A burst of uploads
/// then queues instead of starting one inspector process each.
public actor ConcurrencyGate {
    public let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(limit: Int) {
        precondition(limit >= 1)
        self.limit = limit
    }

    /// How many are waiting for a turn.
    public var queued: Int { waiting.count }

    public func withTurn<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    /// Like `withTurn`, but nil at once when `maxQueued` are already waiting: a burst beyond the
    /// line's length is turned away instead of piling up (each waiter holds its upload in memory).
    public func withTurn<T: Sendable>(maxQueued: Int, _ body: @Sendable () async throws -> T) async rethrows -> T? {
        if running >= limit, waiting.count >= maxQueued { return nil }
        return try await withTurn(body)
    }

    private func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            // The turn passes straight to the next in line; `running` stays the same.
            waiting.removeFirst().resume()
        }
    }
}
