import Vapor

func registerCommands(_ app: Application) async {
    app.asyncCommands.use(GuardedServeCommand(inner: await app.servers.asyncCommand), as: "serve", isDefault: true)
    app.asyncCommands.use(MigrateCommand(), as: "migrate")
    app.asyncCommands.use(TenantCommands(), as: "tenant")
    app.asyncCommands.use(DemoCommand(), as: "demo")
    app.asyncCommands.use(SignInLinkCommand(), as: "link")
    app.asyncCommands.use(APITokenCommand(), as: "token")
    app.asyncCommands.use(RemindCommand(), as: "remind")
    app.asyncCommands.use(StatementsCommand(), as: "statements")
}

/// `serve`, refusing a development server that others could reach, a production server that
/// cannot send mail (`ServeChecks`), and a database role that row level security does not bind.
struct GuardedServeCommand: AsyncCommand {
    let inner: ServeCommand
    var help: String { inner.help }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        // A request's log line written to a closed pipe must fail that write, not end the server.
        signal(SIGPIPE, SIG_IGN)
        let hostname = try Self.applyAddress(signature, to: app)
        let refusals = ServeChecks.refusals(Self.situation(app, hostname: hostname))
        guard refusals.isEmpty else { throw OperatorCommands.Failure(refusals.joined(separator: "\n")) }
        try await DatabaseRoleGuard.check(app.database)
        // The inspector's sandbox must work before uploads are taken (production refuses to start).
        try await app.pdfInspector.checkSandbox(production: app.environment == .production, logger: app.logger)
        // Mail leaves through the outbox while the server runs (commands only queue it).
        let worker = app.mailWorker, cleanup = app.expiryCleanup, reminders = app.scheduledMail
        // Behind a transaction pooler nothing can LISTEN: the outbox is swept every 10 s instead.
        let listen = !app.settings.transactionPooler
        app.lifecycle.use(BackgroundTask { await worker.run(sweepEvery: .seconds(listen ? 60 : 10), listen: listen) })
        // Reminders of missing invoices and the admins' digests, on their days (once each, whatever runs).
        app.lifecycle.use(BackgroundTask { await reminders.run(every: .seconds(15 * 60)) })
        // Expired sign-in rows, sessions and app tokens are deleted while the server runs.
        app.lifecycle.use(BackgroundTask { await cleanup.run(every: .seconds(600)) })
        // The address is in the server's configuration now: the inner command listens there.
        var none = CommandInput(arguments: ["serve"])
        try await inner.run(using: context, signature: try ServeCommand.Signature(from: &none))
    }
}

/// `migrate`: applies migrations/ as the owner role, then grants the application role its rights.
struct MigrateCommand: AsyncCommand {
    struct Signature: CommandSignature {}
    var help: String { "Applies pending migrations (MIGRATION_DATABASE_URL, or DATABASE_URL) and grants the application role." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let settings = app.settings
        let applied = try await OperatorCommands.migrate(
            migrator: app.migrator, owner: settings.ownerDatabaseURL, appRole: settings.databaseURL.username, logger: app.logger)
        context.console.print(applied.isEmpty
            ? "Migrations are current (\(app.migrator.files.count) applied)."
            : "Applied: " + applied.joined(separator: ", "))
    }
}

/// `tenant create --slug acme --name "Acme" --admin-email a@acme.example`; `tenant export`,
/// `tenant import` and `tenant delete` (`TenantArchive/`), which connect as the owner role.
struct TenantCommands: AsyncCommandGroup {
    var help: String { "Manages tenants." }
    var commands: [String: any AnyAsyncCommand] {
        ["create": CreateTenantCommand(), "export": ExportTenantCommand(), "import": ImportTenantCommand(),
         "delete": DeleteTenantCommand()]
    }
}

/// `tenant create --slug acme --name "Acme" --admin-email a@acme.example`: a company and its first admin.
struct CreateTenantCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "slug", help: "The company's address: /t/<slug>/ (lower-case letters, digits, dashes).")
        var slug: String?
        @Option(name: "name", help: "The company's name.")
        var name: String?
        @Option(name: "admin-email", help: "E-mail of the first administrator.")
        var adminEmail: String?
        @Option(name: "admin-first-name", help: "First name of the first administrator (default: Admin).")
        var adminFirstName: String?
        @Option(name: "admin-last-name", help: "Last name of the first administrator (default: the company name).")
        var adminLastName: String?
        init() {}
    }

    var help: String { "Creates a tenant with its first admin and prints a sign-in link for that admin." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let slug = signature.slug, let name = signature.name, let email = signature.adminEmail else {
            throw OperatorCommands.Failure("tenant create needs --slug, --name and --admin-email")
        }
        let app = context.application
        let created = try await OperatorCommands.createTenant(
            slug: slug, name: name, adminEmail: email,
            adminFirstName: signature.adminFirstName ?? "Admin", adminLastName: signature.adminLastName ?? name,
            database: app.database)
        context.console.print("Created \(created.tenant.name) at \(app.settings.publicURL)\(Paths.home(slug))")
        context.console.print("Sign-in link for \(created.admin.email) (one use, 15 minutes):")
        context.console.print(app.settings.publicURL + Paths.signInLink(slug, token: created.link.value))
    }
}

/// `link --slug acme --email a@acme.example`: a one-time sign-in link for an active person.
struct SignInLinkCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "slug", help: "The company's slug.")
        var slug: String?
        @Option(name: "email", help: "The person's work e-mail.")
        var email: String?
        init() {}
    }

    var help: String { "Prints a one-time sign-in link for a person." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let slug = signature.slug, let email = signature.email else {
            throw OperatorCommands.Failure("link needs --slug and --email")
        }
        let app = context.application
        let token = try await OperatorCommands.signInLink(slug: slug, email: email, database: app.database)
        context.console.print(app.settings.publicURL + Paths.signInLink(slug, token: token.value))
    }
}

/// `token --slug acme --email a@acme.example [--client roster-cli]`: an API token pair for a person.
struct APITokenCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "slug", help: "The company's slug.")
        var slug: String?
        @Option(name: "email", help: "The person's work e-mail.")
        var email: String?
        @Option(name: "client", help: "The OAuth client the tokens are for (default: roster-cli).")
        var client: String?
        init() {}
    }

    var help: String { "Prints an API access token (one hour) and refresh token for a person, as JSON." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let slug = signature.slug, let email = signature.email else {
            throw OperatorCommands.Failure("token needs --slug and --email")
        }
        let tokens = try await OperatorCommands.apiTokens(slug: slug, email: email, client: signature.client ?? "roster-cli",
                                                          database: context.application.database)
        let body = OAuthTokenRoutes.TokenResponse(access_token: tokens.access.value, token_type: "Bearer",
                                                  expires_in: tokens.expiresIn, refresh_token: tokens.refresh.value)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        context.console.print(String(decoding: try encoder.encode(body), as: UTF8.self))
    }
}

/// `remind [--at 2026-11-30T10:00:00+01:00]`: one pass of `ScheduledMail`, as `serve` makes every
/// 15 minutes. With `--at`, the pass acts as of that instant: a reminder day the servers missed
/// can be caught up. Each mail is queued once however often this runs (the outbox's once-only key,
/// kept as long as the sent mail: so `--at` reaches back 25 days at most, and never ahead).
struct RemindCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "at", help: "Act as of this instant (ISO 8601 with its offset); default: now.")
        var at: String?
        init() {}
    }

    var help: String { "Queues the invoice reminders and admins' digests that are due; each mail goes once however often this runs." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        var clock = app.settings.clock
        if let at = signature.at {
            guard let fixed = BusinessClock.fixed(at) else {
                throw OperatorCommands.Failure("--at needs an instant with its offset, such as 2026-11-30T10:00:00+01:00")
            }
            let now = clock.now
            guard fixed.now <= now, fixed.now >= now.addingTimeInterval(-25 * 24 * 3600) else {
                throw OperatorCommands.Failure("--at must lie within the last 25 days: older mail is no longer known, so it would go twice")
            }
            clock = fixed
        }
        let queued = try await ScheduledMail(database: app.database, clock: clock, publicURL: app.settings.publicURL,
                                             translations: app.translations, logger: app.logger).queueDue()
        context.console.print("Queued \(queued) mail\(queued == 1 ? "" : "s"); the server's mail worker sends them.")
    }
}

/// `demo [--reset] [--minimal]`: the demo company "acme" (`DemoCompany`); safe to run again.
struct DemoCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Flag(name: "reset", help: "Removes the demo company and loads it afresh.")
        var reset: Bool
        @Flag(name: "minimal", help: "Only the three people who sign in, with their rates (what the browser journeys start from).")
        var minimal: Bool
        init() {}
    }

    var help: String { "Creates or refreshes the demo company and prints a sign-in link for each demo person." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        let loaded = try await DemoCompany.load(database: app.database, clock: app.settings.clock, inspector: app.pdfInspector,
                                                reset: signature.reset, minimal: signature.minimal)
        context.console.print("Demo company \"\(DemoData.name)\": \(app.settings.publicURL)\(Paths.home(DemoData.slug))")
        if let life = loaded.life {
            // Last month's approved employee months get their work statements, as approvals write them.
            try await StatementsCommand.issueMissing(slug: DemoData.slug, month: nil, app: app)
            context.console.print("  \(life.people) people in \(life.teams) teams; \(life.invoices) invoices added now"
                                  + (signature.reset ? " (loaded afresh)" : " (run `demo --reset` to start afresh)"))
        }
        context.console.print("One-time sign-in links (one use each, valid 15 minutes; run `demo` again for new ones):")
        for person in loaded.people {
            context.console.print("  \(person.role.padding(toLength: 12, withPad: " ", startingAt: 0)) \(person.user.displayName) <\(person.user.email)>")
            context.console.print("               \(app.settings.publicURL)\(Paths.signInLink(DemoData.slug, token: person.link.value))")
        }
    }
}
