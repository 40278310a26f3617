import Foundation
import PostgresNIO
import Testing
@testable import App

/// Row level security is the backstop for a query that forgets its tenant filter. These tests
/// read the catalog, so a new tenant-owned table without the rules fails them.
@Suite struct TenantIsolationTests {
    static let log = TestPostgres.logger

    /// Every table of the public schema with a tenant_id column.
    static func tenantTables(_ connection: PostgresConnection) async throws -> [String] {
        var names: [String] = []
        for try await name in try await connection.query("""
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
              AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
            ORDER BY 1
            """, logger: log).decode(String.self) {
            names.append(name)
        }
        return names
    }

    @Test func everyTenantTableHasForcedRowLevelSecurityAndTenantFirstKeys() async throws {
        try await TestPostgres.withDatabase { database in
            try await database.asSuperuser { connection in
                let tables = try await Self.tenantTables(connection)
                #expect(tables.contains("users") && tables.contains("sessions") && tables.contains("sign_in_links"))
                for table in tables {
                    let row = try await connection.query("""
                        SELECT c.relrowsecurity, c.relforcerowsecurity,
                               (SELECT count(*) FROM pg_policies p WHERE p.tablename = c.relname
                                  AND p.qual LIKE '%current_tenant_id()%' AND p.with_check LIKE '%current_tenant_id()%'),
                               (SELECT a.attname FROM pg_constraint k JOIN pg_attribute a
                                  ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
                                WHERE k.conrelid = c.oid AND k.contype = 'p'),
                               -- Keys within the tenant start with tenant_id; a foreign key to a global table
                               -- (one without tenant_id, such as oauth_clients) is the exception.
                               (SELECT count(*) FROM pg_constraint k JOIN pg_attribute a
                                  ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
                                WHERE k.conrelid = c.oid AND k.contype IN ('f', 'u') AND a.attname <> 'tenant_id'
                                  AND (k.contype = 'u' OR EXISTS (SELECT 1 FROM pg_attribute r
                                       WHERE r.attrelid = k.confrelid AND r.attname = 'tenant_id')))
                        FROM pg_class c WHERE c.relname = \(table) AND c.relnamespace = 'public'::regnamespace
                        """, logger: Self.log).collect()[0]
                    let (rls, forced, policies, pkFirst, badKeys) = try row.decode((Bool, Bool, Int, String?, Int).self)
                    #expect(rls, "\(table): row level security is not enabled")
                    #expect(forced, "\(table): row level security is not FORCED")
                    #expect(policies >= 1, "\(table): no policy on current_tenant_id()")
                    #expect(pkFirst == "tenant_id", "\(table): tenant_id is not the first column of the primary key")
                    #expect(badKeys == 0, "\(table): a foreign key or unique constraint does not start with tenant_id")
                }
            }
        }
    }

    @Test func aQueryWithoutTenantFilterSeesOnlyTheCurrentTenant() async throws {
        try await withWorld { world in
            // Sessions exist in both tenants too.
            _ = try await world.signedIn(world.admin)
            _ = try await world.signedIn(world.otherAdmin, slug: "globex")
            let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
            // And changes of the invoices' month totals not yet folded.
            try await InvoiceMonthTotalsTests.leaveUnfoldedChange(world, tenant: acme)
            try await InvoiceMonthTotalsTests.leaveUnfoldedChange(world, tenant: globex)

            let tables = try await world.database.asSuperuser { try await Self.tenantTables($0) }
            for table in tables {
                let truth = try await world.database.asSuperuser { connection in
                    try await connection.query(PostgresQuery(unsafeSQL: """
                        SELECT count(*) FILTER (WHERE tenant_id = '\(acme)'), count(*) FILTER (WHERE tenant_id = '\(globex)')
                        FROM \(table)
                        """), logger: Self.log).collect()[0].decode((Int, Int).self)
                }
                #expect(truth.0 > 0 && truth.1 > 0,
                        "\(table): the seed has no rows of both tenants; add some to withWorld so isolation is tested")
                let seen = try await world.database.asApp { connection in
                    try await connection.transaction(tenant: acme, readOnly: true, logger: Self.log) { connection in
                        try await connection.query(PostgresQuery(unsafeSQL: """
                            SELECT count(*), count(*) FILTER (WHERE tenant_id <> '\(acme)') FROM \(table)
                            """)).collect()[0].decode((Int, Int).self)
                    }
                }
                #expect(seen.0 == truth.0, "\(table): tenant acme should see its \(truth.0) rows, saw \(seen.0)")
                #expect(seen.1 == 0, "\(table): tenant acme saw \(seen.1) rows of another tenant")
                let withoutTenant = try await world.database.asApp { connection in
                    try await connection.transaction(readOnly: true, logger: Self.log) { connection in
                        try await connection.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: Self.log)
                            .collect()[0].decode(Int.self)
                    }
                }
                #expect(withoutTenant == 0, "\(table): without a tenant set, \(withoutTenant) rows are visible")
            }
        }
    }

    @Test func writingAnotherTenantsRowsIsRefused() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
            await #expect(throws: PSQLError.self) {
                try await world.database.asApp { connection in
                    try await connection.transaction(tenant: acme, readOnly: false, logger: Self.log) { connection in
                        try await connection.query("""
                            INSERT INTO users (tenant_id, email, first_name, last_name)
                            VALUES (\(globex), 'intruder@globex.example', 'In', 'Truder')
                            """)
                    }
                }
            }
            let changed = try await world.database.asApp { connection in
                try await connection.transaction(tenant: acme, readOnly: false, logger: Self.log) { connection in
                    try await connection.query(
                        "UPDATE users SET first_name = 'X' WHERE tenant_id = \(globex)")
                    return try await connection.query("SELECT count(*) FROM users WHERE first_name = 'X'")
                        .collect()[0].decode(Int.self)
                }
            }
            #expect(changed == 0)
            let renamed = try await world.database.asApp { connection in
                try await connection.transaction(tenant: acme, readOnly: false, logger: Self.log) { connection in
                    try await connection.query("UPDATE tenants SET name = 'Hijacked' WHERE slug = 'globex'")
                    return try await connection.query("SELECT name FROM tenants WHERE slug = 'globex'")
                        .collect()[0].decode(String.self)
                }
            }
            #expect(renamed == "Globex a.s.")
        }
    }

    /// The tenant a `TenantConnection` names is the tenant set on its transaction, however it was
    /// made (by id, by a slug, for a new tenant), and an unknown slug makes none.
    @Test func aTenantConnectionNamesTheTenantSetOnIt() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID, globex = world.otherAdmin.tenantID
            func setting(_ db: TenantConnection) async throws -> String {
                try await db.query("SELECT current_setting('roster.tenant_id')::uuid::text").collect()[0].decode(String.self)
            }
            for tenant in [acme, globex] {
                let set = try await world.db.transaction(tenant: tenant, readOnly: true) { try await setting($0) }
                #expect(set == tenant.uuidString.lowercased())
            }
            let entered = try await world.db.transaction(readOnly: true) { connection in
                let (tenant, db) = try #require(try await connection.enterTenant(slug: "globex", logger: Self.log))
                return (tenant.id, db.tenant, try await setting(db))
            }
            #expect(entered.0 == globex && entered.1 == globex && entered.2 == globex.uuidString.lowercased())
            let unknown = try await world.db.transaction(readOnly: true) { connection in
                try await connection.enterTenant(slug: "initech", logger: Self.log) == nil
            }
            #expect(unknown)
            let created = try await world.db.transaction { connection in
                let (tenant, db) = try await connection.createTenant(slug: "initech", name: "Initech", logger: Self.log)
                return (tenant.id, db.tenant, try await setting(db))
            }
            #expect(created.0 == created.1 && created.2 == created.0.uuidString.lowercased())
        }
    }

    @Test func aPagesFirstStatementFindsTheSessionOfItsOwnTenantOnly() async throws {
        try await withWorld { world in
            let token = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await SessionQueries.create(for: world.employee.id, on: db)
            }
            func enter(_ slug: String, _ lookup: SessionLookup?) async throws -> (UUID, String, BrowserSession?)? {
                try await world.db.transaction(readOnly: true) { connection in
                    guard let entered = try await connection.enterTenant(slug: slug, session: lookup, logger: Self.log)
                    else { return nil }
                    let set = try await entered.connection.query("SELECT current_setting('roster.tenant_id')").collect()[0]
                        .decode(String.self)
                    return (entered.tenant.id, set, entered.session)
                }
            }
            let own = try #require(try await enter("acme", SessionLookup(token: token)))
            #expect(own.0 == world.employee.tenantID && own.1 == own.0.uuidString.lowercased())
            #expect(own.2?.user.id == world.employee.id && own.2?.user.tenantID == world.employee.tenantID)
            // The same token at another company: that company, and nobody signed in.
            let other = try #require(try await enter("globex", SessionLookup(token: token)))
            #expect(other.0 == world.otherAdmin.tenantID && other.2 == nil)
            // No cookie, a token nobody holds, an unknown company.
            #expect(try await enter("acme", nil)?.2 == nil)
            #expect(try await enter("acme", SessionLookup(token: SecretToken()))?.2 == nil)
            #expect(try await enter("initech", SessionLookup(token: token)) == nil)
            // Idle too long, then a deactivated person: signed out.
            _ = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await db.query("UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE tenant_id = \(db.tenant)")
            }
            #expect(try await enter("acme", SessionLookup(token: token, idleTimeout: 3600))?.2 == nil)
            #expect(try await enter("acme", SessionLookup(token: token, idleTimeout: 3 * 3600))?.2 != nil)
            _ = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await db.query("UPDATE users SET active = false WHERE tenant_id = \(db.tenant) AND id = \(world.employee.id)")
            }
            #expect(try await enter("acme", SessionLookup(token: token))?.2 == nil)
        }
    }

    /// A list page's first statement reads the teams too: its own tenant's, in the order of
    /// `TeamQueries.names`, with the session as without them.
    @Test func aPagesFirstStatementReadsTheTeamsOfItsOwnTenantOnly() async throws {
        try await withWorld { world in
            let token = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                for name in ["Zeta", "alpha", "Beta"] {
                    try await db.query("INSERT INTO teams (tenant_id, name) VALUES (\(db.tenant), \(name))")
                }
                return try await SessionQueries.create(for: world.employee.id, on: db)
            }
            _ = try await world.db.transaction(tenant: world.otherAdmin.tenantID) { db in
                try await db.query("INSERT INTO teams (tenant_id, name) VALUES (\(db.tenant), 'Globex only')")
            }
            func enter(_ slug: String) async throws -> (teams: [String], alone: [String], session: BrowserSession?) {
                try await world.db.transaction(readOnly: true) { connection in
                    let entered = try #require(try await connection.enterTenant(
                        slug: slug, session: SessionLookup(token: token), teams: true, logger: Self.log))
                    let alone = try await TeamQueries.names(on: entered.connection).map(\.name)
                    return (try #require(entered.teams).map(\.name), alone, entered.session)
                }
            }
            let acme = try await enter("acme")
            #expect(acme.teams == acme.alone && acme.teams.starts(with: ["alpha", "Beta"]) && !acme.teams.contains("Globex only"))
            #expect(acme.session?.user.id == world.employee.id)
            let globex = try await enter("globex")
            #expect(globex.teams == globex.alone && globex.teams.contains("Globex only") && !globex.teams.contains("Zeta"))
            #expect(globex.session == nil)
        }
    }

    @Test func readOnlyTransactionsRefuseWrites() async throws {
        try await withWorld { world in
            await #expect(throws: PSQLError.self) {
                try await world.database.asApp { connection in
                    try await connection.transaction(tenant: world.admin.tenantID, readOnly: true, logger: Self.log) {
                        try await $0.query("UPDATE users SET title = 'x'").collect().count
                    }
                }
            }
        }
    }
}

/// A failing write must fail where it is made, not vanish into an aborted transaction that a
/// later COMMIT quietly rolls back.
@Suite struct WriteFailureTests {
    @Test func aConstraintViolationThrowsAtTheCall() async throws {
        try await withWorld { world in
            var thrownAtCall = false
            do {
                try await world.db.transaction(tenant: world.admin.tenantID) { connection in
                    do {
                        try await connection.query("""
                            INSERT INTO users (tenant_id, email, first_name, last_name)
                            VALUES (\(world.admin.tenantID), \(world.admin.email.uppercased()), 'Du', 'Plicate')
                            """)
                    } catch {
                        thrownAtCall = true
                        throw error
                    }
                }
            } catch {}
            #expect(thrownAtCall)
        }
    }
}
