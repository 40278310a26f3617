import Foundation
import Testing
@testable import App

@Suite struct PermissionsTests {
    static let me = UUID(), teammate = UUID(), stranger = UUID()

    static func user(_ roles: Set<Role>, active: Bool = true) -> User {
        User(id: me, tenantID: UUID(), email: "me@acme.example", firstName: "M", lastName: "E", title: "",
             roles: roles, active: active, preferredLanguage: nil)
    }

    enum Whom: CaseIterable { case company, own, team, other }

    static func target(_ whom: Whom) -> Target {
        switch whom {
        case .company: .company
        case .own: .person(me, leaders: [])
        case .team: .person(teammate, leaders: [me])
        case .other: .person(stranger, leaders: [UUID()])
        }
    }

    /// The whole expected matrix, written out: role → action → whom it may reach.
    static let everyone: Set<Whom> = [.company, .own, .team, .other]
    static let expected: [Role: [Action: Set<Whom>]] = [
        .employee: [.viewHome: everyone, .editPreferences: [.own], .viewProfile: [.own], .viewRate: [.own],
                    .viewEarnings: [.own], .submitInvoices: [.own], .viewInvoices: [.own]],
        .teamLeader: [.viewHome: everyone, .editPreferences: [.own], .viewProfile: [.own, .team],
                      .viewRate: [.own, .team], .listPeople: [.own, .team], .viewEarnings: [.own],
                      .submitInvoices: [.own], .viewInvoices: [.own]],
        .admin: [.viewHome: everyone, .editPreferences: [.own], .manageCompany: everyone, .viewProfile: everyone,
                 .viewRate: everyone, .listPeople: everyone, .manageEmployees: everyone, .manageRates: everyone,
                 .viewEarnings: [.own], .submitInvoices: [.own], .viewInvoices: everyone,
                 .reviewInvoices: everyone],
    ]

    @Test func profileVisibility() {
        let employee = Self.user([.employee]), leader = Self.user([.employee, .teamLeader]), admin = Self.user([.admin])
        let other = UUID()
        #expect(Permissions.profileAccess(employee, subject: Self.me, leaders: []) == .init(seesRate: true, canEdit: false, managesRates: false))
        #expect(Permissions.profileAccess(employee, subject: other, leaders: [Self.me]) == nil)
        #expect(Permissions.profileAccess(leader, subject: other, leaders: [Self.me]) == .init(seesRate: true, canEdit: false, managesRates: false))
        #expect(Permissions.profileAccess(leader, subject: other, leaders: [UUID()]) == nil)
        #expect(Permissions.profileAccess(admin, subject: other, leaders: []) == .init(seesRate: true, canEdit: true, managesRates: true))
    }

    @Test(arguments: Role.allCases)
    func matrix(role: Role) {
        for action in Action.allCases {
            for whom in Whom.allCases {
                let allowed = Self.expected[role]?[action]?.contains(whom) ?? false
                #expect(Permissions.can(Self.user([role]), action, Self.target(whom)) == allowed,
                        "\(role) \(action) \(whom) should be \(allowed ? "allowed" : "refused")")
            }
        }
    }

    @Test func rolesCombineToTheWidestReach() {
        #expect(Permissions.reach(of: [.employee, .admin], for: .manageCompany) == .tenant)
        #expect(Permissions.reach(of: [.employee], for: .manageCompany) == nil)
    }

    @Test func aDeactivatedUserMayDoNothing() {
        for action in Action.allCases {
            for whom in Whom.allCases {
                #expect(!Permissions.can(Self.user([.admin], active: false), action, Self.target(whom)))
            }
        }
    }
}

/// Pages of a role answer 403 to the other roles, and send visitors to sign in.
@Suite struct RoleAccessTests {
    @Test func adminPagesAreForAdminsOnly() async throws {
        try await withWorld { world in
            for role in [Role.employee, .teamLeader] {
                var browser = try await world.signedIn(world.user(role))
                let page = try await browser.get("/t/acme/admin/company")
                #expect(page.status == .forbidden, "\(role) opened the company settings")
                #expect(page.body.contains("You may not open this page"))
                let post = try await browser.post("/t/acme/admin/company",
                    form: ["name": "Taken over", "timeZone": "UTC", "defaultLanguage": "en"],
                    csrfFrom: try await browser.get("/t/acme/"))
                #expect(post.status == .forbidden)
                let home = try await browser.get("/t/acme/")
                #expect(!home.body.contains("/t/acme/admin/company"), "\(role) is offered the admin menu")
            }
            var admin = try await world.signedIn(world.admin)
            let page = try await admin.get("/t/acme/admin/company")
            #expect(page.status == .ok)
            let home = try await admin.get("/t/acme/")
            #expect(home.body.contains("href=\"/t/acme/admin/company\""))
            let name = try await world.db.transaction {
                try await TenantQueries.find(slug: "acme", on: $0, logger: TestPostgres.logger)?.name
            }
            #expect(name == DemoData.name)
        }
    }

    @Test func visitorsAreSentToSignIn() async throws {
        try await withWorld { world in
            var browser = world.browser()
            for path in ["/t/acme/", "/t/acme/admin/company", "/t/acme/preferences"] {
                let page = try await browser.get(path)
                #expect(page.status == .seeOther, "\(path)")
                #expect(page.location == "/t/acme/login")
            }
            let login = try await browser.get("/t/acme/login")
            #expect(login.status == .ok)
            let post = try await browser.post("/t/acme/admin/company", form: ["name": "x"], csrfFrom: login)
            #expect(post.status == .unauthorized)
        }
    }

    @Test func anAdminOfAnotherTenantIsNobodyHere() async throws {
        try await withWorld { world in
            let globex = try await world.signedIn(world.otherAdmin, slug: "globex")
            var browser = world.browser()
            browser.cookies = globex.cookies
            let page = try await browser.get("/t/acme/admin/company")
            #expect(page.status == .seeOther)
            #expect(page.location == "/t/acme/login")
        }
    }
}
