import Foundation
import Testing
import Vapor
import VaporTesting
@testable import App

@Suite struct WebShellTests {
    struct Boom: Error, CustomStringConvertible { var description: String { "secret internal detail" } }

    @Test func everyResponseCarriesSecurityHeaders() async throws {
        try await withWorld { world in
            var browser = world.browser()
            for path in ["/t/acme/login", "/t/nope/", "/healthz", "/css/app.css", "/"] {
                let page = try await browser.get(path)
                let csp = page.headers.first(name: "Content-Security-Policy") ?? ""
                #expect(csp.contains("frame-ancestors 'none'"), "\(path)")
                #expect(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "\(path)")
                #expect(page.headers.first(name: "X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(page.headers.first(name: "Referrer-Policy") == "no-referrer", "\(path)")
            }
        }
    }

    /// The pages' markup is in the Swift sources that print it; the content security policy
    /// allows no inline script or style. (A mail is not a page: its HTML carries its own style.)
    @Test func pagesHaveNoInlineScriptOrStyle() throws {
        let sources = FileManager.default.currentDirectoryPath + "/Sources/App"
        let files = FileManager.default.enumerator(atPath: sources)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && $0 != "Mail/MailHTML.swift" }
        #expect(files.count > 100 && files.contains("Web/Layout.swift") && files.contains("People/PersonPage.swift"))
        for name in files {
            let text = try String(contentsOfFile: sources + "/" + name, encoding: .utf8)
            #expect(!text.contains("<script>") && !text.contains("style=") && !text.contains(" onclick"), "\(name)")
        }
    }

    @Test func anUnknownTenantIsANotFoundPage() async throws {
        try await withWorld { world in
            var browser = world.browser()
            for path in ["/t/nope/", "/t/nope/login", "/t/Not_A_Slug/", "/t/acme/no-such-page"] {
                let page = try await browser.get(path)
                #expect(page.status == .notFound, "\(path)")
                #expect(page.body.contains("Page not found"), "\(path)")
                #expect(page.headers.contentType?.subType == "html")
            }
        }
    }

    @Test func serverErrorsShowAPageWithoutDetails() async throws {
        try await withWorld { world in
            world.app.get("t", ":slug", "explode") { _ -> String in throw Boom() }
            var browser = world.browser()
            let page = try await browser.get("/t/acme/explode")
            #expect(page.status == .internalServerError)
            #expect(page.body.contains("Something went wrong"))
            #expect(!page.body.contains("secret internal detail"))
        }
    }

    @Test func userTextIsEscaped() async throws {
        try await withWorld { world in
            try await world.db.transaction(tenant: world.admin.tenantID) { connection in
                try await TenantQueries.updateSettings(
                    name: "<script>alert(1)</script>", timeZone: "Europe/Prague", defaultLanguage: .en, reminders: .standard,
                    on: connection)
            }
            var browser = world.browser()
            let page = try await browser.get("/t/acme/login")
            #expect(!page.body.contains("<script>alert(1)</script>"))
            #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    /// The limit applies while the body streams in, so this one goes through a real server.
    @Test func oversizedBodiesAreRefused() async throws {
        try await withWorld { world in
            // Below the kernel's ephemeral range (32768 and up), retried if the port is taken.
            var started: (any TestingApplicationTester)?
            for _ in 0..<10 where started == nil {
                started = try? world.app.testing(method: .running(hostname: "127.0.0.1", port: Int.random(in: 10_000..<30_000)))
            }
            let server = try #require(started, "no free port for a live server")
            let huge = String(repeating: "a", count: 400 * 1024)
            var headers = HTTPHeaders()
            headers.add(name: .contentType, value: "application/x-www-form-urlencoded")
            headers.add(name: .acceptLanguage, value: "en")
            let response = try await server.sendRequest(
                .POST, "/t/acme/language", headers: headers, body: ByteBuffer(string: "language=en&back=" + huge))
            #expect(response.status == .payloadTooLarge)
            #expect(response.body.string.contains("Too much data"))
        }
    }

    @Test func theLayoutWorksOnAPhone() throws {
        let css = try String(contentsOfFile: FileManager.default.currentDirectoryPath + "/Public/css/app.css", encoding: .utf8)
        #expect(css.contains("prefers-color-scheme: dark"))
        #expect(css.contains("@media (max-width:"))
        let layout = Layout(title: "Home", language: .en)
        #expect(layout.top.string.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    }
}

@Suite struct HealthTests {
    @Test func healthAndReadiness() async throws {
        try await withWorld { world in
            var browser = world.browser()
            let page1 = try await browser.get("/healthz")
            #expect(page1.status == .ok)
            let ready = try await browser.get("/readyz")
            #expect(ready.status == .ok)
            #expect(ready.body.contains("\"ready\""))

            world.app.migrator = Migrator(files: world.app.migrator.files + [MigrationFile(name: "9999_next.sql", sql: "SELECT 1")])
            let pending = try await browser.get("/readyz")
            #expect(pending.status == .serviceUnavailable)
            #expect(pending.body.contains("9999_next.sql"))
        }
    }
}

@Suite struct CachingTests {
    @Test func pagesAreNeverCachedStylesMayBe() async throws {
        try await withWorld { world in
            var browser = world.browser()
            let page2 = try await browser.get("/t/acme/login")
            #expect(page2.headers.first(name: .cacheControl) == "no-store")
            let page3 = try await browser.get("/css/app.css")
            #expect(page3.headers.first(name: .cacheControl) == "public, max-age=3600")
        }
    }
}

@Suite struct LayoutTests {
    @Test func theShellShowsTheMenuTheAccountAndTheLanguagesEscaped() async throws {
        try await withWorld { world in
            _ = try await world.db.transaction(tenant: world.employee.tenantID) { db in
                try await db.query("UPDATE users SET first_name = '<b>Eva</b>' WHERE tenant_id = \(db.tenant) AND id = \(world.employee.id)")
            }
            var employee = try await world.signedIn(world.employee)
            let page = try await employee.get(Paths.invoices("acme"))
            #expect(page.status == .ok)
            #expect(page.body.contains("<a href=\"/t/acme/invoices\" aria-current=\"page\">"))
            #expect(page.body.contains("<a href=\"/t/acme/\">"))
            #expect(!page.body.contains("<a href=\"/t/acme/\" aria-current"))
            #expect(page.body.contains("<span class=\"who\">&lt;b&gt;Eva&lt;/b&gt;"))
            #expect(!page.body.contains("<b>Eva</b>"))
            #expect(page.body.contains("<form method=\"post\" action=\"/t/acme/logout\">"))
            #expect(page.body.contains("aria-pressed=\"true\" disabled>"))
            #expect(page.body.contains("<input type=\"hidden\" name=\"back\" value=\"/t/acme/invoices\">"))
            // The pages printed in Swift escape what people typed, as the templates did.
            var admin = try await world.signedIn(world.admin)
            for path in [Paths.people("acme"), Paths.rateIncreases("acme")] {
                let list = try await admin.get(path)
                #expect(list.status == .ok, "\(path)")
                #expect(!list.body.contains("<b>Eva</b>"), "\(path)")
            }
            #expect(try await admin.get(Paths.people("acme")).body.contains("&lt;b&gt;Eva&lt;/b&gt;"))
            // A visitor gets no menu and no account.
            var visitor = world.browser()
            let login = try await visitor.get(Paths.login("acme"))
            #expect(!login.body.contains("class=\"nav\"") && !login.body.contains("class=\"who\""))
            #expect(login.body.contains("<main id=\"main\">") && login.body.contains("</footer>\n<script src=\"/js/confirm.js\" defer></script>\n</body>\n</html>"))
        }
    }
}
