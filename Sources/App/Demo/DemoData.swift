import Foundation

/// The demo company's three people who sign in: an admin, a team leader and an employee, the
/// team leader's team, their contracts and rates. The tests start from them alone; `DemoCompany`
/// adds the rest of the company's life. Running it again updates the same people and issues
/// fresh sign-in links.
public enum DemoData {
    public static let slug = "acme"
    public static let name = "Acme s.r.o."

    public struct Person: Sendable {
        public let role: String
        public let user: User
        public let link: SecretToken
    }

    struct Seed {
        let role: String, email: String, first: String, last: String, title: String, roles: Set<Role>
        let position: String, phone: String, inTeam: Bool
        let contract: ContractKind, since: String, capacityTenths: Int
        let rates: [(from: String, czk: Int64)]
    }

    static let people: [Seed] = [
        Seed(role: "admin", email: "jana.novakova@acme.example", first: "Jana", last: "Nováková", title: "Ing.",
             roles: [.employee, .admin], position: "Office manager", phone: "+420 601 111 222", inTeam: false,
             contract: .hpp, since: "2022-01-01", capacityTenths: 400, rates: [("2022-01-01", 450), ("2023-07-01", 480), ("2025-01-01", 520)]),
        Seed(role: "team leader", email: "petr.svoboda@acme.example", first: "Petr", last: "Svoboda", title: "Mgr.",
             roles: [.employee, .teamLeader], position: "Lead developer", phone: "+420 602 333 444", inTeam: true,
             contract: .ico, since: "2023-03-01", capacityTenths: 400, rates: [("2023-03-01", 900), ("2024-06-01", 950), ("2025-09-01", 1_000)]),
        Seed(role: "employee", email: "eva.dvorakova@acme.example", first: "Eva", last: "Dvořáková", title: "",
             roles: [.employee], position: "Developer", phone: "+420 603 555 666", inTeam: true,
             contract: .ico, since: "2024-09-01", capacityTenths: 300, rates: [("2024-09-01", 600), ("2025-03-01", 640), ("2025-09-01", 680)]),
    ]

    public static func seed(database: Database, clock: BusinessClock) async throws -> [Person] {
        try await database.transaction { connection in
            let logger = database.logger
            let existing = try await connection.enterTenant(slug: slug, logger: logger)
            let (tenant, connection) = if let existing { existing } else {
                try await connection.createTenant(slug: slug, name: name, demo: true, logger: logger)
            }
            var result: [Person] = []
            var team: UUID?
            for person in people {
                let user = try await UserQueries.upsert(
                    email: person.email, firstName: person.first, lastName: person.last,
                    title: person.title, roles: person.roles, on: connection)
                if !user.active {
                    try await UserQueries.setActive(true, user: user.id, on: connection)
                }
                try await connection.query("""
                    UPDATE users SET position = \(person.position), phone = \(person.phone)
                    WHERE tenant_id = \(tenant.id) AND id = \(user.id)
                    """)
                if person.roles.contains(.teamLeader) {
                    team = try await PeopleMutations.createTeam(
                        name: "Vývoj", leader: user.id, on: connection)
                }
                // Team, contracts and rates only the first time: they are history, not settings.
                if try await PeopleQueries.contracts(of: user.id, on: connection).isEmpty {
                    if person.inTeam, let team {
                        try await PeopleMutations.setTeam(team, for: user.id, actor: nil, on: connection)
                    }
                    let contract = Contract(id: UUID(), kind: person.contract, validFrom: LocalDate(iso: person.since)!,
                                            validTo: nil, capacityTenths: person.capacityTenths)
                    try await PeopleMutations.addContract(contract, for: user.id, actor: nil, on: connection)
                    for rate in person.rates {
                        try await RateMutations.add(
                            amountMinor: rate.czk * 100, currency: tenant.currency, from: LocalDate(iso: rate.from)!,
                            for: user.id, actor: nil, notifying: nil, on: connection)
                    }
                    // The employee also has a raise already agreed: it takes effect next month.
                    if person.roles == [.employee] {
                        let next = clock.month(in: tenant.timeZone).adding(months: 1).first
                        try await RateMutations.add(
                            amountMinor: 720_00, currency: tenant.currency, from: next,
                            for: user.id, actor: nil, notifying: nil, on: connection)
                    }
                }
                let link = try await SignInLinkQueries.issue(for: user.id, on: connection)
                result.append(Person(role: person.role, user: user, link: link))
            }
            return result
        }
    }
}
