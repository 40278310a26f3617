import Foundation
import Logging
import PostgresNIO

public enum TenantQueries {
    /// The columns `decode` reads, in its order.
    static let columns = "id, slug, name, time_zone, default_language, currency"

    /// A tenant from its columns by name, wherever they stand in the row.
    static func decode(_ row: NamedRow) throws -> Tenant {
        Tenant(id: try row("id"), slug: try row("slug"), name: try row("name"), timeZone: try row("time_zone"),
               defaultLanguage: Language(rawValue: try row("default_language")) ?? .cs, currency: try row("currency"))
    }

    static func decode(_ row: PostgresRow) throws -> Tenant {
        let (id, slug, name, zone, language, currency) = try row.decode((UUID, String, String, String, String, String).self)
        return Tenant(id: id, slug: slug, name: name, timeZone: zone,
                      defaultLanguage: Language(rawValue: language) ?? .cs, currency: currency)
    }

    public static func find(slug: String, on connection: PostgresConnection, logger: Logger) async throws -> Tenant? {
        let rows = try await connection.query(
            "SELECT id, slug, name, time_zone, default_language, currency FROM tenants WHERE slug = \(slug)",
            logger: logger
        ).collect()
        return try rows.first.map(decode)
    }

    /// The connection's own tenant (a command or a job that entered it by id).
    public static func current(on db: TenantConnection) async throws -> Tenant {
        try decode(try await db.query("SELECT \(unescaped: columns) FROM tenants WHERE id = \(db.tenant)").collect()[0])
    }

    /// The settings of the connection's tenant.
    /// - Parameter toleranceBP: the review desk's tolerance of a difference (nil: as it is).
    public static func updateSettings(
        name: String, timeZone: String, defaultLanguage: Language, reminders: ReminderDays, toleranceBP: Int? = nil,
        on db: TenantConnection
    ) async throws {
        try await db.query("""
            UPDATE tenants SET name = \(name), time_zone = \(timeZone), default_language = \(defaultLanguage.rawValue),
                   invoice_reminder_before_end = \(reminders.beforeEnd), invoice_reminder_after_start = \(reminders.afterStart),
                   amount_tolerance_bp = coalesce(\(toleranceBP), amount_tolerance_bp)
            WHERE id = \(db.tenant)
            """)
    }

    /// How far an invoice may differ from its expected amount before the desk flags it, in basis points.
    public static func amountTolerance(on db: TenantConnection) async throws -> Int {
        try await db.query("SELECT amount_tolerance_bp FROM tenants WHERE id = \(db.tenant)").collect()[0].decode(Int.self)
    }

    /// The connection's tenant's reminder days of a missing invoice.
    public static func reminderDays(on db: TenantConnection) async throws -> ReminderDays {
        let (before, after) = try await db.query("""
            SELECT invoice_reminder_before_end, invoice_reminder_after_start FROM tenants WHERE id = \(db.tenant)
            """).collect()[0].decode((Int, Int).self)
        return ReminderDays(beforeEnd: before, afterStart: after)
    }
}
