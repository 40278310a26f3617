import Foundation
import PostgresNIO

/// `Roster demo`: the demo company, whole (`DemoData`'s three people and `DemoLife`), loaded
/// afresh with `reset`, or just the three people with `minimal` (what the browser journeys and the
/// API checks start from). Loading again adds nothing: it refreshes the people and their links.
public enum DemoCompany {
    public struct Loaded: Sendable {
        public let people: [DemoData.Person]
        /// People, teams and invoices added by this load; nil for a minimal load.
        public let life: (people: Int, teams: Int, invoices: Int)?
    }

    public static func load(
        database: Database, clock: BusinessClock, inspector: PDFInspector, reset: Bool = false, minimal: Bool = false
    ) async throws -> Loaded {
        if let demo = try await isDemo(database: database) {
            // A company of the same address that `demo` did not create is somebody's: no demo people in it.
            guard demo.marked else {
                throw OperatorCommands.Failure("The company \"\(DemoData.slug)\" was not created by `demo`: nothing was changed.")
            }
            if reset { try await remove(tenant: demo.id, database: database) }
        }
        let people = try await DemoData.seed(database: database, clock: clock)
        guard !minimal, let demo = try await isDemo(database: database), demo.marked,
              let admin = people.first(where: { $0.user.roles.contains(.admin) })?.user,
              let tenant = try await database.transaction({ try await $0.enterTenant(slug: DemoData.slug, logger: database.logger) })?.0
        else { return Loaded(people: people, life: nil) }
        let life = try await DemoLife.populate(database: database, tenant: tenant, admin: admin, clock: clock, inspector: inspector)
        return Loaded(people: people, life: (life.people, life.teams, life.invoices))
    }

    private static func isDemo(database: Database) async throws -> (id: UUID, marked: Bool)? {
        try await database.transaction(readOnly: true) { connection in
            try await connection.query("SELECT id, demo FROM tenants WHERE slug = \(DemoData.slug)", logger: database.logger)
                .collect().first?.decode((UUID, Bool).self)
        }.map { (id: $0.0, marked: $0.1) }
    }

    /// Every table that holds a company's rows, in an order that deletes children before their
    /// parents (`users.team_id` is cleared first: teams and their leaders refer to each other).
    /// `DemoCompanyTests` checks that the list names every table with a `tenant_id`.
    static let tenantTables = [
        "work_statement_history", "work_statement_documents", "work_statements",
        "time_months", "absences", "company_days_off", "running_timers", "time_entries", "project_people", "project_teams", "projects", "clients",
        "invoice_corrections", "invoice_history", "bank_statement_lines", "bank_statements", "invoice_documents", "invoices", "invoice_month_total_changes", "invoice_month_totals", "payment_settings", "supplier_proposals", "supplier_details",
        "outbox", "mail_preferences", "mail_keys", "sign_in_requests", "sign_in_links", "sessions",
        "oauth_tokens", "oauth_codes", "oidc_attempts", "identity_providers",
        "audit_events", "rates", "contracts", "teams", "users",
    ]

    /// Removes everything of the demo company but its row, which is set back to its defaults; in
    /// one transaction that the append-only tables let through for a demo company alone.
    static func remove(tenant: UUID, database: Database) async throws {
        try await database.transaction(tenant: tenant) { db in
            try await db.query("SELECT set_config('roster.demo_rewrite', \(tenant.uuidString), true)")
            try await db.query("UPDATE users SET team_id = NULL WHERE tenant_id = \(db.tenant)")
            for table in tenantTables {
                try await db.query(PostgresQuery(unsafeSQL: "DELETE FROM \(table) WHERE tenant_id = $1", binds: binds(tenant)))
            }
            try await db.query("""
                UPDATE tenants SET name = \(DemoData.name), time_zone = DEFAULT, default_language = DEFAULT,
                       currency = DEFAULT, invoice_reminder_before_end = DEFAULT, invoice_reminder_after_start = DEFAULT
                WHERE id = \(db.tenant)
                """)
        }
    }

    private static func binds(_ tenant: UUID) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(tenant)
        return binds
    }
}
