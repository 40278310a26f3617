import Vapor

/// `statements --slug acme --month 2026-10`: writes the work statements of a month's approved
/// employee months that have none (months approved before statements existed, or a month
/// rebuilt by hand). Each is written as its approval would have written it, by the person who
/// approved the month, in a transaction of its own; one that fails is reported and the others go on.
struct StatementsCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "slug", help: "The company's slug.")
        var slug: String?
        @Option(name: "month", help: "The month, YYYY-MM.")
        var month: String?
    }

    var help: String { "Writes the missing work statements of a month's approved employee months." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let slug = signature.slug, let month = signature.month.flatMap(Month.init(iso:)) else {
            throw OperatorCommands.Failure("statements needs --slug and --month YYYY-MM")
        }
        let written = try await Self.issueMissing(slug: slug, month: month, app: context.application)
        context.console.print("Wrote \(written) statements of \(month.iso).")
    }

    /// - Parameter month: nil for the company's last month.
    @discardableResult
    static func issueMissing(slug: String, month wanted: Month?, app: Application) async throws -> Int {
        let database = app.database
        let (tenant, month, pending) = try await database.transaction(readOnly: true) { connection in
            guard let (tenant, db) = try await connection.enterTenant(slug: slug, logger: database.logger) else {
                throw OperatorCommands.Failure("There is no tenant with the slug \"\(slug)\".")
            }
            let month = wanted ?? app.settings.clock.month(in: tenant.timeZone).adding(months: -1)
            let rows = try await db.query("""
                SELECT m.user_id, m.decided_by FROM time_months m
                WHERE m.tenant_id = \(db.tenant) AND m.month = \(month.first.iso)::date AND m.status = 'approved'
                  AND NOT EXISTS (SELECT FROM work_statements s WHERE s.tenant_id = m.tenant_id AND s.user_id = m.user_id
                                  AND s.month = m.month)
                ORDER BY m.user_id
                """).collect().map { try $0.decode((UUID, UUID).self) }
            return (tenant, month, rows)
        }
        var written = 0
        for (user, approver) in pending {
            do {
                let id = try await database.transaction(tenant: tenant.id) { db -> UUID? in
                    // Still approved (and kept so while the statement is written)?
                    let approved = try await db.query("""
                        SELECT 1 FROM time_months WHERE tenant_id = \(db.tenant) AND user_id = \(user)
                          AND month = \(month.first.iso)::date AND status = 'approved'
                        FOR SHARE
                        """).collect()
                    guard !approved.isEmpty else { return nil }
                    return try await WorkStatementIssuer.issue(for: user, month: month, by: approver, tenant: tenant, on: db, app: app)
                }
                if id != nil { written += 1 }
            } catch {
                app.logger.error("statement of \(user) for \(month.iso) not written: \(String(reflecting: error))")
            }
        }
        return written
    }
}
