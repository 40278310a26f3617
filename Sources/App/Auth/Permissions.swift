import Foundation

/// What someone may do. Later features add cases and rows to `Permissions.table`.
public enum Action: String, Sendable, CaseIterable {
    case viewHome
    case editPreferences
    case manageCompany
    /// A person's profile: personal data and contracts.
    case viewProfile
    /// A person's current hourly rate.
    case viewRate
    /// The list of people (an admin's directory, a leader's team).
    case listPeople
    /// Create, edit, deactivate people; manage teams.
    case manageEmployees
    /// Set, correct and delete rates; see rate histories and the rate reports.
    case manageRates
    /// "My earnings": one's own rates and earnings per month.
    case viewEarnings
    /// Upload and replace one's invoice PDFs ("My invoices").
    case submitInvoices
    /// See an invoice, its read fields and its PDF: one's own, or everyone's for admins.
    case viewInvoices
    /// The month-end desk: every invoice of the tenant, approving, returning, paying, exporting.
    case reviewInvoices
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
            .viewProfile: .own,
            .viewRate: .own,
            .viewEarnings: .own,
            .submitInvoices: .own,
            .viewInvoices: .own,
        ],
        .teamLeader: [
            .viewHome: .tenant,
            .editPreferences: .own,
            .viewProfile: .team,
            .viewRate: .team,
            .listPeople: .team,
            .viewEarnings: .own,
            .submitInvoices: .own,
            .viewInvoices: .own,
        ],
        .admin: [
            .viewHome: .tenant,
            .editPreferences: .own,
            .manageCompany: .tenant,
            .viewProfile: .tenant,
            .viewRate: .tenant,
            .listPeople: .tenant,
            .manageEmployees: .tenant,
            .manageRates: .tenant,
            .viewEarnings: .own,
            .submitInvoices: .own,
            .viewInvoices: .tenant,
            .reviewInvoices: .tenant,
        ],
    ]

    /// The widest reach any of the roles grants for the action.
    public static func reach(of roles: Set<Role>, for action: Action) -> Reach? {
        roles.compactMap { table[$0]?[action] }.max()
    }

    /// What a viewer may see of a person's profile; nil means the profile does not exist for
    /// them (a 404, so people outside one's reach are not revealed).
    public struct ProfileAccess: Sendable, Equatable {
        public let seesRate: Bool
        public let canEdit: Bool
        /// The rate history and the forms to set and correct rates.
        public let managesRates: Bool
    }

    public static func profileAccess(_ viewer: User, subject: UUID, leaders: Set<UUID>) -> ProfileAccess? {
        let target = Target.person(subject, leaders: leaders)
        guard can(viewer, .viewProfile, target) else { return nil }
        return ProfileAccess(seesRate: can(viewer, .viewRate, target), canEdit: can(viewer, .manageEmployees, .company),
                             managesRates: can(viewer, .manageRates, .company))
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
