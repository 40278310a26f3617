import Foundation
import Logging
import PostgresNIO
import Vapor

/// PostgreSQL could not be reached in time: the request is answered 503 with `Retry-After`,
/// so people and load balancers retry instead of waiting.
public struct DatabaseUnavailable: AbortError, CustomStringConvertible, Equatable {
    public static let retryAfterSeconds = 5
    public static let identifier = "database"

    public enum Cause: String, Sendable, Equatable {
        /// No connection became free within the wait bound.
        case timedOut = "no connection became free in time"
        /// The pool gave up on the server (its circuit breaker) or is shut down.
        case unreachable = "the database cannot be reached"
        /// The server closed or lost the connection during the request.
        case connectionLost = "the connection to the database was lost"
    }

    public let cause: Cause

    public init(_ cause: Cause) { self.cause = cause }

    public var status: HTTPResponseStatus { .serviceUnavailable }
    public var reason: String { cause.rawValue }
    public var identifier: String { Self.identifier }
    public var headers: HTTPHeaders { ["Retry-After": "\(Self.retryAfterSeconds)"] }
    public var description: String { "database unavailable: \(cause.rawValue)" }

    /// The errors that mean the database, not the request, failed: connection-level failures of
    /// PostgresNIO. A statement the server refused (`.server`) is not one of them.
    public static func from(_ error: any Error) -> DatabaseUnavailable? {
        if let error = error as? DatabaseUnavailable { return error }
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
                return DatabaseUnavailable(.connectionLost)
            case .poolClosed:
                return DatabaseUnavailable(.unreachable)
            default:
                return nil
            }
        }
        return nil
    }
}

/// The connection pool with a bounded wait.
///
/// PostgresNIO's pool queues a request until a connection is free, and while the server is down
/// it keeps the request queued until its circuit breaker trips (a minute); then it retries with a
/// back-off that grows to a minute. Here a request waits at most `waitTimeout` for a connection
/// and then fails with `DatabaseUnavailable` (503). When waits fail although no connection is in
/// use, the pool probes the server with a connection of its own, and once the server answers
/// again it replaces the client that is still waiting out its back-off, so pages come back within
/// seconds of the database.
public final class DatabasePool: @unchecked Sendable {
    public let waitTimeout: Duration
    /// Whether its connections may keep named prepared statements: each is parsed and planned
    /// once per server session. Not through a pooler in transaction mode (PgBouncer's
    /// `pool_mode = transaction`), where each transaction may land on another server session that
    /// does not know the name: there the same statements are sent unnamed, parsed and planned with
    /// each execution (`PostgresConnection.run(_:named:logger:)`).
    public let namedStatements: Bool
    private let logger: Logger
    /// Connections lent out, waits and their timeouts (`/metrics`).
    private let metrics: RosterMetrics?
    /// How to make a new client and probe the server; nil for a client run by someone else.
    private let factory: Factory?
    private let lock = NSLock()
    private var client: PostgresClient
    private var runTask: Task<Void, Never>?
    private var leased = 0
    private var probing = false
    private var lastProbe: ContinuousClock.Instant?
    private var isShutDown = false

    struct Factory: Sendable {
        let url: PostgresURL
        let maxConnections: Int
        /// Whether connections set the session limits at startup (not through a transaction pooler).
        let sessionLimits: Bool
    }

    /// A pool that owns its client: `start()` runs it, `shutdown()` ends it, and it may be replaced
    /// after an outage.
    public init(url: PostgresURL, maxConnections: Int, waitTimeout: Duration, throughPooler: Bool = false,
                metrics: RosterMetrics? = nil, logger: Logger) {
        let factory = Factory(url: url, maxConnections: maxConnections, sessionLimits: !throughPooler)
        self.factory = factory
        namedStatements = !throughPooler
        self.waitTimeout = waitTimeout
        self.metrics = metrics
        self.logger = logger
        self.client = Self.makeClient(factory, logger: logger)
    }

    /// A pool over a client that the caller runs.
    public init(client: PostgresClient, waitTimeout: Duration = .seconds(5), logger: Logger) {
        self.factory = nil
        namedStatements = true
        self.waitTimeout = waitTimeout
        self.metrics = nil
        self.logger = logger
        self.client = client
    }

    private static func makeClient(_ factory: Factory, logger: Logger) -> PostgresClient {
        PostgresClient(configuration: factory.url.clientConfiguration(maxConnections: factory.maxConnections,
                                                                      sessionLimits: factory.sessionLimits),
                       backgroundLogger: logger)
    }

    /// Runs the client's background work until `shutdown()`.
    public func start() {
        lock.withLock {
            guard factory != nil, runTask == nil, !isShutDown else { return }
            let client = self.client
            runTask = Task { await client.run() }
        }
    }

    public func shutdown() {
        let task = lock.withLock {
            isShutDown = true
            defer { runTask = nil }
            return runTask
        }
        task?.cancel()
    }

    /// The client requests go to now.
    public var current: PostgresClient { lock.withLock { client } }

    /// Lends a connection for `body`, after waiting at most `timeout` (the pool's `waitTimeout`
    /// when nil) for one. The bound is on the wait only: `body` runs as long as it runs.
    public func withConnection<Result>(
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> sending Result
    ) async throws -> sending Result {
        let client = current
        let started = ContinuousClock.now
        let handoff = ConnectionHandoff()
        let lease = Task {
            do {
                try await client.withConnection { connection in
                    guard handoff.deliver(connection) else { return }
                    await handoff.waitUntilReturned()
                }
            } catch {
                handoff.fail(DatabaseUnavailable.from(error) ?? DatabaseUnavailable(.unreachable))
            }
        }
        // The bound is a timer of an event loop: cheaper than a task that sleeps, for every request.
        let bound = timeout ?? waitTimeout
        let timer = NIOSingletons.posixEventLoopGroup.any().scheduleTask(in: TimeAmount(bound)) {
            if handoff.fail(DatabaseUnavailable(.timedOut)) { lease.cancel() }
        }
        let connection: PostgresConnection
        do {
            connection = try await withTaskCancellationHandler {
                try await handoff.connection()
            } onCancel: {
                if handoff.fail(CancellationError()) { lease.cancel() }
            }
        } catch {
            timer.cancel()
            if let unavailable = error as? DatabaseUnavailable {
                if unavailable.cause == .timedOut { metrics?.poolTimeouts.increment() }
                checkServer()
            }
            throw error
        }
        timer.cancel()
        metrics?.poolWait.record(started.duration(to: .now))
        let inUse = lock.withLock { leased += 1; return leased }
        metrics?.poolInUse.set(Int64(inUse))
        defer {
            let inUse = lock.withLock { leased -= 1; return leased }
            metrics?.poolInUse.set(Int64(inUse))
            handoff.giveBack()
        }
        return try await body(connection)
    }

    /// A statement outside any transaction, on the current client (background work only: the
    /// wait is the client's own).
    @discardableResult
    public func query(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        try await current.query(query, logger: logger)
    }

    /// After a failed wait with no connection in use: connects to the server directly; if it
    /// answers, the current client is stuck in its back-off, and a fresh client replaces it.
    private func checkServer() {
        let now = ContinuousClock.now
        let shouldProbe: Bool = lock.withLock {
            guard factory != nil, !isShutDown, !probing, leased == 0 else { return false }
            if let lastProbe, lastProbe.duration(to: now) < .seconds(1) { return false }
            probing = true
            lastProbe = now
            return true
        }
        guard shouldProbe, let factory else { return }
        let failed = current
        Task {
            defer { lock.withLock { probing = false } }
            guard await Self.serverAnswers(factory.url, logger: logger) else { return }
            let fresh = Self.makeClient(factory, logger: logger)
            let replaced: (Bool, Task<Void, Never>?) = lock.withLock {
                guard !isShutDown, client === failed, leased == 0 else { return (false, nil) }
                client = fresh
                defer { runTask = Task { await fresh.run() } }
                return (true, runTask)
            }
            guard replaced.0 else { return }
            logger.notice("The database answers again: a fresh connection pool replaces the one waiting out its back-off.")
            // Requests still waiting on the old client fail with 503 as it closes.
            replaced.1?.cancel()
        }
    }

    /// Whether a connection opens and answers `SELECT 1` (the attempt gives up after 3 seconds).
    static func serverAnswers(_ url: PostgresURL, logger: Logger) async -> Bool {
        var quiet = logger
        quiet.logLevel = .critical
        do {
            var configuration = try url.connectionConfiguration()
            configuration.options.connectTimeout = .seconds(3)
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: quiet)
            defer { Task { try? await connection.close() } }
            try await connection.query("SELECT 1", logger: quiet)
            return true
        } catch {
            return false
        }
    }
}

/// Hands a leased connection from the task holding the lease to the request waiting for it, and
/// its return back; whichever comes first of the connection, a failure or the timeout decides.
final class ConnectionHandoff: @unchecked Sendable {
    private enum State {
        case pending(CheckedContinuation<PostgresConnection, any Error>?)
        case delivered(PostgresConnection)
        case taken
        case failed(any Error)
    }

    private let lock = NSLock()
    private var state = State.pending(nil)
    private var returned = false
    private var returnWaiter: CheckedContinuation<Void, Never>?

    /// The lease arrived; false when the request no longer waits (the lease is then released).
    func deliver(_ connection: PostgresConnection) -> Bool {
        let waiter: CheckedContinuation<PostgresConnection, any Error>?? = lock.withLock {
            guard case .pending(let waiter) = state else { return .none }
            if let waiter {
                state = .taken
                return .some(waiter)
            }
            state = .delivered(connection)
            return .some(nil)
        }
        guard let waiter else { return false }
        waiter?.resume(returning: connection)
        return true
    }

    /// Ends the wait with `error`; false when the connection had already arrived.
    @discardableResult
    func fail(_ error: any Error) -> Bool {
        let waiter: CheckedContinuation<PostgresConnection, any Error>?? = lock.withLock {
            guard case .pending(let waiter) = state else { return .none }
            state = .failed(error)
            return .some(waiter)
        }
        guard let waiter else { return false }
        waiter?.resume(throwing: error)
        return true
    }

    func connection() async throws -> PostgresConnection {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<PostgresConnection, any Error>? = lock.withLock {
                switch state {
                case .pending:
                    state = .pending(continuation)
                    return nil
                case .delivered(let connection):
                    state = .taken
                    return .success(connection)
                case .failed(let error):
                    return .failure(error)
                case .taken:
                    return .failure(CancellationError())
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// The request is done with the connection: the lease may end.
    func giveBack() {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            returned = true
            defer { returnWaiter = nil }
            return returnWaiter
        }
        waiter?.resume()
    }

    func waitUntilReturned() async {
        await withCheckedContinuation { continuation in
            let done: Bool = lock.withLock {
                if returned { return true }
                returnWaiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Runs the pool's background work from `configure` (commands and tests query before any boot)
/// until the application shuts down.
struct DatabasePoolRunner: LifecycleHandler {
    let pool: DatabasePool

    init(pool: DatabasePool) {
        self.pool = pool
        pool.start()
    }

    func shutdown(_ application: Application) {
        pool.shutdown()
    }

    func shutdownAsync(_ application: Application) async {
        pool.shutdown()
    }
}

extension AppSettings {
    /// The same settings with another bound on the wait for a pooled connection.
    public func with(databasePoolTimeout: Duration) -> AppSettings {
        var copy = self
        copy.databasePoolTimeout = databasePoolTimeout
        return copy
    }
}
