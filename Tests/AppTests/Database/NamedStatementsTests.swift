import Foundation
import PostgresNIO
import Testing
@testable import App

/// Behind a transaction pooler the prepared statements are sent unnamed (`DatabasePool.namedStatements`,
/// carried by each connection and transaction): the same rows come back, and nothing is left
/// prepared in the server session.
@Suite struct NamedStatementsTests {
    @Test func unnamedStatementsGiveTheSameRowsAndPrepareNothing() async throws {
        try await TestPostgres.withDatabase { database in
            try await database.asApp { connection in
                let logger = TestPostgres.logger
                try await connection.transaction(readOnly: false, logger: logger) { connection in
                    let (tenant, db) = try await connection.createTenant(slug: "acme", name: "Acme", logger: logger)
                    for name in ["Zeta", "alpha", "Beta"] {
                        try await db.query("INSERT INTO teams (tenant_id, name) VALUES (\(tenant.id), \(name))")
                    }
                    var unnamed: [String] = []
                    for try await team in try await connection.run(TeamNamesStatement(tenant: tenant.id), named: false, logger: logger) {
                        unnamed.append(team.name)
                    }
                    #expect(unnamed == ["alpha", "Beta", "Zeta"])
                    #expect(try await Self.prepared(on: connection) == 0)

                    var named: [String] = []
                    for try await team in try await connection.run(TeamNamesStatement(tenant: tenant.id), named: true, logger: logger) {
                        named.append(team.name)
                    }
                    #expect(named == unnamed)
                    #expect(try await Self.prepared(on: connection) == 1)

                    // The shell's statement, too: the tenant is found and set without a name.
                    let entered = try await connection.run(
                        EnterTenantProbe(slug: "acme"), named: false, logger: logger)
                    var slugs: [String] = []
                    for try await slug in entered { slugs.append(slug) }
                    #expect(slugs == ["acme"])
                }
            }
        }
    }

    /// The choice is the pool's, from its deployment, and every transaction of the pool carries it.
    @Test func aPoolThroughATransactionPoolerKeepsNoNames() async throws {
        let url = PostgresURL(host: "127.0.0.1", port: 1, username: "roster", password: nil, database: "roster")
        let pooled = DatabasePool(url: url, maxConnections: 1, waitTimeout: .seconds(1), throughPooler: true,
                                  logger: TestPostgres.logger)
        let direct = DatabasePool(url: url, maxConnections: 1, waitTimeout: .seconds(1), logger: TestPostgres.logger)
        #expect(!pooled.namedStatements && direct.namedStatements)
        try await TestPostgres.withDatabase { database in
            try await database.asApp { connection in
                let logger = TestPostgres.logger
                try await connection.transaction(readOnly: false, named: false, logger: logger) { connection in
                    let (tenant, _) = try await connection.createTenant(slug: "acme", name: "Acme", logger: logger)
                    let db = try await connection.enterTenant(id: tenant.id, named: false, logger: logger)
                    #expect(!db.named)
                    _ = try await db.rows { TeamNamesStatement(tenant: $0) }
                    #expect(try await Self.prepared(on: connection) == 0)
                    let named = try await connection.enterTenant(id: tenant.id, named: true, logger: logger)
                    _ = try await named.rows { TeamNamesStatement(tenant: $0) }
                    #expect(try await Self.prepared(on: connection) == 1)
                }
            }
        }
    }

    static func prepared(on connection: PostgresConnection) async throws -> Int {
        // The transaction's own BEGIN is named here (this test allows names): only the statements
        // run on purpose count.
        try await connection.query(
            "SELECT count(*)::int FROM pg_prepared_statements WHERE name IN (\(TeamNamesStatement.name), \(EnterTenantProbe.name))",
            logger: TestPostgres.logger).collect()[0].decode(Int.self)
    }
}

/// A statement with a text binding, for the unnamed path's bindings.
private struct EnterTenantProbe: PostgresPreparedStatement {
    static let name = "roster_probe"
    static let sql = "SELECT slug FROM tenants WHERE slug = $1"
    static let bindingDataTypes: [PostgresDataType] = [.text]
    let slug: String
    func makeBindings() throws -> PostgresBindings { .of(slug) }
    func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}
