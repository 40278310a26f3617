import Foundation
import PostgresNIO
import Testing
@testable import App

@Suite struct PermissionsTests {
    static let me = UUID(), teammate = UUID(), stranger = UUID()

    static func user(_ roles: Set<Role>, active: Bool = true) -> User {
        User(id: me, tenantID: UUID(), email: "me@acme.example", firstName: "M", lastName: "E", title: "",
             roles: roles, active: active, preferredLanguage: nil)
    }

    /// The subjects of the table: the company, oneself (as `.oneself` and as a person), a member
    /// of a team the viewer leads, a stranger, and an invoice of each of those three.
    enum Whom: CaseIterable { case company, oneself, own, team, other, ownInvoice, teamInvoice, otherInvoice }

    static func subject(_ whom: Whom) -> Subject {
        let own = PersonSubject(id: me, teamLeader: nil), team = PersonSubject(id: teammate, teamLeader: me)
        let other = PersonSubject(id: stranger, teamLeader: UUID())
        switch whom {
        case .company: return .company
        case .oneself: return .oneself
        case .own: return .person(own)
        case .team: return .person(team)
        case .other: return .person(other)
        case .ownInvoice: return .invoice(InvoiceSubject(owner: own))
        case .teamInvoice: return .invoice(InvoiceSubject(owner: team))
        case .otherInvoice: return .invoice(InvoiceSubject(owner: other))
        }
    }

    /// The whole expected matrix, written out: role → action → whom it may reach.
    static let everyone = Set(Whom.allCases)
    static let ownOnly: Set<Whom> = [.oneself, .own, .ownInvoice]
    static let teamAndOwn: Set<Whom> = ownOnly.union([.team, .teamInvoice])
    static let expected: [Role: [Action: Set<Whom>]] = [
        .employee: [.viewHome: everyone, .editPreferences: ownOnly, .viewProfile: ownOnly, .viewRate: ownOnly,
                    .viewEarnings: ownOnly, .submitInvoices: ownOnly, .viewInvoices: ownOnly, .viewSupplierDetails: ownOnly,
                    .trackTime: ownOnly, .viewTime: ownOnly, .requestAbsence: ownOnly, .viewAbsences: ownOnly],
        .teamLeader: [.viewHome: everyone, .editPreferences: ownOnly, .viewProfile: teamAndOwn,
                      .viewRate: teamAndOwn, .listPeople: teamAndOwn, .viewOwnTeam: teamAndOwn, .viewEarnings: ownOnly,
                      .submitInvoices: ownOnly, .viewInvoices: ownOnly, .viewSupplierDetails: ownOnly, .trackTime: ownOnly,
                      .viewTime: teamAndOwn, .requestAbsence: ownOnly, .viewAbsences: teamAndOwn,
                      .decideAbsences: teamAndOwn, .decideMonths: teamAndOwn],
        .admin: [.viewHome: everyone, .editPreferences: ownOnly, .manageCompany: everyone, .viewProfile: everyone,
                 .viewRate: everyone, .listPeople: everyone, .manageEmployees: everyone, .manageRates: everyone,
                 .viewEarnings: ownOnly, .submitInvoices: ownOnly, .viewInvoices: everyone,
                 .reviewInvoices: everyone, .viewSupplierDetails: everyone, .trackTime: ownOnly, .viewTime: everyone,
                 .manageProjects: everyone, .requestAbsence: ownOnly, .viewAbsences: everyone, .decideAbsences: everyone,
                 .manageDaysOff: everyone, .decideMonths: everyone, .reopenMonths: everyone],
    ]

    @Test func profileVisibility() {
        let employee = Self.user([.employee]), leader = Self.user([.employee, .teamLeader]), admin = Self.user([.admin])
        let other = UUID()
        let mine = PersonSubject(id: Self.me, teamLeader: nil)
        #expect(Permissions.profileAccess(employee, of: mine)
                == .init(seesRate: true, canEdit: false, managesRates: false, seesSupplierDetails: true))
        #expect(Permissions.profileAccess(employee, of: PersonSubject(id: other, teamLeader: Self.me)) == nil)
        #expect(Permissions.profileAccess(leader, of: PersonSubject(id: other, teamLeader: Self.me))
                == .init(seesRate: true, canEdit: false, managesRates: false))
        #expect(Permissions.profileAccess(leader, of: PersonSubject(id: other, teamLeader: UUID())) == nil)
        #expect(Permissions.profileAccess(leader, of: PersonSubject(id: other, teamLeader: nil)) == nil)
        #expect(Permissions.profileAccess(admin, of: PersonSubject(id: other, teamLeader: nil))
                == .init(seesRate: true, canEdit: true, managesRates: true, seesInvoices: true, seesSupplierDetails: true))
    }

    /// "My team" is a team leader's, even for an admin who leads no team.
    @Test func myTeamIsForTeamLeadersWhateverElseTheyAre() {
        #expect(!Permissions.can(Self.user([.employee, .admin]), .viewOwnTeam, .oneself))
        #expect(Permissions.can(Self.user([.employee, .admin, .teamLeader]), .viewOwnTeam, .oneself))
    }

    @Test(arguments: Role.allCases)
    func matrix(role: Role) {
        for action in Action.allCases {
            for whom in Whom.allCases {
                let allowed = Self.expected[role]?[action]?.contains(whom) ?? false
                #expect(Permissions.can(Self.user([role]), action, Self.subject(whom)) == allowed,
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
                #expect(!Permissions.can(Self.user([.admin], active: false), action, Self.subject(whom)))
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

    /// The table as SQL (`Permissions.reachSQL`, read by a first view before Swift has the
    /// viewer's roles) gives what `Permissions.reach` gives, for every action and set of roles,
    /// evaluated by PostgreSQL over a `text[]` as the users table holds it.
    @Test func theReachInSQLIsTheTablesReach() async throws {
        let sets: [[Role]] = (0..<(1 << Role.allCases.count)).map { bits in
            Role.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
        }
        try await TestPostgres.withDatabase { database in
            try await database.asApp { connection in
                for action in Action.allCases {
                    for roles in sets {
                        var query = PostgresQuery(unsafeSQL: "SELECT \(Permissions.reachSQL(of: "$1::text[]", for: action))")
                        query.binds.append(roles.map(\.rawValue))
                        let reach = try await connection.query(query, logger: TestPostgres.logger).collect()[0].decode(Int?.self)
                        #expect(reach == Permissions.reach(of: Set(roles), for: action)?.rawValue, "\(action) \(roles)")
                    }
                }
            }
        }
    }
}
