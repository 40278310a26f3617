import Foundation
import Logging
import PostgresNIO

/// What the console commands do, callable from tests without a console.
public enum OperatorCommands {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Applies pending migrations as `owner` and grants `appRole` its rights.
    public static func migrate(migrator: Migrator, owner: PostgresURL, appRole: String, logger: Logger) async throws -> [String] {
        try await owner.withConnection(logger: logger) { connection in
            let applied = try await migrator.migrate(on: connection, logger: logger)
            if appRole != owner.username {
                try await Migrator.grant(to: appRole, on: connection, logger: logger)
            }
            return applied
        }
    }

    public struct CreatedTenant: Sendable {
        public let tenant: Tenant
        public let admin: User
        public let link: SecretToken
    }

    public static func createTenant(
        slug: String, name: String, adminEmail: String, adminFirstName: String, adminLastName: String,
        database: Database
    ) async throws -> CreatedTenant {
        guard TenantRules.isValidSlug(slug) else {
            throw Failure("The slug \"\(slug)\" is not valid: use 1–40 lower-case letters, digits and dashes, not starting or ending with a dash.")
        }
        guard TenantRules.isValidName(name) else { throw Failure("The company name must have 1–200 characters.") }
        guard let email = EmailAddress.normalized(adminEmail) else {
            throw Failure("\"\(adminEmail)\" is not an e-mail address.")
        }
        return try await database.transaction { connection in
            if try await TenantQueries.find(slug: slug, on: connection, logger: database.logger) != nil {
                throw Failure("A tenant with the slug \"\(slug)\" already exists.")
            }
            let (tenant, connection) = try await connection.createTenant(slug: slug, name: name, logger: database.logger)
            let admin = try await UserQueries.upsert(
                email: email, firstName: adminFirstName, lastName: adminLastName, title: "",
                roles: [.employee, .admin], on: connection)
            let link = try await SignInLinkQueries.issue(
                for: admin.id, on: connection)
            return CreatedTenant(tenant: tenant, admin: admin, link: link)
        }
    }

    public static func signInLink(slug: String, email: String, database: Database) async throws -> SecretToken {
        try await database.transaction { connection in
            guard let (tenant, connection) = try await connection.enterTenant(slug: slug, logger: database.logger) else {
                throw Failure("There is no tenant with the slug \"\(slug)\".")
            }
            guard let user = try await UserQueries.find(email: email, on: connection) else {
                throw Failure("\(tenant.name) has nobody with the e-mail \(email).")
            }
            guard user.active else { throw Failure("\(user.email) is deactivated and cannot sign in.") }
            return try await SignInLinkQueries.issue(for: user.id, on: connection)
        }
    }

    /// An API token pair for an active person, as if they had signed in to `client` (for a
    /// company's script and for the API's tests; the operator can already sign anyone in with
    /// `link`). Refused for a client that does not exist.
    public static func apiTokens(slug: String, email: String, client: String, database: Database) async throws -> IssuedTokens {
        try await database.transaction { connection in
            guard let (tenant, db) = try await connection.enterTenant(slug: slug, logger: database.logger) else {
                throw Failure("There is no tenant with the slug \"\(slug)\".")
            }
            guard try await OAuthQueries.client(client, on: db) != nil else { throw Failure("There is no OAuth client \"\(client)\".") }
            guard let user = try await UserQueries.find(email: email, on: db) else {
                throw Failure("\(tenant.name) has nobody with the e-mail \(email).")
            }
            guard user.active else { throw Failure("\(user.email) is deactivated and cannot sign in.") }
            return try await OAuthQueries.issue(family: UUID(), user: user.id, client: client, slug: slug, on: db)
        }
    }
}
