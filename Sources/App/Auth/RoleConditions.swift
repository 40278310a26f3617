import Foundation
import PostgresNIO

/// The conditions on roles that SQL statements need, written once: who is an active admin, the
/// company's other active admins (the separation of duties and "the last admin" rules), and who
/// leads a person's team. A statement places them by interpolation, so every statement says
/// "admin" alike (`Permissions` is the same rule for what is decided in Swift).
extension PostgresQuery.StringInterpolation {
    /// A condition: the `users` row named `alias` is an active admin.
    mutating func appendInterpolation(activeAdmin alias: String) {
        appendLiteral("(\(alias).active AND 'admin' = ANY (\(alias).roles))")
    }

    /// A row source of the ids (`id`) of the tenant's active admins other than `person`, locked
    /// for update when `locked` (so that two admins cannot take each other's role at once). Use it
    /// as `EXISTS \(…)` or `SELECT count(*) FROM \(…) a`.
    mutating func appendInterpolation(otherActiveAdmins person: UUID, tenant: UUID, locked: Bool = false) {
        appendLiteral("(SELECT oa.id FROM users oa WHERE oa.tenant_id = ")
        appendInterpolation(tenant)
        appendLiteral(" AND ")
        appendInterpolation(activeAdmin: "oa")
        appendLiteral(" AND oa.id <> ")
        appendInterpolation(person)
        appendLiteral(locked ? " FOR UPDATE)" : ")")
    }

    /// A condition: the person of the `users` row `person` is within `reach` of `viewer`
    /// (`RoleSQL.within`).
    mutating func appendInterpolation(within reach: Reach, of viewer: UUID, person: String, team: String) {
        appendLiteral("(")
        if reach != .tenant {
            appendLiteral("\(person).id = ")
            appendInterpolation(viewer)
        }
        if reach == .team {
            appendLiteral(" OR \(team).leader_id = ")
            appendInterpolation(viewer)
        }
        if reach == .tenant { appendLiteral("true") }
        appendLiteral(")")
    }
}

/// The same conditions as text, for statements prepared once with numbered parameters.
enum RoleSQL {
    /// A condition: the person of the `users` row `person`, whose team row is `team` (joined on
    /// their `team_id`), is within `reach` of the viewer, the SQL expression `viewer` (a parameter):
    /// everyone, the viewer and the people of the teams they lead, or the viewer alone.
    static func within(_ reach: Reach, of viewer: String, person: String, team: String) -> String {
        switch reach {
        case .tenant: "(true)"
        case .team: "(\(person).id = \(viewer) OR \(team).leader_id = \(viewer))"
        case .own: "(\(person).id = \(viewer))"
        }
    }
}
