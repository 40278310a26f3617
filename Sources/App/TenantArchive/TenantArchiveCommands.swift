import Vapor

/// `tenant export --slug acme --output acme.tar`: the company's rows and files, one archive.
struct ExportTenantCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "slug", help: "The company's slug.")
        var slug: String?
        @Option(name: "output", help: "The archive to write (a tar file; it must not exist yet).")
        var output: String?
        init() {}
    }

    var help: String { "Writes one company's rows and stored files into one archive (MIGRATION_DATABASE_URL, or DATABASE_URL)." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let slug = signature.slug, let output = signature.output else {
            throw OperatorCommands.Failure("tenant export needs --slug and --output")
        }
        let app = context.application
        let summary = try await TenantExport.export(slug: slug, to: output, database: app.settings.ownerDatabaseURL, logger: app.logger)
        context.console.print("Exported \(summary.tenant.name) (\(slug)) to \(output): \(summary.rows.values.reduce(0, +)) rows in \(summary.rows.count) tables, \(summary.documents) files, \(summary.bytes) bytes.")
    }
}

/// `tenant import --input acme.tar [--slug acme2]`: restores an export into this database.
struct ImportTenantCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "input", help: "The archive written by tenant export.")
        var input: String?
        @Option(name: "slug", help: "Another slug for the company (default: the exported one).")
        var slug: String?
        init() {}
    }

    var help: String { "Restores a company from an archive of tenant export, as the owner role (MIGRATION_DATABASE_URL, or DATABASE_URL)." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let input = signature.input else { throw OperatorCommands.Failure("tenant import needs --input") }
        let app = context.application
        let summary = try await TenantImport.run(from: input, slug: signature.slug, database: app.settings.ownerDatabaseURL,
                                                 logger: app.logger)
        context.console.print("Imported \(summary.tenant.name) at \(app.settings.publicURL)\(Paths.home(summary.tenant.slug)): \(summary.rows.values.reduce(0, +)) rows in \(summary.rows.count) tables, \(summary.documents) files (each checked against its SHA-256).")
    }
}

/// `tenant delete --slug acme --confirm acme`: erases a company whole; without `--confirm` it
/// says what it would remove.
struct DeleteTenantCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "slug", help: "The company's slug.")
        var slug: String?
        @Option(name: "confirm", help: "The slug again: the erasure cannot be undone.")
        var confirm: String?
        init() {}
    }

    var help: String { "Erases a company: every row and stored file, in one transaction (MIGRATION_DATABASE_URL, or DATABASE_URL)." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let slug = signature.slug else { throw OperatorCommands.Failure("tenant delete needs --slug (and --confirm with the slug again)") }
        let app = context.application
        let report = try await TenantErasure.erase(slug: slug, confirm: signature.confirm, database: app.settings.ownerDatabaseURL,
                                                   logger: app.logger)
        context.console.print("Erased \(report.tenant.name) (\(slug)): \(report.total) rows.")
        context.console.print(TenantErasure.describe(report.rows))
    }
}
