import Foundation
import PDFInspection
import Vapor

/// What the server reads from its environment.
public struct AppSettings: Sendable {
    /// The address people open, used in links that leave the server (e-mails, the console).
    public var publicURL: String
    public var databaseURL: PostgresURL
    /// A streaming-replication standby for report pages (`ROSTER_REPLICA_URL`, `ReplicaReads`).
    public var replicaURL: PostgresURL?
    /// How long a report page waits for a standby's connection before it reads the primary (and
    /// the standby rests, `Replica.rest`).
    public var replicaPoolTimeout: Duration = .seconds(1)
    /// Owner role for migrations; the application role when unset.
    public var migrationDatabaseURL: PostgresURL?
    public var maxDatabaseConnections: Int
    /// How long a request waits for a pooled connection before it is answered 503
    /// (`DATABASE_POOL_TIMEOUT_SECONDS`, default 5).
    public var databasePoolTimeout: Duration = .seconds(5)
    /// Error pages show the error itself (`ROSTER_SHOW_ERROR_DETAILS=1`); never by default.
    public var showErrorDetails: Bool
    /// The development mailbox page (`ROSTER_DEV_MAILBOX=1`, development only): the tenant's
    /// outbox for its admins, on a loopback connection. Off unless asked for.
    public var devMailbox: Bool
    /// How many uploads are read at once (`ROSTER_UPLOAD_CONCURRENCY`, default: inspections + 2);
    /// more are told at once to try again.
    public var uploadConcurrency: Int
    /// How many calls to identity providers may be under way at once, for all companies
    /// (`ROSTER_PROVIDER_CALLS`, default 16; one company has at most
    /// `OIDCDirectory.maxCallsPerCompany` of them).
    public var providerCalls = OIDCDirectory.defaultMaxCalls
    /// The slowest an upload's body may arrive, in bytes a second on average over every window of
    /// `uploadRateWindowSeconds` (`ROSTER_UPLOAD_MIN_RATE`, default 16384; 0: no minimum, only
    /// the 10-minute deadline); slower, it is cut with 408 and its place freed (`BodyCollector`).
    public var uploadMinimumRate = BodyCollector.MinimumRate.standard.bytesPerSecond
    /// The window the minimum rate is measured over (`ROSTER_UPLOAD_RATE_WINDOW_SECONDS`, default 20).
    public var uploadRateWindowSeconds = 20
    /// The sendmail command mail goes through (`ROSTER_SENDMAIL`, e.g. "/usr/sbin/sendmail -t -i");
    /// nil: the system's sendmail in production, the log and the development mailbox otherwise.
    public var sendmailCommand: String?
    /// The From of Roster's e-mails (`ROSTER_MAIL_FROM`).
    public var mailFrom: String
    /// Seals stored secrets such as identity providers' client secrets (`ROSTER_SECRET_KEY`,
    /// 32 bytes in base64); without it no provider can be connected.
    public var secretBox: SecretBox?
    /// Behind a reverse proxy (`TRUST_FORWARDED_FOR=1`): a client's address is the last one the
    /// proxy added to X-Forwarded-For, not the proxy's own.
    public var trustForwardedFor: Bool
    /// The largest invoice PDF accepted (`ROSTER_PDF_MAX_BYTES`, default 10 MB).
    public var pdfMaxBytes: Int
    /// The most pages an invoice PDF may have (`ROSTER_PDF_MAX_PAGES`, default 20).
    public var pdfMaxPages: Int
    /// The most entries an export of worked time holds; more are refused, never cut short.
    public var timeExportMaxRows = ExportTable.maxRows
    /// How many PDF inspections run at once (`ROSTER_PDF_CONCURRENCY`, default: the number of cores).
    public var pdfConcurrency: Int
    /// How the PDF inspector is isolated (`ROSTER_PDF_SANDBOX`: `bwrap`, the default, or `none`).
    public var pdfSandbox: PDFSandbox = .bubblewrap
    /// A session ends after this many minutes without a request (`ROSTER_SESSION_IDLE_MINUTES`,
    /// default 480), besides its 14-day limit.
    public var sessionIdleMinutes: Int
    /// Whether an identity provider may live at a private, loopback or link-local address and be
    /// reached over plain http (`ROSTER_ALLOW_PRIVATE_IDENTITY_PROVIDERS=1`; the default outside
    /// production). In production Roster fetches only https addresses on the public internet.
    public var allowPrivateIdentityProviders: Bool
    /// Connections go through a pooler in transaction mode (`DATABASE_POOLER=transaction`, e.g.
    /// PgBouncer): no named prepared statements and no LISTEN, which need a session of their own
    /// (docs/ARCHITECTURE.md, Several servers).
    public var transactionPooler = false
    /// Who may read `/metrics` (`ROSTER_METRICS_ALLOW`: addresses or CIDR blocks, separated by
    /// commas; loopback when unset, nobody when `none`).
    public var metricsAllowed: [AddressRange] = AddressRange.loopback
    /// One JSON line per request on standard output (`ROSTER_REQUEST_LOG`: `json`, the default
    /// outside tests, or `off`).
    public var requestLog = false
    /// What day it is for the business (`BusinessClock`): the system's time; fixed in tests.
    public var clock: BusinessClock = .system

    /// The owner role of the migrations: `migrate`, and tenant export, import and erasure, connect as it.
    var ownerDatabaseURL: PostgresURL { migrationDatabaseURL ?? databaseURL }

    /// Cookies get `Secure` when people reach the server over https.
    public var secureCookies: Bool { publicURL.lowercased().hasPrefix("https://") }

    public init(publicURL: String, databaseURL: PostgresURL, migrationDatabaseURL: PostgresURL? = nil,
                maxDatabaseConnections: Int = 20, showErrorDetails: Bool = false, devMailbox: Bool = false,
                uploadConcurrency: Int? = nil, sendmailCommand: String? = nil,
                mailFrom: String = "Roster <roster@localhost>", secretBox: SecretBox? = nil, trustForwardedFor: Bool = false,
                pdfMaxBytes: Int = PDFLimits.maxBytes, pdfMaxPages: Int = PDFLimits.maxPages,
                pdfConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount, sessionIdleMinutes: Int = 480,
                allowPrivateIdentityProviders: Bool = false) {
        var url = publicURL
        while url.hasSuffix("/") { url.removeLast() }
        self.publicURL = url
        self.databaseURL = databaseURL
        self.migrationDatabaseURL = migrationDatabaseURL
        self.maxDatabaseConnections = maxDatabaseConnections
        self.showErrorDetails = showErrorDetails
        self.devMailbox = devMailbox
        self.sendmailCommand = sendmailCommand
        self.mailFrom = mailFrom
        self.secretBox = secretBox
        self.trustForwardedFor = trustForwardedFor
        self.pdfMaxBytes = pdfMaxBytes
        self.pdfMaxPages = pdfMaxPages
        self.pdfConcurrency = max(1, pdfConcurrency)
        self.sessionIdleMinutes = min(max(1, sessionIdleMinutes), 14 * 24 * 60)  // never beyond a session's lifetime
        self.allowPrivateIdentityProviders = allowPrivateIdentityProviders
        self.uploadConcurrency = max(1, uploadConcurrency ?? (self.pdfConcurrency + 2))
    }

    public static func fromEnvironment(_ environment: Environment) throws -> AppSettings {
        guard let database = Environment.get("DATABASE_URL"), !database.isEmpty else {
            throw Abort(.internalServerError, reason: "DATABASE_URL is not set. Start Roster with scripts/run, which starts a private PostgreSQL, or set DATABASE_URL=postgres://user:password@host:5432/database.")
        }
        let migration = Environment.get("MIGRATION_DATABASE_URL").flatMap { $0.isEmpty ? nil : $0 }
        var settings = AppSettings(
            publicURL: Environment.get("PUBLIC_URL") ?? "http://localhost:8080",
            databaseURL: try PostgresURL(database),
            migrationDatabaseURL: try migration.map(PostgresURL.init),
            maxDatabaseConnections: Environment.get("DATABASE_MAX_CONNECTIONS").flatMap(Int.init) ?? 20,
            showErrorDetails: Environment.get("ROSTER_SHOW_ERROR_DETAILS") == "1",
            devMailbox: environment == .development && Environment.get("ROSTER_DEV_MAILBOX") == "1",
            uploadConcurrency: try positive("ROSTER_UPLOAD_CONCURRENCY"),
            sendmailCommand: Environment.get("ROSTER_SENDMAIL").flatMap { $0.isEmpty ? nil : $0 },
            mailFrom: Environment.get("ROSTER_MAIL_FROM").flatMap { $0.isEmpty ? nil : $0 } ?? "Roster <roster@localhost>",
            secretBox: try Environment.get("ROSTER_SECRET_KEY").flatMap { $0.isEmpty ? nil : $0 }.map { text in
                guard let box = SecretBox(base64: text) else {
                    throw Abort(.internalServerError, reason: "ROSTER_SECRET_KEY must be 32 random bytes in base64 (openssl rand -base64 32).")
                }
                return box
            },
            trustForwardedFor: Environment.get("TRUST_FORWARDED_FOR") == "1",
            pdfMaxBytes: try positive("ROSTER_PDF_MAX_BYTES") ?? PDFLimits.maxBytes,
            pdfMaxPages: try positive("ROSTER_PDF_MAX_PAGES") ?? PDFLimits.maxPages,
            pdfConcurrency: try positive("ROSTER_PDF_CONCURRENCY") ?? ProcessInfo.processInfo.activeProcessorCount,
            sessionIdleMinutes: try positive("ROSTER_SESSION_IDLE_MINUTES") ?? 480,
            allowPrivateIdentityProviders: Environment.get("ROSTER_ALLOW_PRIVATE_IDENTITY_PROVIDERS").flatMap { $0.isEmpty ? nil : $0 == "1" }
                ?? (environment == .development || environment == .testing)
        )
        settings.providerCalls = try positive("ROSTER_PROVIDER_CALLS") ?? OIDCDirectory.defaultMaxCalls
        settings.uploadMinimumRate = try Environment.get("ROSTER_UPLOAD_MIN_RATE") == "0" ? 0
            : positive("ROSTER_UPLOAD_MIN_RATE") ?? BodyCollector.MinimumRate.standard.bytesPerSecond
        settings.uploadRateWindowSeconds = try positive("ROSTER_UPLOAD_RATE_WINDOW_SECONDS") ?? 20
        settings.pdfSandbox = try sandbox()
        settings.transactionPooler = try pooler()
        settings.replicaURL = try Environment.get("ROSTER_REPLICA_URL").flatMap { $0.isEmpty ? nil : $0 }.map(PostgresURL.init)
        settings.metricsAllowed = try metricsAllowed()
        switch Environment.get("ROSTER_REQUEST_LOG") ?? "" {
        case "": settings.requestLog = environment != .testing
        case "json": settings.requestLog = true
        case "off": settings.requestLog = false
        case let text: throw Abort(.internalServerError, reason: "ROSTER_REQUEST_LOG must be json or off, not \"\(text)\".")
        }
        settings.databasePoolTimeout = .seconds(try positive("DATABASE_POOL_TIMEOUT_SECONDS") ?? 5)
        return settings
    }

    /// `ROSTER_PDF_SANDBOX`: `bwrap` (also when unset) or `none`.
    private static func sandbox() throws -> PDFSandbox {
        let text = Environment.get("ROSTER_PDF_SANDBOX")
        guard let sandbox = PDFSandbox(setting: text) else {
            throw Abort(.internalServerError, reason: "ROSTER_PDF_SANDBOX must be bwrap or none, not \"\(text ?? "")\".")
        }
        return sandbox
    }

    /// `ROSTER_METRICS_ALLOW`: loopback when unset, nobody for `none`, else a list of blocks.
    private static func metricsAllowed() throws -> [AddressRange] {
        guard let text = Environment.get("ROSTER_METRICS_ALLOW"), !text.isEmpty else { return AddressRange.loopback }
        if text == "none" { return [] }
        let (ranges, invalid) = AddressRange.list(text)
        if let invalid {
            throw Abort(.internalServerError, reason: "ROSTER_METRICS_ALLOW: \"\(invalid)\" is not an address or CIDR block (e.g. 10.0.0.0/8, ::1).")
        }
        return ranges
    }

    /// `DATABASE_POOLER`: `transaction`, or `none` (also when unset).
    private static func pooler() throws -> Bool {
        switch Environment.get("DATABASE_POOLER") ?? "" {
        case "", "none": return false
        case "transaction": return true
        case let text: throw Abort(.internalServerError, reason: "DATABASE_POOLER must be transaction or none, not \"\(text)\".")
        }
    }

    /// A positive whole number from the environment, nil when unset, an error when it is something else.
    private static func positive(_ name: String) throws -> Int? {
        guard let text = Environment.get(name), !text.isEmpty else { return nil }
        guard let value = Int(text), value > 0 else {
            throw Abort(.internalServerError, reason: "\(name) must be a positive whole number, not \"\(text)\".")
        }
        return value
    }
}
