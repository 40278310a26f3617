import Foundation
import Logging
import PostgresNIO
import Vapor

/// Deletes what has expired, so requests that anyone can make (sign-in links asked for, sign-ins
/// through the provider started, sessions, apps' codes and tokens) cannot grow their tables
/// without bound. Each kind is kept for `retention` after it ended: a used or expired link still
/// gets its own page, a spent OAuth code or refresh token presented again still revokes its
/// family, and sign-in requests outlive the throttle's window. Mail that was sent or given up is
/// kept for `mailRetention` (30 days), then deleted: it holds personal text, and nobody reads it
/// there after delivery.
///
/// The tables have row level security forced for every role, the owner included, so no function
/// (SECURITY DEFINER or not) could delete across tenants in one statement without a role that
/// bypasses it. The cleanup therefore visits tenants as the mail worker does: per tenant one
/// short transaction with the tenant set, one bounded DELETE per table, repeated while a batch
/// came back full. The transaction first takes an advisory lock for the tenant without waiting
/// (`pg_try_advisory_xact_lock`): when several servers run the cleanup, one cleans a tenant and
/// the others pass it by.
public struct ExpiryCleanup: Sendable {
    public let database: Database
    public let logger: Logger
    /// The sessions' idle timeout (`AppSettings.sessionIdleMinutes`).
    public let idleTimeout: TimeInterval
    public let retention: TimeInterval
    public let mailRetention: TimeInterval
    /// Rows per DELETE.
    public let batchSize: Int

    public static let defaultRetention: TimeInterval = 24 * 3600
    public static let defaultMailRetention: TimeInterval = 30 * 24 * 3600

    public init(database: Database, logger: Logger, idleTimeout: TimeInterval, retention: TimeInterval = defaultRetention,
                mailRetention: TimeInterval = defaultMailRetention, batchSize: Int = 500) {
        self.database = database
        self.logger = logger
        self.idleTimeout = idleTimeout
        // Sign-in requests are counted over the throttle's window: never delete within it.
        self.retention = max(retention, SignInThrottle.window)
        self.mailRetention = mailRetention
        self.batchSize = max(1, batchSize)
    }

    public struct Removed: Sendable, Equatable {
        public var sessions = 0
        public var signInLinks = 0
        public var signInRequests = 0
        public var oidcAttempts = 0
        public var oauthCodes = 0
        public var oauthTokens = 0
        public var mails = 0

        var largestBatch: Int { [sessions, signInLinks, signInRequests, oidcAttempts, oauthCodes, oauthTokens, mails].max() ?? 0 }

        static func + (left: Removed, right: Removed) -> Removed {
            Removed(sessions: left.sessions + right.sessions, signInLinks: left.signInLinks + right.signInLinks,
                    signInRequests: left.signInRequests + right.signInRequests,
                    oidcAttempts: left.oidcAttempts + right.oidcAttempts, oauthCodes: left.oauthCodes + right.oauthCodes,
                    oauthTokens: left.oauthTokens + right.oauthTokens, mails: left.mails + right.mails)
        }
    }

    /// One pass over every tenant; at most `maxBatches` rounds per tenant, so one tenant's
    /// backlog does not hold up the others (the next pass goes on).
    @discardableResult
    public func runOnce(maxBatches: Int = 20) async throws -> Removed {
        var tenants: [UUID] = []
        for try await id in try await database.query("SELECT id FROM tenants ORDER BY id").decode(UUID.self) {
            tenants.append(id)
        }
        var total = Removed()
        for tenant in tenants {
            for _ in 0..<maxBatches {
                guard let removed = try await clean(tenant: tenant) else { break }  // another server cleans it
                total = total + removed
                if removed.largestBatch < batchSize { break }
            }
        }
        return total
    }

    /// One bounded batch of every kind for one tenant; nil when another server holds the tenant.
    func clean(tenant: UUID) async throws -> Removed? {
        let now = Date()
        let cutoff = now.addingTimeInterval(-retention)
        let idleCutoff = now.addingTimeInterval(-(idleTimeout + retention))
        return try await database.transaction(tenant: tenant) { connection in
            guard try await connection.claim(job: "expiry-cleanup") else { return nil }
            var removed = Removed()
            removed.sessions = try await SessionQueries.deleteEnded(
                before: cutoff, idleBefore: idleCutoff, limit: batchSize, on: connection)
            removed.signInLinks = try await SignInLinkQueries.deleteExpired(
                before: cutoff, limit: batchSize, on: connection)
            removed.signInRequests = try await SignInRequestQueries.deleteOlder(
                than: cutoff, limit: batchSize, on: connection)
            removed.oidcAttempts = try await IdentityProviderQueries.deleteExpiredAttempts(
                before: cutoff, limit: batchSize, on: connection)
            (removed.oauthCodes, removed.oauthTokens) = try await OAuthQueries.deleteExpired(
                before: cutoff, limit: batchSize, on: connection)
            removed.mails = try await OutboxQueries.deleteFinished(
                before: now.addingTimeInterval(-mailRetention), limit: batchSize, on: connection)
            return removed
        }
    }

    /// Passes until cancelled; a failing pass (database away) is logged and retried.
    public func run(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                let removed = try await runOnce()
                if removed.largestBatch > 0 { logger.info("expired rows deleted: \(removed)") }
            } catch {
                logger.error("expiry cleanup failed: \(error)")
            }
            try? await Task.sleep(for: interval)
        }
    }
}

extension Application {
    public var expiryCleanup: ExpiryCleanup {
        ExpiryCleanup(database: database, logger: logger, idleTimeout: TimeInterval(settings.sessionIdleMinutes * 60))
    }
}
