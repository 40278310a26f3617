import Foundation
import Testing
@testable import App

/// Pages printed in Swift keep the trust boundaries the templates had: every value escaped, in
/// text and in attributes, and the optional parts printed only when there is something to say.
@Suite struct PrintedPagesTests {
    static let hostile = "<b>\"x\"</b>"
    static let escaped = "&lt;b&gt;&quot;x&quot;&lt;/b&gt;"
    static let en = TestTranslator.en

    @Test func theErrorPageEscapesItsDetailAndShowsTheReference() {
        let page = ErrorPage(layout: Layout(title: "x", language: .en), code: 500, heading: "Oops", message: Self.hostile,
                             detail: Self.hostile, homeURL: "/t/acme/", requestID: "abc123", t: Self.en)
        let html = page.body.description
        #expect(html.contains("<p class=\"code\">500</p>") && html.contains("<p>\(Self.escaped)</p>"))
        #expect(html.contains("<pre class=\"detail\">\(Self.escaped)</pre>") && !html.contains("<b>"))
        #expect(html.contains("\(Self.en("error.reference")) <code>abc123</code>"))
        #expect(html.contains("<a href=\"/t/acme/\">\(Self.en("error.home"))</a>"))
        let bare = ErrorPage(layout: Layout(title: "x", language: .en), code: 404, heading: "Gone", message: "m", detail: nil,
                             homeURL: "/", requestID: nil, t: Self.en).body.description
        #expect(!bare.contains("<pre") && !bare.contains("<code>"))
    }

    @Test func theSignInFormShowsWhatWasTypedEscapedWithItsProblem() {
        let login = LoginPage(layout: Layout(title: "x", language: .en), slug: "acme", email: "a\"><script>@x",
                              problem: "login.error.email", devMailbox: true, provider: nil, t: Self.en).body.description
        #expect(login.contains("value=\"a&quot;&gt;&lt;script&gt;@x\"") && !login.contains("<script>"))
        #expect(login.contains("required aria-invalid=\"true\" aria-describedby=\"email-error\">"))
        #expect(login.contains("<p class=\"error\" id=\"email-error\" role=\"alert\">\(Self.en("login.error.email"))</p>"))
        #expect(login.contains("<button type=\"submit\" class=\"primary\">\(Self.en("login.send"))</button>"))
        #expect(login.contains("href=\"\(Paths.devMailbox("acme"))\"") && !login.contains(Paths.oidcStart("acme")))
        let sso = LoginPage(layout: Layout(title: "x", language: .en), slug: "acme", email: "", problem: nil, devMailbox: false,
                            provider: "<i>SSO</i>", t: Self.en).body.description
        #expect(sso.contains("action=\"\(Paths.oidcStart("acme"))\"") && sso.contains("&lt;i&gt;SSO&lt;/i&gt;"))
        #expect(sso.contains("<button type=\"submit\">\(Self.en("login.send"))</button>") && !sso.contains("aria-invalid"))
        #expect(!sso.contains(Paths.devMailbox("acme")))
    }

    @Test func theBarChartLinksItsBarsAndEscapesTheirTitles() {
        let chart = BarChart([
            .init(label: "2026-10", value: 5, title: "<x>", href: "/a?b=1&c=2", selected: true),
            .init(label: "2026-11", value: -3, title: "n"),
        ])
        let html = chart.html(title: "T<").description
        #expect(html.contains("role=\"group\"") && html.contains("<title id=\"chart-title\">T&lt;</title>"))
        #expect(html.contains("<a href=\"/a?b=1&amp;c=2\" aria-label=\"&lt;x&gt;\"><rect "))
        #expect(html.contains("class=\"bar selected\"><title>&lt;x&gt;</title></rect>") && html.contains("class=\"bar negative\""))
        #expect(html.components(separatedBy: "<a ").count == 2, "the bar without an address is no link")
        #expect(html.contains(">2026-10</text>") && html.contains(">2026-11</text>"))
    }

    @Test func aTeamsFormsCarryTheTokenAndItsProblem() {
        let team = UUID()
        let page = TeamsPage(layout: Layout(title: "x", language: .en), slug: "acme",
                             teams: [TeamRow(id: team, name: Self.hostile, leaderID: nil, leaderName: nil, members: 0)],
                             candidates: [], refused: .init(team: team, name: Self.hostile, leader: nil, problem: "teams.error.duplicate"),
                             t: Self.en)
        let html = page.body.description
        let id = "team-" + team.lowercasedString
        #expect(html.components(separatedBy: "<input type=\"hidden\" name=\"_csrf\" value=\"\">").count == 4, "three forms")
        #expect(html.contains("value=\"\(Self.escaped)\" maxlength=\"100\" required aria-invalid=\"true\" aria-describedby=\"\(id)-error\">"))
        #expect(html.contains("<p class=\"error\" id=\"\(id)-error\">\(Self.en("teams.error.duplicate"))</p>"))
        #expect(html.contains("data-confirm=\"\(HTML(text: Self.en("confirm.deleteTeam", Self.hostile)))\""))
    }
}
