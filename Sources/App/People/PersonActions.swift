import Foundation

/// The use cases of the people of a company (admins, `manageEmployees`): adding a person with
/// their first contract and rate, editing a profile, (de)activating, adding a contract and setting
/// an employment's vacation. The web's forms and the API's operations both call these with input
/// they have read by the same rules (`EmployeeForm`, `ContractForm`), and only map the outcome.
enum PersonActions {
    /// A new person, their first contract and their first rate, read and checked.
    struct NewPerson: Sendable {
        let profile: PeopleMutations.Profile
        let contract: Contract
        let rateMinor: Int64
        let rateFrom: LocalDate
    }

    /// Adds a person; their id, or the form's problems (field → message key) when the e-mail is
    /// taken or the team is unknown.
    static func create(_ person: NewPerson, _ c: ActionContext) async throws -> Result<UUID, FieldProblems> {
        try c.require(.manageEmployees)
        do {
            return .success(try await PeopleMutations.createEmployee(
                person.profile, contract: person.contract, rateMinor: person.rateMinor, rateFrom: person.rateFrom,
                currency: c.tenant.currency, actor: c.actor.id, on: c.db))
        } catch let refusal as PeopleMutations.FormRefusal {
            return .failure(FieldProblems(refusal))
        }
    }

    /// Saves a person's profile (404 for no one here); the form's problems when the e-mail is
    /// taken, the team unknown, or the last active admin would lose the role.
    static func update(_ id: UUID, to profile: PeopleMutations.Profile, _ c: ActionContext) async throws -> FieldProblems? {
        try c.require(.manageEmployees)
        guard let person = try await PeopleQueries.person(id, on: c.db) else { throw ActionRefusal.notFound }
        let old = PeopleMutations.Profile(
            firstName: person.user.firstName, lastName: person.user.lastName, title: person.user.title,
            position: person.position, email: person.user.email, personalEmail: person.personalEmail,
            phone: person.phone, team: person.teamID, roles: person.user.roles)
        do {
            try await PeopleMutations.updateEmployee(id, to: profile, from: old, actor: c.actor.id, on: c.db)
            return nil
        } catch let refusal as PeopleMutations.FormRefusal {
            return FieldProblems(refusal)
        }
    }

    /// Deactivates or reactivates a person (404 for no one here); false when it would leave the
    /// company without an active admin.
    static func setActive(_ active: Bool, _ id: UUID, _ c: ActionContext) async throws -> Bool {
        try c.require(.manageEmployees)
        guard try await PeopleQueries.person(id, on: c.db) != nil else { throw ActionRefusal.notFound }
        do {
            try await PeopleMutations.setActive(active, user: id, actor: c.actor.id, on: c.db)
            return true
        } catch PeopleMutations.Refusal.lastAdmin {
            return false
        }
    }

    /// Adds the form's contract to the person's history (404 for no one here), ending the open one
    /// the day before when the form asks; nil when it was added, else what is wrong.
    static func addContract(_ form: ContractForm, to id: UUID, _ c: ActionContext) async throws -> ContractForm.Problem? {
        try c.require(.manageEmployees)
        guard let person = try await PeopleQueries.person(id, on: c.db) else { throw ActionRefusal.notFound }
        let contract: Contract
        switch form.contract {
        case .failure(let error): return error.problem
        case .success(let parsed): contract = parsed
        }
        var history = person.contracts
        if form.endCurrent != nil, let open = history.first(where: { $0.validTo == nil && $0.validFrom < contract.validFrom }) {
            let end = contract.validFrom.adding(days: -1)
            history = history.map {
                $0.id == open.id ? Contract(id: $0.id, kind: $0.kind, validFrom: $0.validFrom, validTo: end, capacityTenths: $0.capacityTenths) : $0
            }
            // The form says so before the database would.
            guard ContractHistory.conflicts(of: contract, with: history).isEmpty else { return .overlap }
            try await PeopleMutations.endContract(open.id, on: end, for: id, actor: c.actor.id, on: c.db)
        }
        guard ContractHistory.conflicts(of: contract, with: history).isEmpty else { return .overlap }
        try await PeopleMutations.addContract(contract, for: id, actor: c.actor.id, on: c.db)
        return nil
    }

    /// Sets an employment's days of vacation a year, in tenths of a day; 404 for a contract of no
    /// one here.
    static func setVacationDays(_ tenths: Int, contract: UUID, of person: UUID, _ c: ActionContext) async throws {
        try c.require(.manageEmployees)
        guard try await PeopleMutations.setVacationDays(tenths, contract: contract, of: person, actor: c.actor.id, on: c.db)
        else { throw ActionRefusal.notFound }
    }

    /// A person form's problems that only the database finds, by the form's field names (`team`,
    /// `email`, `admin`) with their message keys.
    struct FieldProblems: Error, Sendable, Equatable {
        let messages: [String: String]

        init(_ refusal: PeopleMutations.FormRefusal) {
            messages = switch refusal {
            case .duplicateEmail: ["email": "employee.error.duplicateEmail"]
            case .unknownTeam: ["team": "employee.error.team"]
            case .lastAdmin: ["admin": "employee.error.lastAdmin"]
            }
        }
    }
}
