/// The permission table as SQL, for a statement that must know a viewer's reach before Swift has
/// read their roles (a first view, `PageRead`). Generated from `Permissions.table`, so the
/// rule is written once; `PermissionsTests` checks it against `Permissions.reach` for every set of
/// roles.
extension Permissions {
    /// `reach(of:for:)` in SQL: the reach (`Reach.rawValue`) the roles of the `text[]` expression
    /// `roles` give for `action`, NULL when none of them has it.
    static func reachSQL(of roles: String, for action: Action) -> String {
        let cases = Reach.allCases.reversed().compactMap { reach -> String? in
            let granting = Role.allCases.filter { table[$0]?[action] == reach }
            guard !granting.isEmpty else { return nil }
            let list = granting.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            return "WHEN \(roles) && ARRAY[\(list)]::text[] THEN \(reach.rawValue)"
        }
        return cases.isEmpty ? "NULL::int" : "(CASE \(cases.joined(separator: " ")) END)"
    }
}
