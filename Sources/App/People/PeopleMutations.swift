import Foundation
import Logging
import PostgresNIO

/// Changes to people, teams, contracts and rates; each one leaves an audit event.
public enum PeopleMutations {
    public enum Refusal: Error, Equatable {
        case lastAdmin
        case contractOverlaps
    }

    public static func audit(
        actor: UUID?, subject: UUID, action: String, changes: [String: String], on db: TenantConnection
    ) async throws {
        let json = String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
        try await db.query("""
            INSERT INTO audit_events (tenant_id, actor_id, subject_id, action, changes)
            VALUES (\(db.tenant), \(actor), \(subject), \(action), \(json)::jsonb)
            """)
    }

    @discardableResult
    public static func createTeam(
        name: String, leader: UUID?, on db: TenantConnection
    ) async throws -> UUID {
        try await db.query("""
            INSERT INTO teams (tenant_id, name, leader_id) VALUES (\(db.tenant), \(name), \(leader))
            ON CONFLICT (tenant_id, lower(name)) DO UPDATE SET leader_id = EXCLUDED.leader_id
            RETURNING id
            """).collect()[0].decode(UUID.self)
    }

    public static func setTeam(
        _ team: UUID?, for user: UUID, actor: UUID?, on db: TenantConnection
    ) async throws {
        try await db.query(
            "UPDATE users SET team_id = \(team), updated_at = now() WHERE tenant_id = \(db.tenant) AND id = \(user)")
        try await audit(actor: actor, subject: user, action: "team", changes: ["team": team?.uuidString ?? ""],
                        on: db)
    }

    /// Adds a contract; the database refuses one that overlaps another of the same person.
    public static func addContract(
        _ contract: Contract, for user: UUID, actor: UUID?, on db: TenantConnection
    ) async throws {
        do {
            try await db.query("""
                INSERT INTO contracts (tenant_id, id, user_id, kind, valid_from, valid_to, capacity_hours, vacation_days)
                VALUES (\(db.tenant), \(contract.id), \(user), \(contract.kind.rawValue), \(contract.validFrom.iso)::date,
                        \(contract.validTo?.iso)::date, \(contract.capacityTenths)::numeric / 10, \(contract.vacationTenths)::numeric / 10)
                """)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23P01" {
            throw Refusal.contractOverlaps
        }
        try await audit(actor: actor, subject: user, action: "contract", changes: [
            "kind": contract.kind.rawValue, "from": contract.validFrom.iso, "to": contract.validTo?.iso ?? "",
            "capacity": ContractHistory.formatCapacity(contract.capacityTenths),
            "vacationDays": ContractHistory.formatCapacity(contract.vacationTenths),
        ], on: db)
    }

    /// Sets the days of vacation a year of one of a person's employment (HPP) contracts; false when
    /// the person has no such contract. Recorded with the old and the new value.
    public static func setVacationDays(
        _ tenths: Int, contract: UUID, of user: UUID, actor: UUID, on db: TenantConnection
    ) async throws -> Bool {
        let old = try await db.query("""
            UPDATE contracts c SET vacation_days = \(tenths)::numeric / 10
            FROM contracts o WHERE o.tenant_id = c.tenant_id AND o.id = c.id
              AND c.tenant_id = \(db.tenant) AND c.id = \(contract) AND c.user_id = \(user) AND c.kind = 'hpp'
            RETURNING (o.vacation_days * 10)::int
            """).collect().first?.decode(Int.self)
        guard let old else { return false }
        if old != tenths {
            try await audit(actor: actor, subject: user, action: "vacationDays", changes: [
                "contract": contract.lowercasedString, "from": ContractHistory.formatCapacity(old),
                "to": ContractHistory.formatCapacity(tenths),
            ], on: db)
        }
        return true
    }

    /// Whether `user` is the company's only active admin. The other admins' rows are locked for
    /// the transaction, so two admins cannot take the role (or the account) from each other at once.
    static func isLastAdmin(_ user: UUID, on db: TenantConnection) async throws -> Bool {
        try await db.query("""
            SELECT \(activeAdmin: "u") AND (SELECT count(*) FROM \(otherActiveAdmins: user, tenant: db.tenant, locked: true) a) = 0
            FROM users u WHERE u.tenant_id = \(db.tenant) AND u.id = \(user)
            """).collect().first?.decode(Bool.self) ?? false
    }

    /// Deactivates or reactivates; the last active admin cannot deactivate themselves away.
    public static func setActive(
        _ active: Bool, user: UUID, actor: UUID, on db: TenantConnection
    ) async throws {
        if !active {
            if try await isLastAdmin(user, on: db) { throw Refusal.lastAdmin }
        }
        try await UserQueries.setActive(active, user: user, on: db)
        try await audit(actor: actor, subject: user, action: active ? "reactivated" : "deactivated", changes: [:],
                        on: db)
    }
}

extension PeopleMutations {
    public enum FormRefusal: Error, Equatable {
        case duplicateEmail
        case unknownTeam
        case lastAdmin
    }

    public struct Profile: Sendable, Equatable {
        public var firstName, lastName, title, position, email: String
        public var personalEmail, phone: String?
        public var team: UUID?
        public var roles: Set<Role>

        var auditFields: [String: String] {
            ["first_name": firstName, "last_name": lastName, "title": title, "position": position, "email": email,
             "personal_email": personalEmail ?? "", "phone": phone ?? "", "team": team?.uuidString ?? "",
             "roles": roles.sorted().map(\.rawValue).joined(separator: ",")]
        }
    }

    /// Runs a write inside a savepoint and turns the constraint violations a form can cause
    /// into refusals; the transaction stays usable, so the form can be shown again.
    @discardableResult
    static func mapConstraintErrors<T>(
        on db: TenantConnection, _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await db.savepoint("form_write", body)
        } catch let error as PSQLError {
            switch (error.serverInfo?[.sqlState], error.serverInfo?[.constraintName]) {
            case ("23505", "users_email_per_tenant"?): throw FormRefusal.duplicateEmail
            case ("23503", _): throw FormRefusal.unknownTeam
            default: throw error
            }
        }
    }

    /// Creates a person with their first contract and rate, in the caller's transaction.
    public static func createEmployee(
        _ profile: Profile, contract: Contract, rateMinor: Int64, rateFrom: LocalDate, currency: String, actor: UUID, on db: TenantConnection
    ) async throws -> UUID {
        let id = try await mapConstraintErrors(on: db) {
            try await db.query("""
                INSERT INTO users (tenant_id, email, first_name, last_name, title, position, personal_email, phone, team_id, roles)
                VALUES (\(db.tenant), \(profile.email), \(profile.firstName), \(profile.lastName), \(profile.title),
                        \(profile.position), \(profile.personalEmail), \(profile.phone), \(profile.team),
                        \(profile.roles.sorted().map(\.rawValue)))
                RETURNING id
                """).collect()[0].decode(UUID.self)
        }
        try await audit(actor: actor, subject: id, action: "created", changes: profile.auditFields,
                        on: db)
        try await addContract(contract, for: id, actor: actor, on: db)
        try await RateMutations.add(amountMinor: rateMinor, currency: currency, from: rateFrom, for: id, actor: actor,
                                    notifying: nil, on: db)
        return id
    }

    /// Saves a person's profile and records what changed; the last active admin keeps the role.
    public static func updateEmployee(
        _ id: UUID, to profile: Profile, from old: Profile, actor: UUID, on db: TenantConnection
    ) async throws {
        if old.roles.contains(.admin) && !profile.roles.contains(.admin), try await isLastAdmin(id, on: db) {
            throw FormRefusal.lastAdmin
        }
        try await mapConstraintErrors(on: db) {
            try await db.query("""
                UPDATE users SET email = \(profile.email), first_name = \(profile.firstName), last_name = \(profile.lastName),
                       title = \(profile.title), position = \(profile.position), personal_email = \(profile.personalEmail),
                       phone = \(profile.phone), team_id = \(profile.team), roles = \(profile.roles.sorted().map(\.rawValue)),
                       updated_at = now()
                WHERE tenant_id = \(db.tenant) AND id = \(id)
                """)
        }
        let before = old.auditFields
        let changes = profile.auditFields.filter { before[$0.key] != $0.value }
        if !changes.isEmpty {
            try await audit(actor: actor, subject: id, action: "edited", changes: changes,
                            on: db)
        }
    }
}

extension PeopleMutations {
    /// Ends an open contract on a day (inclusive), so a new one can follow.
    public static func endContract(
        _ id: UUID, on day: LocalDate, for user: UUID, actor: UUID, on db: TenantConnection
    ) async throws {
        try await db.query("""
            UPDATE contracts SET valid_to = \(day.iso)::date
            WHERE tenant_id = \(db.tenant) AND id = \(id) AND user_id = \(user) AND valid_to IS NULL AND valid_from <= \(day.iso)::date
            """)
        try await audit(actor: actor, subject: user, action: "contractEnded", changes: ["to": day.iso],
                        on: db)
    }
}
