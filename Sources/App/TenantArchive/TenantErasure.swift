import Foundation
import Logging
import PostgresNIO

/// `tenant delete`: erases a company whole, every row of every table of the catalog and its
/// stored files with them (the right to erasure), in one transaction as the owner role.
///
/// Without a confirmation that repeats the slug it removes nothing and says what it would remove.
/// The transaction locks the company's row, empties the keys set aside for cycles, deletes table
/// by table children first (the reverse of `TableOrder`), with `roster.erase_tenant` set so the
/// append-only tables let this company's rows go (migration 0027), checks that no row of the
/// company is left in any table, and deletes the company's row last.
public enum TenantErasure {
    public struct Report: Sendable, Equatable {
        public let tenant: ArchiveHeader.Company
        /// Rows per table, in the order they are deleted (the company's own row last).
        public let rows: [(table: String, count: Int)]
        public var total: Int { rows.reduce(0) { $0 + $1.count } }

        public static func == (a: Report, b: Report) -> Bool {
            a.tenant == b.tenant && a.rows.map(\.table) == b.rows.map(\.table) && a.rows.map(\.count) == b.rows.map(\.count)
        }
    }

    /// Erases the company of `slug` when `confirm` repeats it; otherwise throws the refusal, which
    /// counts what would go and says how to confirm.
    public static func erase(slug: String, confirm: String?, database url: PostgresURL, logger: Logger) async throws -> Report {
        guard confirm == slug else {
            let counted = try await count(slug: slug, database: url, logger: logger)
            throw OperatorCommands.Failure(refusal(counted, confirm: confirm))
        }
        return try await transaction(url, logger: logger, readOnly: false) { connection in
            let (company, catalog) = try await enter(slug: slug, on: connection, logger: logger)
            let owner = try await connection.query(
                "SELECT pg_has_role(current_user, relowner, 'MEMBER') FROM pg_class WHERE oid = 'public.tenants'::regclass",
                logger: logger).collect().first?.decode(Bool.self) ?? false
            guard owner else {
                throw OperatorCommands.Failure(
                    "The erasure must run as the owner role of the migrations (MIGRATION_DATABASE_URL), not as the application role. Nothing was removed.")
            }
            try await connection.query("SELECT 1 FROM tenants WHERE id = \(company.id) FOR UPDATE", logger: logger)
            try await connection.query("SELECT set_config('roster.erase_tenant', \(company.id.uuidString.lowercased()), true)", logger: logger)
            for (name, columns) in catalog.deferred.sorted(by: { $0.key < $1.key }) {
                guard let table = catalog.table(name) else { continue }
                try await connection.query(PostgresQuery(unsafeSQL: """
                    UPDATE \(table.quoted) SET \(columns.map { SQLText.identifier($0) + " = NULL" }.joined(separator: ", "))
                    WHERE tenant_id = \(literal(company.id))
                    """), logger: logger)
            }
            var removed: [(table: String, count: Int)] = []
            for table in catalog.tables.reversed() {
                let count = try await connection.query(PostgresQuery(unsafeSQL: """
                    WITH gone AS (DELETE FROM \(table.quoted) WHERE \(SQLText.identifier(table.tenantColumn)) = \(literal(company.id)) RETURNING 1)
                    SELECT count(*)::int8 FROM gone
                    """), logger: logger).collect()[0].decode(Int.self)
                removed.append((table.name, count))
            }
            guard removed.last?.count == 1 else {
                throw OperatorCommands.Failure("The company's row could not be deleted (is migration 0027 applied?). Nothing was removed.")
            }
            let left = try await counts(catalog, company.id, on: connection, logger: logger).filter { $0.count > 0 }
            guard left.isEmpty else {
                throw OperatorCommands.Failure("Rows of \(left.map(\.table).joined(separator: ", ")) were written meanwhile. Nothing was removed; run it again.")
            }
            return Report(tenant: company, rows: removed)
        }
    }

    /// What erasing the company of `slug` would remove, in the order it would.
    public static func count(slug: String, database url: PostgresURL, logger: Logger) async throws -> Report {
        try await transaction(url, logger: logger, readOnly: true) { connection in
            let (company, catalog) = try await enter(slug: slug, on: connection, logger: logger)
            return Report(tenant: company, rows: try await counts(catalog, company.id, on: connection, logger: logger))
        }
    }

    /// The message of an erasure that was not confirmed; pure.
    public static func refusal(_ report: Report, confirm: String?) -> String {
        let slug = report.tenant.slug
        let given = confirm.map { "--confirm \"\($0)\" is not the slug. " } ?? ""
        return "\(given)Nothing was removed. Erasing \(report.tenant.name) (\(slug)) would remove \(report.total) rows:\n"
            + describe(report.rows)
            + "\nThis cannot be undone (export it first: tenant export --slug \(slug) --output FILE). To erase, run: tenant delete --slug \(slug) --confirm \(slug)"
    }

    /// One line per table with rows, largest first; pure.
    public static func describe(_ rows: [(table: String, count: Int)]) -> String {
        rows.filter { $0.count > 0 }.sorted { ($1.count, $0.table) < ($0.count, $1.table) }
            .map { "  \($0.table): \($0.count)" }.joined(separator: "\n")
    }

    static func counts(_ catalog: TenantCatalog, _ tenant: UUID, on connection: PostgresConnection, logger: Logger) async throws
        -> [(table: String, count: Int)] {
        var result: [(table: String, count: Int)] = []
        for table in catalog.tables.reversed() {
            let count = try await connection.query(PostgresQuery(unsafeSQL: """
                SELECT count(*)::int8 FROM \(table.quoted) WHERE \(SQLText.identifier(table.tenantColumn)) = \(literal(tenant))
                """), logger: logger).collect()[0].decode(Int.self)
            result.append((table.name, count))
        }
        return result
    }

    private static func enter(slug: String, on connection: PostgresConnection, logger: Logger) async throws
        -> (ArchiveHeader.Company, TenantCatalog) {
        guard let (id, name) = try await connection.query("SELECT id, name FROM tenants WHERE slug = \(slug)", logger: logger)
            .collect().first?.decode((UUID, String).self) else {
            throw OperatorCommands.Failure("There is no tenant with the slug \"\(slug)\". Nothing was removed.")
        }
        try await connection.enterTenant(id: id, logger: logger)
        return (.init(id: id, slug: slug, name: name), try await TenantCatalog.read(on: connection, logger: logger))
    }

    private static func literal(_ id: UUID) -> String { SQLText.literal(id.uuidString.lowercased()) + "::uuid" }

    private static func transaction<T: Sendable>(
        _ url: PostgresURL, logger: Logger, readOnly: Bool, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            return try await url.withConnection(logger: logger) { connection in
                try await connection.transaction(readOnly: readOnly, logger: logger, body)
            }
        } catch let error as PSQLError {
            let message = error.serverInfo?[.message] ?? String(reflecting: error)
            throw OperatorCommands.Failure("The database refused the erasure: \(message). Nothing was removed.")
        }
    }
}
