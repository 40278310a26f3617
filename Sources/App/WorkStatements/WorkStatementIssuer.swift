import Foundation
import Vapor

/// Writes a person's statement of a month when their time is approved (docs/ARCHITECTURE.md,
/// Work statements): its table in the company's language, its XLSX file (written off the event
/// loops), a new version kept in the caller's transaction. Nothing for a month without an
/// employee contract (a contractor invoices it).
enum WorkStatementIssuer {
    @discardableResult
    static func issue(
        for user: UUID, month: Month, by actor: UUID, tenant: Tenant, on db: TenantConnection, app: Application
    ) async throws -> UUID? {
        guard let input = try await WorkStatementQueries.input(of: user, month, on: db),
              WorkStatementRules.isRequired(input.contracts, in: month) else { return nil }
        let statement = WorkStatementRules.build(input, t: Translator(app.translations, tenant.defaultLanguage))
        let file = try await app.threadPool.runIfActive { try XLSXFile.write([statement.table]) }
        return try await WorkStatementQueries.store(statement, file: file, filename: WorkStatementRules.filename(name: input.name, month: month),
                                                    of: user, month: month, by: actor, on: db)
    }

    /// The month's workbook for payroll: its approved statements, a sheet per person.
    static func workbook(_ month: Month, on db: TenantConnection, app: Application) async throws -> Data {
        let sheets = try await WorkStatementQueries.sheets(month, on: db)
        // A thousand tables to decode and write: the thread pool's work, not an event loop's.
        return try await app.threadPool.runIfActive {
            let decoder = JSONDecoder()
            return try XLSXFile.write(try sheets.map { try decoder.decode(ExportTable.self, from: Data($0.utf8)) })
        }
    }
}
