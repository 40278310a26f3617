import PostgresNIO
import Vapor

/// Sets up everything the server and the commands share. Translations and migrations are read
/// from the working directory (the repository root).
public func configure(_ app: Application, settings: AppSettings) async throws {
    app.settings = settings
    let root = app.directory.workingDirectory
    app.translations = try Translations.load(directory: root + "Localization")
    app.migrator = try Migrator.load(directory: root + "migrations")

    let metrics = RosterMetrics()
    app.metrics = metrics
    let pool = DatabasePool(url: settings.databaseURL, maxConnections: settings.maxDatabaseConnections,
                            waitTimeout: settings.databasePoolTimeout, throughPooler: settings.transactionPooler,
                            metrics: metrics, logger: app.logger)
    app.database = Database(pool: pool, logger: app.logger)
    app.lifecycle.use(DatabasePoolRunner(pool: pool))
    if let replicaURL = settings.replicaURL {
        let replica = DatabasePool(url: replicaURL, maxConnections: settings.maxDatabaseConnections,
                                   waitTimeout: settings.replicaPoolTimeout, logger: app.logger)
        app.replica = Replica(database: Database(pool: replica, logger: app.logger))
        app.lifecycle.use(DatabasePoolRunner(pool: replica))
    }
    // Requests Roster makes itself (to identity providers) never follow redirects.
    app.http.client.configuration.redirectConfiguration = .disallow
    // They are rare (a sign-in's discovery, keys and code exchange), so a connection is kept
    // idle for one second only: a provider closing an idle connection after a few seconds
    // (five is common) must never race a request sent on it ("connection reset by peer").
    app.http.client.configuration.connectionPool = .init(idleTimeout: .seconds(1))
    app.oidc = OIDCDirectory(client: app.client, allowPrivateAddresses: settings.allowPrivateIdentityProviders,
                             maxCalls: settings.providerCalls)
    let inspector = PDFInspector.defaultExecutable()
    if !FileManager.default.isExecutableFile(atPath: inspector) {
        app.logger.warning("The PDF inspector is missing at \(inspector): every invoice upload will be refused. Build it (swift build --product roster-pdf) or set ROSTER_PDF_INSPECTOR.")
    }
    app.uploadGate = UploadGate(limit: settings.uploadConcurrency)
    app.pdfInspector = PDFInspector(command: [inspector], maxPages: settings.pdfMaxPages, sandbox: settings.pdfSandbox,
                                    concurrency: settings.pdfConcurrency, metrics: metrics)

    app.routes.defaultMaxBodySize = "256kb"
    // One task for all of them (`MiddlewareChain`), the first outermost.
    app.middleware = Middlewares()
    app.middleware.use(MiddlewareChain([
        RequestObservationMiddleware(metrics: metrics, writesLog: settings.requestLog, trustsProxy: settings.trustForwardedFor),
        SecurityHeadersMiddleware(https: settings.secureCookies),
        ErrorPageMiddleware(),
        StaticFileMiddleware(publicDirectory: app.directory.publicDirectory),
        RequestBodyMiddleware(),
    ]))
    // A connection that neither sends nor receives for a minute is closed (the longest quiet
    // spell of a real request is a PDF inspection, at most 20 seconds).
    app.http.server.configuration.idleTimeout = .seconds(60)

    try routes(app)
    await registerCommands(app)
}

func routes(_ app: Application) throws {
    try app.register(collection: HealthRoutes())
    try app.register(collection: MetricsRoutes())
    try app.register(collection: LandingRoutes())
    try app.register(collection: OAuthTokenRoutes())
    try RosterAPI.register(on: app)

    let tenant = app.grouped("t", ":slug").chained(TenantMiddleware(), CSRFMiddleware(), FlashMiddleware())
    try tenant.register(collection: SignInRoutes())
    try tenant.register(collection: LinkRequestRoutes())
    try tenant.register(collection: OIDCRoutes())
    try tenant.register(collection: LanguageRoutes())
    try tenant.register(collection: UnsubscribeRoutes())
    if app.settings.devMailbox {
        try tenant.chained(RequireSignInMiddleware()).register(collection: DevMailboxRoutes())
    }

    let signedIn = tenant.chained(RequireSignInMiddleware())
    try signedIn.register(collection: HomeRoutes())
    try signedIn.register(collection: PreferencesRoutes())
    try signedIn.register(collection: CompanyRoutes())
    try signedIn.register(collection: IdentityProviderRoutes())
    try signedIn.register(collection: EmployeeFormRoutes())
    try signedIn.register(collection: PeopleRoutes())
    try signedIn.register(collection: TeamsRoutes())
    try signedIn.register(collection: ContractRoutes())
    try signedIn.register(collection: RateRoutes())
    try signedIn.register(collection: RateReportRoutes())
    try signedIn.register(collection: EarningsRoutes())
    try signedIn.register(collection: OAuthAuthorizeRoutes())
    try signedIn.register(collection: InvoiceRoutes())
    try signedIn.register(collection: InvoiceUploadRoutes(maxUploadBytes: app.settings.pdfMaxBytes))
    try signedIn.register(collection: InvoiceActionRoutes())
    try signedIn.register(collection: CorrectionRoutes())
    try signedIn.register(collection: SupplierDetailsRoutes())
    try signedIn.register(collection: SupplierProposalRoutes())
    try signedIn.register(collection: ExportRoutes())
    try signedIn.register(collection: TimeExportRoutes())
    try signedIn.register(collection: ReviewOverviewRoutes())
    try signedIn.register(collection: ReviewDeskRoutes())
    try signedIn.register(collection: PaymentExportRoutes())
    try signedIn.register(collection: StatementRoutes())
    try signedIn.register(collection: TimeRoutes())
    try signedIn.register(collection: TimerRoutes())
    try signedIn.register(collection: ProjectRoutes())
    try signedIn.register(collection: AbsenceRoutes())
    try signedIn.register(collection: MonthCloseRoutes())
    try signedIn.register(collection: WorkStatementRoutes())
}
