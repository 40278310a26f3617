import Testing
import Vapor
@testable import App

/// Public/ is served, and paths that cannot name one of its files never reach the file system:
/// a 256-byte segment was a 500 (the file system refuses the name), now the routes answer 404.
@Suite struct StaticFileTests {
    @Test func longSegmentsAreNotFound() async throws {
        try await withWorld { world in
            var browser = world.browser()
            for path in ["/" + String(repeating: "a", count: 256), "/t/acme/" + String(repeating: "a", count: 300),
                         "/css/" + String(repeating: "b", count: 4000), "/css/app.css%00", "/css/%2e%2e/%2e%2e/Package.swift",
                         "/" + Array(repeating: "c", count: 600).joined(separator: "/")] {
                let page = try await browser.get(path)
                #expect(page.status == .notFound, "GET \(path.prefix(60)) answered \(page.status)")
            }
        }
    }

    @Test func stylesheetIsServed() async throws {
        try await withWorld { world in
            var browser = world.browser()
            let css = try await browser.get("/css/app.css")
            #expect(css.status == .ok)
            #expect(css.headers.contentType?.subType == "css")
            #expect(try await browser.get("/js/upload.js").status == .ok)
            #expect(try await browser.get("/css/missing.css").status == .notFound)
        }
    }

    @Test func onlyPlainShortPathsAreLookedUp() {
        #expect(StaticFileMiddleware.mayNameFile("/css/app.css"))
        #expect(StaticFileMiddleware.mayNameFile("/js/review.js"))
        #expect(!StaticFileMiddleware.mayNameFile("/"))
        #expect(!StaticFileMiddleware.mayNameFile("/" + String(repeating: "a", count: 256)))
        #expect(!StaticFileMiddleware.mayNameFile("/css/../Package.swift"))
        #expect(!StaticFileMiddleware.mayNameFile("/css/%2e%2e/x"))
        #expect(!StaticFileMiddleware.mayNameFile("/css/app.css%00"))
        #expect(!StaticFileMiddleware.mayNameFile("/css//app.css"))
        #expect(!StaticFileMiddleware.mayNameFile("/css/app.css/"))
        #expect(!StaticFileMiddleware.mayNameFile("/css/é.css"))
        #expect(!StaticFileMiddleware.mayNameFile("/" + Array(repeating: "c", count: 300).joined(separator: "/")))
    }

    /// Only paths under an entry of Public/ are looked up: a company's pages (`/t/…`) never are.
    @Test func onlyPathsUnderAnEntryOfPublicAreLookedUp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("css"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: directory.appendingPathComponent("robots.txt"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let middleware = StaticFileMiddleware(publicDirectory: directory.path + "/")
        #expect(middleware.entries == ["css", "robots.txt"])
        #expect(StaticFileMiddleware.firstSegment(of: "/css/app.css") == "css")
        #expect(StaticFileMiddleware.firstSegment(of: "/robots.txt") == "robots.txt")
        #expect(StaticFileMiddleware.firstSegment(of: "/t/acme/login") == "t")
        #expect(StaticFileMiddleware.firstSegment(of: "/") == "")
    }
}
