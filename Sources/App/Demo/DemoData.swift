import Foundation

/// The demo company: an admin, a team leader and an employee. Running it again updates the
/// same people and issues fresh sign-in links.
public enum DemoData {
    public static let slug = "acme"
    public static let name = "Acme s.r.o."

    public struct Person: Sendable {
        public let role: String
        public let user: User
        public let link: SecretToken
    }

    static let people: [(role: String, email: String, first: String, last: String, title: String, roles: Set<Role>)] = [
        ("admin", "jana.novakova@acme.example", "Jana", "Nováková", "Ing.", [.employee, .admin]),
        ("team leader", "petr.svoboda@acme.example", "Petr", "Svoboda", "Mgr.", [.employee, .teamLeader]),
        ("employee", "eva.dvorakova@acme.example", "Eva", "Dvořáková", "", [.employee]),
    ]

    public static func seed(database: Database) async throws -> [Person] {
        try await database.transaction(tenant: nil) { connection in
            let logger = database.logger
            var tenant = try await TenantQueries.enter(slug: slug, on: connection, logger: logger)
            if tenant == nil {
                tenant = try await TenantQueries.create(slug: slug, name: name, on: connection, logger: logger)
            }
            guard let tenant else { return [] }
            var result: [Person] = []
            for person in people {
                let user = try await UserQueries.upsert(
                    tenant: tenant.id, email: person.email, firstName: person.first, lastName: person.last,
                    title: person.title, roles: person.roles, on: connection, logger: logger)
                if !user.active {
                    try await UserQueries.setActive(true, user: user.id, tenant: tenant.id, on: connection, logger: logger)
                }
                let link = try await SignInLinkQueries.issue(for: user.id, tenant: tenant.id, on: connection, logger: logger)
                result.append(Person(role: person.role, user: user, link: link))
            }
            return result
        }
    }
}
