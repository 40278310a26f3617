import Foundation
import Logging
import PostgresNIO
import NIOConcurrencyHelpers
import Vapor

/// Report pages may read from a streaming-replication standby (`ROSTER_REPLICA_URL`), so long
/// reads leave the primary to the writes. A person must still see what they just wrote: after a
/// request of theirs that wrote, the answer carries the primary's WAL position after the commit
/// (`roster_wal` cookie). A report page then reads from the standby only when the standby has
/// replayed at least that far; otherwise, and whenever the standby cannot be reached, from the
/// primary. Without the cookie nothing of theirs can be missing. (docs/ARCHITECTURE.md, Several
/// servers.)
public enum ReplicaReads {
    public static let cookie = "roster_wal"
    /// How long the cookie lasts: a standby further behind than this is broken, not lagging.
    public static let cookieSeconds = 600

    /// A WAL position as PostgreSQL prints it (`16/B374D848`): two groups of 1–8 hex digits.
    public static func isPosition(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) }
        }
    }

    /// The primary's WAL position now (after the request's commit): any session of the primary
    /// gives one at least as far, so this works through a transaction pooler too. The insert
    /// position, not the write position (`pg_current_wal_lsn()`): with `synchronous_commit` off a
    /// commit returns before its record is written, and a standby that had replayed up to the
    /// write position would not yet show the write.
    static func primaryPosition(on connection: PostgresConnection, logger: Logger) async throws -> String {
        try await connection.query("SELECT pg_current_wal_insert_lsn()::text", logger: logger).collect()[0].decode(String.self)
    }

    /// Whether the standby has replayed `position` (false on a server that is no standby and has
    /// replayed nothing, e.g. before it ever streamed).
    static func hasReplayed(_ position: String, on connection: PostgresConnection, logger: Logger) async throws -> Bool {
        try await connection.query(
            "SELECT coalesce(pg_last_wal_replay_lsn() >= \(position)::pg_lsn, false)", logger: logger
        ).collect()[0].decode(Bool.self)
    }
}

/// The standby's pool, and a rest after it failed to answer: for `rest` no request waits on it,
/// so a standby that is down slows no page for longer than one wait.
public final class Replica: Sendable {
    public let database: Database
    public static let rest: Duration = .seconds(10)
    private let restingUntil = NIOLockedValueBox<ContinuousClock.Instant?>(nil)

    public init(database: Database) { self.database = database }

    var isResting: Bool {
        restingUntil.withLockedValue { until in until.map { ContinuousClock.now < $0 } ?? false }
    }

    func failed() { restingUntil.withLockedValue { $0 = ContinuousClock.now + Self.rest } }
}

private struct ReplicaKey: StorageKey { typealias Value = Replica }

extension Application {
    /// The standby that report pages read from, when `ROSTER_REPLICA_URL` is set.
    public var replica: Replica? {
        get { storage[ReplicaKey.self] }
        set { storage[ReplicaKey.self] = newValue }
    }
}
