import Foundation
import Logging
import PostgresNIO

/// A connection inside a transaction whose tenant is set: `roster.tenant_id` holds `tenant` for
/// this transaction only, and row level security admits that tenant's rows only.
///
/// This file is the one place that sets the tenant on a connection, and the only code that can
/// make a `TenantConnection` (its initialiser is private to this file): every query of tenant
/// rows takes one, so a query cannot run with a tenant argument that differs from the tenant set
/// on its connection. Queries name `tenant` in their `WHERE` clauses as well (row level security
/// is the second wall, not the only one).
public struct TenantConnection: Sendable {
    /// The tenant set on the connection.
    public let tenant: UUID
    /// The request's (or the job's) logger, for every statement on this connection.
    public let logger: Logger
    /// Whether the connection keeps named prepared statements (`DatabasePool.namedStatements`).
    public let named: Bool
    private let connection: PostgresConnection

    fileprivate init(tenant: UUID, connection: PostgresConnection, named: Bool, logger: Logger) {
        self.tenant = tenant
        self.connection = connection
        self.named = named
        self.logger = logger
    }

    /// Runs one statement of the transaction.
    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await connection.query(query, logger: logger)
    }

    /// Runs a named prepared statement of this tenant (parsed and planned once per pooled
    /// connection, then only bound and executed): `make` is handed the connection's tenant, so the
    /// statement cannot be bound to another. For statements whose plan does not depend on their
    /// values: a list page as first opened, without filters (see docs/PERFORMANCE.md).
    public func execute<Statement: PostgresPreparedStatement>(
        _ make: (UUID) -> Statement
    ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> {
        try await connection.run(make(tenant), named: named, logger: logger)
    }

    /// Runs a named prepared statement of this tenant (`execute`) and reads it to its end.
    public func rows<Statement: PostgresPreparedStatement>(
        of make: (UUID) -> Statement
    ) async throws -> [Statement.Row] {
        try await connection.rows(of: make(tenant), named: named, logger: logger)
    }

    /// Runs `body` inside a savepoint of the open transaction: a database error rolls back only
    /// what `body` did, so the transaction stays usable (to show a refused form again), and is
    /// rethrown for the caller to translate.
    @discardableResult
    public func savepoint<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        try await connection.savepoint(name, logger: logger, body)
    }
}

extension Database {
    /// Runs `body` in one transaction of `tenant` on a pooled connection. Read-only transactions
    /// refuse writes. `waitingAtMost` bounds the wait for the connection (the pool's own bound when nil).
    public func transaction<Result: Sendable>(
        tenant: UUID,
        readOnly: Bool = false,
        waitingAtMost timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result {
        try await client.withConnection(timeout: timeout, isolation: isolation) { connection in
            try await connection.transaction(tenant: tenant, readOnly: readOnly, named: namedStatements, logger: logger,
                                             isolation: isolation, body)
        }
    }
}

extension PostgresConnection {
    /// Runs `body` in one transaction of `tenant` on this connection.
    public func transaction<Result: Sendable>(
        tenant: UUID,
        readOnly: Bool,
        named: Bool = false,
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result {
        try await transaction(readOnly: readOnly, named: named, logger: logger, isolation: isolation) { connection in
            try await body(try await connection.enterTenant(id: tenant, named: named, logger: logger))
        }
    }

    /// Inside an open transaction: makes `id` the transaction's tenant (for this transaction only),
    /// for the request's transactions and for the jobs and commands that enter a company by id
    /// (the tenant archive's export, import and erasure).
    @discardableResult
    public func enterTenant(id: UUID, named: Bool = false, logger: Logger) async throws -> TenantConnection {
        try await query("SELECT set_config('roster.tenant_id', \(id.uuidString.lowercased()), true)", logger: logger)
        return TenantConnection(tenant: id, connection: self, named: named, logger: logger)
    }

    /// Inside an open transaction without a tenant: finds the tenant of `slug` and, in the same
    /// statement, makes it the transaction's tenant (the page's statement, without a session).
    /// Nil when no tenant has that slug.
    public func enterTenant(slug: String, named: Bool = false, logger: Logger) async throws -> (Tenant, TenantConnection)? {
        try await enterTenant(slug: slug, session: nil, named: named, logger: logger).map { ($0.tenant, $0.connection) }
    }

    /// The first statement of a page: inside an open transaction without a tenant, finds the
    /// tenant of `slug`, makes it the transaction's tenant and, when the browser sent a session
    /// token, reads that live session and its user: one round trip for the request's shell. With
    /// `teams`, the same statement reads the names of the tenant's teams too (the filter of a list
    /// page names them), in their order on every page. Nil when no tenant has that slug.
    ///
    /// The tenant is set before any tenant row is read, by construction: the session (and the
    /// teams) are read in `LATERAL` subqueries that depend on the tenant row (`t.entered`) and
    /// cannot be merged into the outer query (a `LIMIT`, an aggregate), so they run once per tenant
    /// row, after `set_config` has run for that row. Were one ever read first, row level security
    /// would see no tenant and admit no row: the visitor would be signed out, or see no teams, never
    /// another tenant's data. It is a named prepared statement: each pooled connection parses and
    /// plans it once, not on every request, on a connection that keeps named statements (`named`,
    /// `DatabasePool.namedStatements`).
    public func enterTenant(
        slug: String, session: SessionLookup?, teams: Bool = false, named: Bool = false, logger: Logger
    ) async throws -> EnteredTenant? {
        guard let row = teams
            ? try await rows(of: EnterTenantWithTeamsStatement(slug: slug, session: session), named: named, logger: logger).first
            : try await rows(of: EnterTenantStatement(slug: slug, session: session), named: named, logger: logger).first
        else { return nil }
        let shell = try ShellRow(row, teams: teams)
        let connection = TenantConnection(tenant: shell.tenant.id, connection: self, named: named, logger: logger)
        return EnteredTenant(tenant: shell.tenant, connection: connection,
                             session: shell.session, teams: shell.teams)
    }

    /// Inside an open transaction without a tenant: inserts a tenant and makes it the
    /// transaction's tenant.
    public func createTenant(
        slug: String, name: String, demo: Bool = false, logger: Logger
    ) async throws -> (Tenant, TenantConnection) {
        let rows = try await query("""
            INSERT INTO tenants (slug, name, demo) VALUES (\(slug), \(name), \(demo))
            RETURNING \(unescaped: TenantQueries.columns)
            """, logger: logger).collect()
        let tenant = try TenantQueries.decode(rows[0])
        return (tenant, try await enterTenant(id: tenant.id, logger: logger))
    }
}

/// What a page's first statement found (`PostgresConnection.enterTenant(slug:session:teams:logger:)`).
public struct EnteredTenant: Sendable {
    public let tenant: Tenant
    public let connection: TenantConnection
    public let session: BrowserSession?
    /// The tenant's teams by name, when they were asked for.
    public let teams: [(id: UUID, name: String)]?
}

/// What the shell's statement read: the tenant, the live session and, when asked for, the teams.
struct ShellRow {
    let tenant: Tenant
    let session: BrowserSession?
    let teams: [(id: UUID, name: String)]?

    init(_ row: PostgresRow, teams: Bool) throws {
        let named = NamedRow(row)
        tenant = try TenantQueries.decode(named)
        session = try SessionQueries.decodeLive(named)
        if teams {
            let ids: [UUID] = try named("team_ids") ?? [], names: [String] = try named("team_names") ?? []
            self.teams = zip(ids, names).map { (id: $0, name: $1) }
        } else {
            self.teams = nil
        }
    }
}

/// The text of the shell's statement; $2 (the session token's hash) is NULL when the browser sent
/// none.
enum EnterTenantSQL {
    static func text(teams: Bool) -> String {
        """
        WITH t AS MATERIALIZED (\(tenant))
        SELECT t.*, live.*\(teams ? ", tm.team_ids, tm.team_names" : "") FROM t\(laterals(teams: teams))
        """
    }

    /// The shell's statement with a page read (`PageRead`): the shell's row is `sh`, and
    /// `joins` adds the page's rows as `page`, a part 0 always among them. The page's columns come
    /// first; the shell's come with part 0 only (NULL on the page's other rows, which would repeat
    /// them). The teams are read only for a page that offers them as a filter
    /// (`PageSQL.teams`): their aggregate cost PostgreSQL about 45 µs of every view.
    ///
    /// The statement does not sort: the page read puts the rows in the order of `page_part` and
    /// `page_n` (a few dozen pairs of integers). PostgreSQL's sort copied every row with all its
    /// columns, 3 to 8 % of a page read's statement in pgbench.
    static func text(page joins: String, teams: Bool) -> String {
        """
        WITH t AS MATERIALIZED (\(tenant)),
        sh AS MATERIALIZED (
            SELECT t.*, live.*\(teams ? ", tm.team_ids, tm.team_names" : "") FROM t\(laterals(teams: teams)))
        SELECT page.*, shell.* FROM sh
        \(joins)
        LEFT JOIN sh shell ON page.page_part = 0
        """
    }

    /// The condition every part of a page read holds to: it depends on the shell row,
    /// so it runs after `set_config` has set the tenant, and it reads nothing without a live session.
    static let afterLiveShell = "sh.entered = sh.id::text AND sh.session_id IS NOT NULL"

    /// The tenant of `$1`, set as the transaction's.
    private static let tenant = """

            SELECT \(TenantQueries.columns), set_config('roster.tenant_id', id::text, true) AS entered
            FROM tenants WHERE slug = $1
        """

    /// The live session of the token's hash `$2` and, with `teams`, the teams: each depends on the
    /// tenant row (`t.entered`).
    private static func laterals(teams: Bool) -> String {
        """
         LEFT JOIN LATERAL (
            SELECT s.id AS session_id, s.csrf_token, s.last_seen_at, \(UserQueries.columns("u"))
            FROM sessions s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            WHERE s.tenant_id = t.id AND t.entered = t.id::text AND s.token_hash = $2
              AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $3)
              AND u.active
            LIMIT 1) live ON true\(teams ? """

         LEFT JOIN LATERAL (
            SELECT array_agg(tm.id ORDER BY lower(tm.name), tm.id) AS team_ids,
                   array_agg(tm.name ORDER BY lower(tm.name), tm.id) AS team_names
            FROM teams tm WHERE tm.tenant_id = t.id AND t.entered = t.id::text) tm ON true
        """ : "")
        """
    }

    static func bindings(slug: String, session: SessionLookup?) throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(slug)
        try bindings.append(session?.tokenHash)
        bindings.append(Int32(clamping: session?.idleSeconds ?? 0))
        return bindings
    }
}

/// The shell's statement, with or without the teams: the same bindings, a row as it comes.
protocol ShellStatement: RowsStatement {
    var slug: String { get }
    var session: SessionLookup? { get }
}

extension ShellStatement {
    static var bindingDataTypes: [PostgresDataType] { [.text, .bytea, .int4] }
    func makeBindings() throws -> PostgresBindings { try EnterTenantSQL.bindings(slug: slug, session: session) }
}

/// The shell's statement without the teams.
private struct EnterTenantStatement: ShellStatement {
    static let name = "roster_enter_tenant"
    static let sql = EnterTenantSQL.text(teams: false)
    let slug: String
    let session: SessionLookup?
}

/// The shell's statement with the names of the tenant's teams.
private struct EnterTenantWithTeamsStatement: ShellStatement {
    static let name = "roster_enter_tenant_teams"
    static let sql = EnterTenantSQL.text(teams: true)
    let slug: String
    let session: SessionLookup?
}
