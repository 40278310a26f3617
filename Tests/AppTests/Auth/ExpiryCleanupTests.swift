import Foundation
import PostgresNIO
import Testing
@testable import App

/// The periodic cleanup: expired rows of every kind go, in bounded batches, tenant by tenant;
/// live rows and what the rate limits still count stay.
@Suite struct ExpiryCleanupTests {
    static let tables = ["sessions", "sign_in_links", "sign_in_requests", "oidc_attempts", "oauth_codes", "oauth_tokens", "outbox"]

    /// Every row of the cleaned tables, as "table:id", as the superuser sees them.
    static func rows(_ world: TestWorld) async throws -> Set<String> {
        try await world.database.asSuperuser { connection in
            var all = Set<String>()
            for table in tables {
                let ids = try await connection.query(PostgresQuery(unsafeSQL: "SELECT id FROM \(table)"), logger: TestPostgres.logger)
                    .collect().map { "\(table):\(try $0.decode(UUID.self))" }
                all.formUnion(ids)
            }
            return all
        }
    }

    /// Runs an UPDATE as the superuser and returns the rows it changed as "table:id".
    static func change(_ world: TestWorld, _ table: String, _ sql: PostgresQuery) async throws -> Set<String> {
        try await world.database.asSuperuser { connection in
            var query = sql
            query.sql += " RETURNING id"
            return Set(try await connection.query(query, logger: TestPostgres.logger).collect()
                .map { "\(table):\(try $0.decode(UUID.self))" })
        }
    }

    /// Ages rows of every kind in acme past their end by more than the retention, and some others
    /// less; returns the rows that must go.
    static func ageRows(_ world: TestWorld) async throws -> Set<String> {
        let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
        for user in [world.admin, world.leader, world.employee] { _ = try await world.signedIn(user) }
        var gone = Set<String>()
        gone.formUnion(try await change(world, "sessions",
            "UPDATE sessions SET expires_at = now() - interval '2 days' WHERE user_id = \(world.admin.id)"))
        gone.formUnion(try await change(world, "sessions",
            "UPDATE sessions SET last_seen_at = now() - interval '8 hours 1 minute' - interval '1 day' WHERE user_id = \(world.leader.id)"))
        // Idle for longer than the idle time but not by the retention yet: kept a little longer.
        _ = try await change(world, "sessions",
            "UPDATE sessions SET last_seen_at = now() - interval '9 hours' WHERE user_id = \(world.employee.id)")
        gone.formUnion(try await change(world, "sign_in_links",
            "UPDATE sign_in_links SET expires_at = now() - interval '2 days' WHERE user_id = \(world.employee.id)"))
        _ = try await change(world, "sign_in_links",
            "UPDATE sign_in_links SET expires_at = now() - interval '1 hour' WHERE user_id = \(world.otherAdmin.id)")
        gone.formUnion(try await change(world, "sign_in_requests",
            "UPDATE sign_in_requests SET requested_at = now() - interval '2 days' WHERE tenant_id = \(acme)"))
        // Outside the throttle's window but within the retention: kept.
        _ = try await change(world, "sign_in_requests",
            "UPDATE sign_in_requests SET requested_at = now() - interval '20 minutes' WHERE tenant_id = \(globex)")
        gone.formUnion(try await change(world, "oidc_attempts",
            "UPDATE oidc_attempts SET expires_at = now() - interval '2 days' WHERE tenant_id = \(acme)"))
        gone.formUnion(try await change(world, "oauth_codes",
            "UPDATE oauth_codes SET expires_at = now() - interval '2 days' WHERE tenant_id = \(acme)"))
        gone.formUnion(try await change(world, "oauth_tokens",
            "UPDATE oauth_tokens SET expires_at = now() - interval '2 days' WHERE tenant_id = \(acme) AND kind = 'access'"))
        // Mail sent or given up more than 30 days ago goes; sent lately, or still waiting, it stays.
        gone.formUnion(try await change(world, "outbox",
            "UPDATE outbox SET sent_at = now() - interval '31 days' WHERE tenant_id = \(acme)"))
        _ = try await change(world, "outbox",
            "UPDATE outbox SET sent_at = now() - interval '29 days' WHERE tenant_id = \(globex)")
        try await world.db.transaction(tenant: acme) { db in
            let given = try await OutboxQueries.enqueue(to: "gone@acme.example", subject: "Given up", body: "Hi", on: db)
            try await db.query("UPDATE outbox SET failed_at = now() - interval '31 days' WHERE tenant_id = \(db.tenant) AND id = \(given)")
            gone.insert("outbox:\(given)")
        }
        try await world.db.transaction(tenant: globex) { db in
            let waiting = try await OutboxQueries.enqueue(to: "late@globex.example", subject: "Waiting", body: "Hi", on: db)
            try await db.query("UPDATE outbox SET created_at = now() - interval '60 days' WHERE tenant_id = \(db.tenant) AND id = \(waiting)")
        }
        for table in tables { #expect(gone.contains { $0.hasPrefix(table + ":") }, "an expired row of \(table)") }
        return gone
    }

    @Test func expiredRowsOfEveryKindGoAndLiveOnesStay() async throws {
        try await withWorld { world in
            let gone = try await Self.ageRows(world)
            let before = try await Self.rows(world)
            // One row per statement: the cleanup goes on until a batch comes back short.
            let cleanup = ExpiryCleanup(database: world.db, logger: TestPostgres.logger,
                                        idleTimeout: SessionQueries.defaultIdleTimeout, batchSize: 1)
            let removed = try await cleanup.runOnce()
            #expect(try await Self.rows(world) == before.subtracting(gone))
            #expect(removed == .init(sessions: 2, signInLinks: gone.filter { $0.hasPrefix("sign_in_links:") }.count,
                                     signInRequests: 1, oidcAttempts: 1, oauthCodes: 1, oauthTokens: 1,
                                     mails: gone.filter { $0.hasPrefix("outbox:") }.count))
            #expect(try await cleanup.runOnce() == .init())
        }
    }

    @Test func aTenantBeingCleanedByAnotherServerIsPassedBy() async throws {
        try await withWorld { world in
            let gone = try await Self.ageRows(world)
            let before = try await Self.rows(world)
            let cleanup = ExpiryCleanup(database: world.db, logger: TestPostgres.logger,
                                        idleTimeout: SessionQueries.defaultIdleTimeout)
            let key = "expiry-cleanup:" + world.admin.tenantID.uuidString
            // Another server holds acme (globex has nothing to delete).
            try await world.database.asSuperuser { connection in
                try await connection.query("SELECT pg_advisory_lock(hashtextextended(\(key), 0))", logger: TestPostgres.logger)
                #expect(try await cleanup.runOnce() == .init())
                try await connection.query("SELECT pg_advisory_unlock(hashtextextended(\(key), 0))", logger: TestPostgres.logger)
            }
            #expect(try await Self.rows(world) == before)
            try await cleanup.runOnce()
            #expect(try await Self.rows(world) == before.subtracting(gone))
        }
    }
}
