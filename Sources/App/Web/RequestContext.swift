import PostgresNIO
import Vapor

/// What the middlewares learn about a request, for the handlers.
private struct TenantKey: StorageKey { typealias Value = Tenant }
private struct ConnectionKey: StorageKey { typealias Value = TenantConnection }
private struct SessionKey: StorageKey { typealias Value = BrowserSession }
private struct LanguageKey: StorageKey { typealias Value = Language }
private struct CSRFKey: StorageKey { typealias Value = String }
private struct FlashKey: StorageKey { typealias Value = Flash }
private struct TeamsKey: StorageKey { typealias Value = [(id: UUID, name: String)] }
private struct PageReadKey: StorageKey { typealias Value = (read: any PageRead, rows: [PageRow]) }
private struct SentCookiesKey: StorageKey { typealias Value = HTTPCookies }

extension Request {
    /// The cookies the browser sent, parsed from the header once per request (Vapor's `cookies`
    /// parses it on every use, and three middlewares read it).
    var sentCookies: HTTPCookies {
        if let parsed = storage[SentCookiesKey.self] { return parsed }
        let parsed = cookies
        storage[SentCookiesKey.self] = parsed
        return parsed
    }

    /// The tenant of `/t/{slug}/…`; set by `TenantMiddleware`.
    public var tenant: Tenant {
        get throws {
            guard let tenant = storage[TenantKey.self] else { throw Abort(.internalServerError, reason: "no tenant on this route") }
            return tenant
        }
    }

    func setTenant(_ tenant: Tenant) { storage[TenantKey.self] = tenant }

    /// The connection of this request's tenant transaction (row level security set to the tenant).
    public var db: TenantConnection {
        get throws {
            guard let connection = storage[ConnectionKey.self] else {
                throw Abort(.internalServerError, reason: "no tenant transaction on this route")
            }
            return connection
        }
    }

    func setConnection(_ connection: TenantConnection?) { storage[ConnectionKey.self] = connection }

    /// The tenant's teams by name, read with the request's first statement on a route marked
    /// `RouteOption.teamNames`.
    var shellTeams: [(id: UUID, name: String)]? {
        get { storage[TeamsKey.self] }
        set { storage[TeamsKey.self] = newValue }
    }

    /// The page's read and its rows, read with the request's first statement
    /// (`RouteOption.pageRead`).
    var pageRead: (read: any PageRead, rows: [PageRow])? {
        get { storage[PageReadKey.self] }
        set { storage[PageReadKey.self] = newValue }
    }

    /// What the page's read (`RouteOption.pageRead`) found for this request: the route's one
    /// read, decoded. 401 when it read nothing (nobody signed in); a route without that read is
    /// a programming error (500).
    func page<Read: PageRead>(_ type: Read.Type) throws -> Read.Output {
        guard let (read, rows) = pageRead, read is Read else {
            throw Abort(.internalServerError, reason: "The route reads no \(Read.self).")
        }
        guard let output = try Read.decode(rows) else { throw Abort(.unauthorized) }
        return output
    }

    /// The page `read` shows: read with the request's first statement on a GET of its route
    /// (`RouteOption.pageRead`), else in the request's transaction as the signed-in person sees it
    /// (a form shown again after a refused POST). The same read either way.
    func page<Read: PageRead>(_ read: @autoclosure () -> Read) async throws -> Read.Output {
        if pageRead != nil { return try page(Read.self) }
        guard let output = try await db.read(read(), viewer: try user.id) else { throw Abort(.unauthorized) }
        return output
    }

    /// The tenant's teams by name: from the request's first statement when the route asked for
    /// them there, else one statement of their own.
    func teamNames() async throws -> [(id: UUID, name: String)] {
        if let teams = shellTeams { return teams }
        return try await TeamQueries.names(on: try db)
    }

    public var browserSession: BrowserSession? {
        get { storage[SessionKey.self] }
        set { storage[SessionKey.self] = newValue }
    }

    public var currentUser: User? { browserSession?.user }

    /// The signed-in user, or 401 (the sign-in middleware turns that into a redirect).
    public var user: User {
        get throws {
            guard let user = currentUser else { throw Abort(.unauthorized) }
            return user
        }
    }

    public var language: Language {
        get { storage[LanguageKey.self] ?? Language.fromAcceptLanguage(headers.first(name: .acceptLanguage) ?? "") ?? .en }
        set { storage[LanguageKey.self] = newValue }
    }

    public var csrfToken: String {
        get { storage[CSRFKey.self] ?? "" }
        set { storage[CSRFKey.self] = newValue }
    }

    var flash: Flash? {
        get { storage[FlashKey.self] }
        set { storage[FlashKey.self] = newValue }
    }

    /// A UUID path parameter; anything else is a 404, like an id that does not exist.
    public func idParameter(_ name: String = "id") throws -> UUID {
        guard let id = parameters.get(name).flatMap(UUID.init(uuidString:)) else { throw Abort(.notFound) }
        return id
    }

    /// 403 unless the signed-in user may do `action` to `subject` (`Permissions` decides).
    public func require(_ action: Action, _ subject: Subject = .company) throws {
        guard Permissions.can(try user, action, subject) else { throw Abort(.forbidden) }
    }

    /// The address the request came from, for rate limits: behind a trusted proxy the last
    /// address of X-Forwarded-For (the one the proxy saw), else the peer's.
    public var clientAddress: String {
        if application.settings.trustForwardedFor,
           let forwarded = headers.first(name: "X-Forwarded-For")?.split(separator: ",").last?
               .trimmingCharacters(in: .whitespaces), !forwarded.isEmpty {
            return String(forwarded.prefix(100))
        }
        return remoteAddress?.ipAddress ?? "unknown"
    }

    /// Today in the tenant's time zone, by the application's clock.
    public var today: LocalDate {
        get throws { application.settings.clock.today(in: try tenant.timeZone) }
    }

    /// This month in the tenant's time zone, by the application's clock.
    public var thisMonth: Month {
        get throws { Month(try today) }
    }

    /// The month a page or form names (`YYYY-MM`, see `Month(filter:)`), else this month: the
    /// one rule for every `month` parameter.
    public func month(_ value: String?) throws -> Month {
        try value.flatMap(Month.init(filter:)) ?? thisMonth
    }

    /// The month of `?month=`, else this month.
    public var queryMonth: Month {
        get throws { try month(queryText("month")) }
    }

    /// What the mails a request queues point to (`Notifier`).
    public var mailSite: MailSite {
        get throws { MailSite(publicURL: application.settings.publicURL, tenant: try tenant, translations: application.translations) }
    }

    /// The texts in the request's language, for page models.
    public var translator: Translator { Translator(application.translations, language) }

    public func translate(_ key: String, _ arguments: String...) -> String {
        application.translations.text(key, language, arguments)
    }

    func translate(_ key: String, _ arguments: [String]) -> String {
        application.translations.text(key, language, arguments)
    }

    /// "November 2026" / "listopad 2026".
    func monthLabel(_ month: Month) -> String { translator.month(month) }
}
