import Foundation

/// What someone may do. Later features add cases and rows to `Permissions.table`.
public enum Action: String, Sendable, CaseIterable {
    case viewHome
    case editPreferences
    case manageCompany
}

/// How far a granted action reaches: the person themselves, the teams they lead, or the whole tenant.
public enum Reach: Int, Sendable, Comparable, CaseIterable {
    case own, team, tenant
    public static func < (lhs: Reach, rhs: Reach) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What an action is done to.
public enum Target: Sendable, Equatable {
    /// The tenant as a whole (its settings, its lists).
    case company
    /// One person, with the leaders of the teams that person belongs to.
    case person(UUID, leaders: Set<UUID>)
}

public enum Permissions {
    /// Role → action → reach. The single source of who may do what.
    public static let table: [Role: [Action: Reach]] = [
        .employee: [
            .viewHome: .tenant,
            .editPreferences: .own,
        ],
        .teamLeader: [
            .viewHome: .tenant,
            .editPreferences: .own,
        ],
        .admin: [
            .viewHome: .tenant,
            .editPreferences: .own,
            .manageCompany: .tenant,
        ],
    ]

    /// The widest reach any of the roles grants for the action.
    public static func reach(of roles: Set<Role>, for action: Action) -> Reach? {
        roles.compactMap { table[$0]?[action] }.max()
    }

    public static func can(_ user: User, _ action: Action, _ target: Target) -> Bool {
        guard user.active, let reach = reach(of: user.roles, for: action) else { return false }
        switch target {
        case .company:
            return reach == .tenant
        case let .person(id, leaders):
            switch reach {
            case .tenant: return true
            case .team: return id == user.id || leaders.contains(user.id)
            case .own: return id == user.id
            }
        }
    }
}
