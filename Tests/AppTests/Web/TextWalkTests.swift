import Foundation
import Testing
@testable import App

/// Every page a person can reach by links, walked as each demo role in both languages on the demo
/// company of `scripts/run`: no page answers 5xx or leads to a missing page, and no text is
/// unfinished — an unfilled placeholder, a raw translation key, a title that names another page
/// of the menu or the tabs, an empty heading, or home cards that do not say what they are for.
@Suite struct TextWalkTests {
    /// The walk's bounds: addresses of one shape (the same path with other ids, months or days)
    /// are opened at most `perShape` times, and at most `maxPages` pages per walk.
    static let perShape = 2
    static let maxPages = 400

    static let keys: Set<String> = Set(TestTranslator.translations.strings.values.flatMap(\.keys))
    /// The first two parts of the keys ("home.card", "nav.home", …).
    static let keyPrefixes: Set<String> = Set(keys.map { $0.split(separator: ".").prefix(2).joined(separator: ".") })

    /// Whether a word of a page is a translation key shown as it is: a key of the texts, or a
    /// dotted name of three or more parts whose first two begin keys of theirs (a key missing from
    /// the texts shows itself).
    static func isRawKey(_ word: String) -> Bool {
        let parts = word.split(separator: ".")
        return keys.contains(word)
            || (parts.count >= 3 && keyPrefixes.contains(parts.prefix(2).joined(separator: "."))
                && parts.allSatisfy { $0.allSatisfy(\.isLetter) })
    }

    /// One load of the demo company (it reads some sixty PDFs with the real inspector), then
    /// each role in each language.
    @Test func everyPageReachedByLinksReadsRight() async throws {
        try await withWorld { (world: TestWorld) async throws in
            _ = try await DemoCompanyTests.load(world)
            var problems: [String] = []
            for role in [Role.admin, .teamLeader, .employee] {
                for language in Language.allCases {
                    let (opened, found) = try await Self.walk(as: world.user(role), language: language, world)
                    problems += found
                    // The walk reached the role's pages (an admin's are many), not a sign-in page alone.
                    #expect(opened >= (role == .admin ? 60 : 15), "\(role) \(language): \(opened) pages")
                }
            }
            #expect(problems.isEmpty, Comment(rawValue: "\(problems.count) problems:\n" + problems.prefix(60).joined(separator: "\n")))
        }
    }

    /// Walks the pages `user` reaches from home, in `language`: how many pages it opened, and what
    /// is wrong, one line each.
    static func walk(as user: User, language: Language, _ world: TestWorld) async throws -> (Int, [String]) {
        var browser = try await world.signedIn(user)
        let home = try await browser.get(Paths.home("acme"))
        let switched = try await browser.post(Paths.language("acme"), form: ["language": language.rawValue, "back": Paths.home("acme")],
                                              csrfFrom: home)
        guard switched.status == .seeOther || switched.status == .found else {
            return (0, ["\(language): the language switch answered \(switched.status)"])
        }
        var queue = [Paths.home("acme")], seen: Set<String> = [], shapes: [String: Int] = [:], problems: [String] = []
        var opened = 0
        while !queue.isEmpty, opened < maxPages {
            let path = queue.removeFirst()
            guard seen.insert(path).inserted else { continue }
            let shape = Self.shape(path)
            guard shapes[shape, default: 0] < perShape else { continue }
            shapes[shape, default: 0] += 1
            opened += 1
            let page = try await browser.get(path)
            let here = "\(language.rawValue) \(path)"
            if page.status.code >= 500 || page.status == .notFound {
                problems.append("\(here): \(page.status.code)")
                continue
            }
            guard page.status == .ok, page.headers.first(name: .contentType)?.hasPrefix("text/html") == true else { continue }
            problems += Self.textProblems(page.body).map { "\(here): \($0)" }
            for link in Self.links(page.body) where !seen.contains(link) { queue.append(link) }
        }
        return (opened, problems)
    }

    /// A path with its ids, months and days made alike: the pages of one kind.
    static func shape(_ path: String) -> String {
        path.replacing(/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/, with: ":id")
            .replacing(/\d{4}-\d{2}-\d{2}/, with: ":day").replacing(/\d{4}-W?\d{2}/, with: ":month")
            .replacing(/page=\d+/, with: "page=:n")
    }

    /// The company's own links of a page (its menu, tabs, lists and pagers), unescaped, without
    /// fragments; files to download are left out.
    static func links(_ html: String) -> [String] {
        html.matches(of: /href="(\/t\/acme[^"#]*)/).map { match in
            String(match.1).replacingOccurrences(of: "&amp;", with: "&")
        }.filter { link in
            !link.contains("/export") && !link.contains("/document") && !link.contains("/file") && !link.hasSuffix(".xlsx")
                && !link.contains("/workbook") && !link.contains("/thumbnail")
        }
    }

    /// What is unfinished in a page's text.
    static func textProblems(_ html: String) -> [String] {
        var problems: [String] = []
        let text = html.replacing(/<[^>]*>/, with: " ")
        if let placeholder = text.firstMatch(of: /\{\d+\}/) { problems.append("unfilled placeholder \(placeholder.0)") }
        for match in text.matches(of: /[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+)+/) where isRawKey(String(match.0)) {
            problems.append("raw translation key \(match.0)")
        }
        let title = html.firstMatch(of: /<title>([^<]*?)(?: · [^<]*)?<\/title>/).map { String($0.1).trimmingCharacters(in: .whitespaces) } ?? ""
        if title.isEmpty { problems.append("no title") }
        for heading in html.matches(of: /<(h[1-3])[^>]*>(.*?)<\/h[1-3]>/) {
            if String(heading.2).replacing(/<[^>]*>/, with: "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("empty \(heading.1)")
            }
        }
        // The title names this page: not another entry of the menu or of the tabs.
        for bar in html.matches(of: /<nav[^>]*>(.*?)<\/nav>/.dotMatchesNewlines()) {
            let entries = String(bar.1).matches(of: /<a href="[^"]*"( aria-current="page")?>([^<]*)<\/a>/).map {
                (current: $0.1 != nil, label: String($0.2))
            }
            guard let current = entries.first(where: \.current), !title.hasPrefix(current.label) else { continue }
            if let other = entries.first(where: { !$0.current && !$0.label.isEmpty && title.hasPrefix($0.label) }) {
                problems.append("the title \"\(title)\" names \"\(other.label)\", not the page's \"\(current.label)\"")
            }
        }
        // The home page's cards each say what their place is for.
        if let cards = html.firstMatch(of: /<ul class="cards">(.*?)<\/ul>/.dotMatchesNewlines()) {
            let texts = String(cards.1).matches(of: /<span>([^<]*)<\/span>/).map { String($0.1).trimmingCharacters(in: .whitespaces) }
            if texts.contains(where: \.isEmpty) { problems.append("a home card without its text") }
            if Set(texts).count != texts.count { problems.append("home cards that say the same: \(texts)") }
        }
        return problems
    }

    /// The checks themselves find what they are for.
    @Test func theChecksFindUnfinishedText() {
        let page = """
            <title>Work statements — {0} · Acme</title><nav class="tabs"><ul><li><a href="/t/acme/review/work">Work statements</a></li>\
            <li><a href="/t/acme/review/statements" aria-current="page">Bank statements</a></li></ul></nav>\
            <h1>Work statements — {0}</h1><h2> </h2><p>home.card.other</p><p>jana@acme.example, statements-2026-10.xlsx</p>\
            <ul class="cards"><li class="card"><a href="/t/acme/time"><strong>Time</strong><span>Open</span></a></li>\
            <li class="card"><a href="/t/acme/absences"><strong>Absences</strong><span>Open</span></a></li></ul>
            """
        let problems = Self.textProblems(page)
        #expect(problems.contains { $0.hasPrefix("unfilled placeholder") })
        #expect(problems.contains { $0.hasPrefix("the title") })
        #expect(problems.contains("empty h2"))
        #expect(problems.contains { $0.hasPrefix("home cards that say the same") })
        #expect(problems.filter { $0.hasPrefix("raw translation key") } == ["raw translation key home.card.other"])
        #expect(Self.isRawKey("nav.home") && Self.isRawKey("home.card.nowhere"))
        #expect(!Self.isRawKey("acme.example") && !Self.isRawKey("login.microsoftonline.com"))
        #expect(Self.textProblems("<title>Bank statements · Acme</title><h1>Bank statements</h1>").isEmpty)
        #expect(Self.shape("/t/acme/people/0f0e3f5a-1b2c-4d5e-8f9a-0b1c2d3e4f5a?month=2026-10&page=2") == "/t/acme/people/:id?month=:month&page=:n")
    }
}
