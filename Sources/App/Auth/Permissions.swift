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
    /// "My team": the people of the teams one leads (team leaders only, whatever else they are).
    case viewOwnTeam
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
    /// A person's supplier details (IČO, DIČ, address, registered account): one's own, or
    /// everyone's for admins, who also edit them (`manageEmployees`).
    case viewSupplierDetails
    /// The timesheet and the timer: one's own time entries.
    case trackTime
    /// Someone's tracked time: one's own, one's team's for leaders, everyone's for admins.
    case viewTime
    /// Clients and projects (admins).
    case manageProjects
    /// Ask for time off and withdraw one's waiting request.
    case requestAbsence
    /// See absences: one's own, one's team's for leaders, everyone's for admins (the team calendar).
    case viewAbsences
    /// Approve or decline absence requests: a leader their team's, an admin anyone's (never one's own:
    /// `AbsenceRules.decides`).
    case decideAbsences
    /// The company's own days off (admins).
    case manageDaysOff
    /// Approve or return a submitted month of time: a leader their team's, an admin anyone's (never
    /// one's own: `MonthCloseRules.decides`); the close overview of the months in reach.
    case decideMonths
    /// Reopen a submitted or approved month of someone's time (admins).
    case reopenMonths
}

/// How far a granted action reaches: the person themselves, the teams they lead, or the whole tenant.
public enum Reach: Int, Sendable, Comparable, CaseIterable {
    case own, team, tenant
    public static func < (lhs: Reach, rhs: Reach) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A person as the rules see them: who they are, and who leads their team. Made from what the
/// queries read (`Person.subject`, the invoice queries), never assembled by a caller.
public struct PersonSubject: Sendable, Equatable {
    public let id: UUID
    /// The leader of the person's team, when they are in a team that has one.
    public let teamLeader: UUID?

    public init(id: UUID, teamLeader: UUID?) {
        self.id = id
        self.teamLeader = teamLeader
    }
}

/// An invoice as the rules see it: whose it is. Which state it may move to is the state
/// machine's to decide (`InvoiceAction.command`), not the role table's.
public struct InvoiceSubject: Sendable, Equatable {
    public let owner: PersonSubject

    public init(owner: PersonSubject) {
        self.owner = owner
    }
}

/// What an action is done to, carrying what the rule needs to decide.
public enum Subject: Sendable, Equatable {
    /// The tenant as a whole (its settings, its lists).
    case company
    /// The signed-in person's own things (preferences, earnings, their invoices to submit).
    case oneself
    /// One person, with the leader of their team.
    case person(PersonSubject)
    /// One invoice, with its owner.
    case invoice(InvoiceSubject)
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
            .viewSupplierDetails: .own,
            .trackTime: .own,
            .viewTime: .own,
            .requestAbsence: .own,
            .viewAbsences: .own,
        ],
        .teamLeader: [
            .viewHome: .tenant,
            .editPreferences: .own,
            .viewProfile: .team,
            .viewRate: .team,
            .listPeople: .team,
            .viewOwnTeam: .team,
            .viewEarnings: .own,
            .submitInvoices: .own,
            .viewInvoices: .own,
            .viewSupplierDetails: .own,
            .trackTime: .own,
            .viewTime: .team,
            .requestAbsence: .own,
            .viewAbsences: .team,
            .decideAbsences: .team,
            .decideMonths: .team,
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
            .viewSupplierDetails: .tenant,
            .trackTime: .own,
            .viewTime: .tenant,
            .manageProjects: .tenant,
            .requestAbsence: .own,
            .viewAbsences: .tenant,
            .decideAbsences: .tenant,
            .manageDaysOff: .tenant,
            .decideMonths: .tenant,
            .reopenMonths: .tenant,
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
        /// The person's invoices of every month (`Paths.personInvoices`).
        public var seesInvoices = false
        /// The supplier details (IČO, DIČ, address, registered account).
        public var seesSupplierDetails = false
    }

    public static func profileAccess(_ viewer: User, of person: PersonSubject) -> ProfileAccess? {
        guard can(viewer, .viewProfile, .person(person)) else { return nil }
        return ProfileAccess(seesRate: can(viewer, .viewRate, .person(person)), canEdit: can(viewer, .manageEmployees, .company),
                             managesRates: can(viewer, .manageRates, .company), seesInvoices: can(viewer, .reviewInvoices, .company),
                             seesSupplierDetails: can(viewer, .viewSupplierDetails, .person(person)))
    }

    /// Whether `user` may do `action` to `subject`: an active user, a role that grants the action,
    /// and a reach that covers the subject.
    public static func can(_ user: User, _ action: Action, _ subject: Subject) -> Bool {
        guard user.active, let reach = reach(of: user.roles, for: action) else { return false }
        switch subject {
        case .company: return reach == .tenant
        case .oneself: return true
        case .person(let person): return reach.covers(person, for: user)
        case .invoice(let invoice): return reach.covers(invoice.owner, for: user)
        }
    }
}

extension Reach {
    /// Whether this reach, granted to `user`, covers `person`.
    func covers(_ person: PersonSubject, for user: User) -> Bool {
        switch self {
        case .tenant: true
        case .team: person.id == user.id || person.teamLeader == user.id
        case .own: person.id == user.id
        }
    }
}
