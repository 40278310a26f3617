import Foundation
import PDFInspection
import PostgresNIO
import Testing
import Vapor
import VaporTesting
@testable import App

/// A configured application on a fresh database, with the demo company and a second tenant.
struct TestWorld: Sendable {
    let app: Application
    let database: TestDatabase
    let admin: User
    let leader: User
    let employee: User
    /// Admin of the second tenant, "globex".
    let otherAdmin: User

    var db: App.Database { app.database }

    /// Today for the demo company, by the world's clock.
    var today: LocalDate { app.settings.clock.today(in: "Europe/Prague") }
    var thisMonth: Month { Month(today) }

    func user(_ role: Role) -> User {
        switch role {
        case .admin: admin
        case .teamLeader: leader
        case .employee: employee
        }
    }

    func browser() -> Browser { Browser(app: app) }

    /// What the mails of the demo company point to, as a request of its would say.
    func mailSite() async throws -> MailSite {
        let tenant = try #require(try await db.transaction { try await $0.enterTenant(slug: DemoData.slug, logger: db.logger) }).0
        return MailSite(publicURL: app.settings.publicURL, tenant: tenant, translations: app.translations)
    }

    /// Runs a use case's `body` as `user`, in one transaction of their company, on `today` (the
    /// world's today unless given): what a request or an API call would hand the use case.
    func act<T: Sendable>(
        as user: User, today: LocalDate? = nil, _ body: @Sendable (ActionContext) async throws -> T
    ) async throws -> T {
        let app = app, day = today ?? self.today
        return try await db.transaction(tenant: user.tenantID) { db in
            let tenant = try await TenantQueries.current(on: db)
            return try await body(ActionContext(actor: user, tenant: tenant, db: db, today: day, app: app))
        }
    }

    /// A browser that signed in through a real one-time link.
    func signedIn(_ user: User, slug: String = DemoData.slug) async throws -> Browser {
        let token = try await OperatorCommands.signInLink(slug: slug, email: user.email, database: db)
        var browser = browser()
        let page = try await browser.get(Paths.signInLink(slug, token: token.value))
        #expect(page.status == .ok)
        let response = try await browser.post(Paths.signInLink(slug, token: token.value), form: [:], csrfFrom: page)
        #expect(response.status == .seeOther)
        return browser
    }
}

/// The instant every test world stands at unless a test asks for another: no test depends on
/// the day it runs (a Wednesday in the middle of a month, in Prague's winter time).
enum TestClock {
    static let instant = "2026-11-18T10:00:00+01:00"
    static let standard = BusinessClock.fixed(instant)!
    static let today = LocalDate(iso: "2026-11-18")!
    static let thisMonth = Month(today)
}

/// Runs `body` with an application on its own database, seeded with two tenants, on a fixed
/// business clock (`TestClock`, or `clock`).
@discardableResult
func withWorld<T: Sendable>(
    environment: Environment = .testing,
    clock: BusinessClock = TestClock.standard,
    settings adjust: (inout AppSettings) -> Void = { _ in },
    _ body: (TestWorld) async throws -> T
) async throws -> T {
    try await TestPostgres.withDatabase { database in
        let app = try await Application.make(environment)
        do {
            var settings = AppSettings(
                publicURL: "http://localhost:8080", databaseURL: try database.appURL, maxDatabaseConnections: 4,
                showErrorDetails: false, secretBox: SecretBox(base64: SecretBox.newKeyBase64()),
                allowPrivateIdentityProviders: true)
            // Parallel tests on a busy machine can take seconds to open a first connection; the
            // bound on the wait is tested where it is meant (DatabaseOutageTests).
            settings.databasePoolTimeout = .seconds(60)
            settings.clock = clock
            adjust(&settings)
            try await configure(app, settings: settings)
            let people = try await DemoData.seed(database: app.database, clock: app.settings.clock)
            let other = try await OperatorCommands.createTenant(
                slug: "globex", name: "Globex a.s.", adminEmail: "boss@globex.example",
                adminFirstName: "Hana", adminLastName: "Malá", database: app.database)
            // The second tenant gets a row in every tenant-owned table too, so isolation is tested everywhere.
            try await app.database.transaction(tenant: other.tenant.id) { connection in
                let boss = other.admin.id
                let team = try await PeopleMutations.createTeam(name: "Sales", leader: boss, on: connection)
                try await PeopleMutations.setTeam(team, for: boss, actor: boss, on: connection)
                try await PeopleMutations.addContract(
                    Contract(id: UUID(), kind: .ico, validFrom: LocalDate(iso: "2024-01-01")!, validTo: nil, capacityTenths: 400),
                    for: boss, actor: boss, on: connection)
                try await RateMutations.add(amountMinor: 80_000, currency: "CZK", from: LocalDate(iso: "2024-01-01")!,
                                            for: boss, actor: boss, notifying: nil, on: connection)
            }
            // Mail and link requests of both tenants: a delivered message and an old request each.
            for (tenant, email) in [(people[0].user.tenantID, people[0].user.email), (other.tenant.id, other.admin.email)] {
                try await app.database.transaction(tenant: tenant) { connection in
                    let mail = try await OutboxQueries.enqueue(to: email, subject: "Welcome", body: "Hello", on: connection)
                    try await connection.query("UPDATE outbox SET sent_at = now(), attempts = 1 WHERE id = \(mail)")
                    // A choice of mail and the key that signs unsubscribe links.
                    let person = tenant == other.tenant.id ? other.admin : people[0].user
                    try await MailPreferenceQueries.set([.invoiceReturned], for: person, on: connection)
                    _ = try await MailKeyQueries.key(on: connection)
                    // An app's sign-in: a spent code and its tokens.
                    let slug = tenant == other.tenant.id ? "globex" : DemoData.slug
                    let user = tenant == other.tenant.id ? other.admin.id : people[0].user.id
                    let verifier = String(repeating: "v", count: 43)
                    let code = try await OAuthQueries.createCode(
                        slug: slug, user: user, client: "roster-cli", redirectURI: "http://127.0.0.1:1/callback",
                        challenge: PKCE.challenge(for: verifier), on: connection)
                    _ = try await OAuthQueries.exchange(code: code, clientID: "roster-cli", redirectURI: "http://127.0.0.1:1/callback",
                                                        verifier: verifier, on: connection)
                    // An identity provider and a sign-in through it that never came back.
                    let box = app.settings.secretBox!
                    let provider = IdentityProvider(issuer: "https://idp.\(slug).example", clientID: "roster",
                                                    secretSealed: try box.seal("secret-of-\(slug)"), displayName: "IdP")
                    try await IdentityProviderQueries.save(provider, on: connection)
                    try await IdentityProviderQueries.startAttempt(
                        state: SecretToken(), browser: SecretToken(), nonce: "n", verifier: verifier, provider: provider,
                        on: connection)
                    try await connection.query("""
                        INSERT INTO sign_in_requests (tenant_id, email, client, requested_at)
                        VALUES (\(tenant), \(email), '192.0.2.1', now() - interval '1 day')
                        """)
                }
            }
            // An invoice with its document, history and a correction (its invoice number, typed
            // in by an admin) in both tenants.
            for (tenant, user, admin, month) in [(people[2].user.tenantID, people[2].user.id, people[0].user, "2024-10"),
                                                 (other.tenant.id, other.admin.id, other.admin, "2024-02")] {
                try await app.database.transaction(tenant: tenant) { connection in
                    let upload = AcceptedUpload(
                        filename: "faktura-\(month).pdf", content: TestPDF.invoice(["Faktura \(month)"]),
                        report: InspectionReport(verdict: .ok, pages: 1, text: "Faktura \(month)\nCelkem k úhradě: 1 000,00 Kč"))
                    let stored = try await InvoiceMutations.upload(upload, month: Month(iso: month)!, for: user, actor: user,
                                                                   on: connection).get()
                    var fields = upload.fields
                    fields.invoiceNumber = "FV-\(month)"
                    if admin.id != user {
                        _ = try await CorrectionMutations.correct(stored.invoice, version: 1, to: fields, by: admin, on: connection)
                    } else {
                        // Globex's only admin may not correct their own invoice (`OwnInvoiceRule`): the
                        // row a second admin's correction would write.
                        try await connection.query("""
                            INSERT INTO invoice_corrections (tenant_id, invoice_id, document_id, actor_id, field, old_value, new_value)
                            VALUES (\(connection.tenant), \(stored.invoice), \(stored.document), \(admin.id), 'invoice-number', NULL,
                                    \(fields.invoiceNumber))
                            """)
                    }
                    // The admin's billing address as a supplier (no account: nobody's payments change).
                    try await connection.query("""
                        INSERT INTO supplier_details (tenant_id, user_id, billing_address, updated_by)
                        VALUES (\(connection.tenant), \(admin.id), 'Na Příkopě 1, Praha', \(admin.id))
                        """)
                    // And a proposal of theirs, declined long ago.
                    try await connection.query("""
                        INSERT INTO supplier_proposals (tenant_id, user_id, vat_payer, billing_address, based_on, decided_at,
                                                        decided_by, confirmed)
                        VALUES (\(connection.tenant), \(admin.id), false, 'Jinde 2', 1, now(), \(admin.id), false)
                        """)
                    try await PaymentSettingsQueries.save(Debtor(name: "Payer \(month)", iban: IBAN("CZ6508000000192000145399")!, bic: nil),
                                                          on: connection)
                    // A bank statement with one line (money received: it pays no invoice).
                    let statement = try StatementReader.read(Array(TestStatements.camt(
                        id: "SEED-\(month)", entries: [.init(amount: "10.00", debit: false, booked: "\(month)-20")]).utf8)).get()
                    _ = try await StatementQueries.store(statement, filename: "seed.xml", bytes: Array("seed-\(month)".utf8),
                                                         by: admin.id, on: connection)
                }
            }
            // A client with a project limited to a team and a person, an hour of time on it and a
            // running timer (the admin's), in both tenants.
            for (tenant, user, admin) in [(people[2].user.tenantID, people[2].user.id, people[0].user.id),
                                          (other.tenant.id, other.admin.id, other.admin.id)] {
                try await app.database.transaction(tenant: tenant) { connection in
                    let client = try await ProjectQueries.saveClient(id: nil, name: "Seed client", on: connection)!.get()
                    let team = try await TeamQueries.names(on: connection)[0].id
                    let project = try await ProjectQueries.saveProject(
                        ProjectDraft(client: client, name: "Seed project", billable: true, teams: [team], people: [user]),
                        id: nil, on: connection)!.get()
                    let span = EntryInstants.span(LocalDate(iso: "2024-10-01")!, ClockTime(minutes: 540)!, ClockTime(minutes: 600)!,
                                                  zone: "Europe/Prague")
                    _ = try await TimeEntryQueries.write(id: nil, user: user, project: project, day: LocalDate(iso: "2024-10-01")!,
                                                         start: span.start, end: span.end, description: "Seed",
                                                         zone: "Europe/Prague", on: connection).get()
                    try await connection.query("""
                        INSERT INTO running_timers (tenant_id, user_id, project_id, started_at)
                        VALUES (\(connection.tenant), \(admin), \(project), now() - interval '100 days')
                        """)
                    // A day off of the company's own, and a request for time off long decided.
                    _ = try await DaysOffQueries.save(LocalDate(iso: admin == other.admin.id ? "2024-10-30" : "2024-10-31")!,
                                                      name: "Seed day off", on: connection)
                    try await connection.query("""
                        INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, status, decided_by, decided_at)
                        VALUES (\(connection.tenant), \(user), 'vacation', '2024-10-14', '2024-10-15', 'approved', \(admin), now())
                        """)
                    // And that month of time, approved.
                    try await connection.query("""
                        INSERT INTO time_months (tenant_id, user_id, month, status, decided_by, decided_at, day_seconds)
                        VALUES (\(connection.tenant), \(user), '2024-10-01', 'approved', \(admin), now(),
                                array_fill(0, ARRAY[31]))
                        """)
                    // And its work statement, written as an approval writes it.
                    let month = Month(iso: "2024-10")!
                    let input = try await WorkStatementQueries.input(of: user, month, on: connection)!
                    let statement = WorkStatementRules.build(input, t: Translator(app.translations, .en))
                    try await WorkStatementQueries.store(statement, file: try XLSXFile.write([statement.table]),
                                                         filename: "statement-2024-10.xlsx", of: user, month: month, by: admin,
                                                         on: connection)
                }
            }
            let world = TestWorld(
                app: app, database: database,
                admin: people[0].user, leader: people[1].user, employee: people[2].user, otherAdmin: other.admin)
            let result = try await body(world)
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}

/// A minimal browser over the in-memory server: keeps cookies, submits forms with their CSRF token.
struct Browser: Sendable {
    let app: Application
    var cookies: [String: String] = [:]
    var acceptLanguage = "en"

    struct Page: Sendable {
        let status: HTTPStatus
        let headers: HTTPHeaders
        let body: String
        let bytes: Data

        var location: String? { headers.first(name: .location) }

        /// The value of the first `_csrf` field on the page.
        var csrf: String? {
            body.firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.1) }
        }
    }

    mutating func get(_ path: String) async throws -> Page {
        try await send(.GET, path, body: nil, contentType: nil)
    }

    /// Posts `form` with the CSRF token of `csrfFrom` (or of a fresh GET of `path` when nil).
    mutating func post(_ path: String, form: [String: String], csrfFrom page: Page? = nil) async throws -> Page {
        var fields = form
        if fields["_csrf"] == nil {
            let source: Page
            if let page { source = page } else { source = try await get(path) }
            fields["_csrf"] = source.csrf
        }
        return try await postRaw(path, form: fields)
    }

    /// Presses the confirming button of a confirmation step (`ConfirmationPage`): posts its form's
    /// hidden fields, as a browser without JavaScript would.
    mutating func confirm(_ page: Page) async throws -> Page {
        guard let action = page.body.firstMatch(of: /<form method="post" action="([^"]+)" class="inline">/)?.1 else {
            throw Abort(.badRequest, reason: "not a confirmation step: \(page.body.prefix(300))")
        }
        func unescaped(_ text: Substring) -> String {
            String(text).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        let body = page.body.matches(of: /<input type="hidden" name="([^"]*)" value="([^"]*)">/).map { match in
            "\(unescaped(match.1).urlFormEncoded)=\(unescaped(match.2).urlFormEncoded)"
        }.joined(separator: "&")
        return try await send(.POST, unescaped(action), body: body, contentType: "application/x-www-form-urlencoded")
    }

    /// Posts exactly `form`, no token added.
    mutating func postRaw(_ path: String, form: [String: String]) async throws -> Page {
        let body = form.map { key, value in
            "\(key.urlFormEncoded)=\(value.urlFormEncoded)"
        }.joined(separator: "&")
        return try await send(.POST, path, body: body, contentType: "application/x-www-form-urlencoded")
    }

    /// Posts a multipart form with one file, and the CSRF token of `csrfFrom` unless `fields` has one.
    mutating func postFile(
        _ path: String, fields: [String: String], file: Data, filename: String, field: String = "file",
        contentType: String = "application/pdf", csrfFrom page: Page
    ) async throws -> Page {
        var values = fields
        if values["_csrf"] == nil { values["_csrf"] = page.csrf }
        let boundary = "----roster-test-\(UUID().uuidString)"
        var body = ByteBuffer()
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(filename)\"\r\n")
        body.writeString("Content-Type: \(contentType)\r\n\r\n")
        body.writeBytes(file)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await send(.POST, path, bytes: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    mutating func send(_ method: HTTPMethod, _ path: String, body: String?, contentType: String?) async throws -> Page {
        try await send(method, path, bytes: body.map { ByteBuffer(string: $0) }, contentType: contentType)
    }

    mutating func send(_ method: HTTPMethod, _ path: String, bytes: ByteBuffer?, contentType: String?) async throws -> Page {
        var headers = HTTPHeaders()
        headers.add(name: .acceptLanguage, value: acceptLanguage)
        if !cookies.isEmpty {
            headers.add(name: .cookie, value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if let contentType { headers.add(name: .contentType, value: contentType) }
        let response = try await app.testing().sendRequest(
            method, path, headers: headers, body: bytes)
        for header in response.headers[.setCookie] {
            let pair = header.split(separator: ";", maxSplits: 1)[0]
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[1].isEmpty || header.contains("Max-Age=0") {
                cookies[parts[0]] = nil
            } else {
                cookies[parts[0]] = parts[1]
            }
        }
        return Page(status: response.status, headers: response.headers, body: response.body.string,
                    bytes: Data(buffer: response.body))
    }
}

extension String {
    var urlFormEncoded: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return addingPercentEncoding(withAllowedCharacters: allowed) ?? self
    }
}
