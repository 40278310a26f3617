import Foundation

extension RosterAPI {
    func listPeople(_ input: Operations.ListPeople.Input) async throws -> Operations.ListPeople.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            // Admins list the company; team leaders the people of the teams they lead.
            let reach = try api.require(.listPeople)
            let query = input.query, t = api.t
            let window = try APIInput.window(limit: query.limit, offset: query.offset, t: t)
            var filter = PeopleFilter()
            filter.search = try APIInput.search(query.q, field: "q", t: t)
            filter.teamID = try APIInput.id(query.team, field: "team", t: t)
            filter.kind = query.kind.flatMap { ContractKind(rawValue: $0.rawValue) }
            switch query.status ?? .active {
            case .active: filter.active = true
            case .inactive: filter.active = false
            case .all: filter.active = nil
            }
            filter.ledByViewer = reach == .team
            let read = DirectoryRead(filter: filter, limit: window.limit, offset: window.offset, counting: true, now: api.now)
            let found = try await api.read(read)
            let (rows, total) = (found.rows, found.total)
            return Components.Schemas.PeoplePage(
                items: rows.map {
                    .init(id: $0.id.lowercasedString, firstName: $0.firstName, lastName: $0.lastName, title: $0.title,
                          position: $0.position, email: $0.email, phone: $0.phone, team: $0.teamName,
                          contractKind: $0.contractKind.map(Components.Schemas.ContractKind.init), active: $0.active)
                },
                total: total ?? 0, limit: window.limit, offset: window.offset)
        }
        return .ok(.init(body: .json(page)))
    }

    func getPerson(_ input: Operations.GetPerson.Input) async throws -> Operations.GetPerson.Output {
        let id = try APIInput.pathID(input.path.personId)
        let person = try await APIContext.run(readOnly: true) { api in
            try api.require(.getPerson)
            return try await Self.visiblePerson(id, api)
        }
        return .ok(.init(body: .json(person)))
    }

    /// The profile as the caller may see it (the rate only to those who may see it), or 404.
    static func visiblePerson(_ id: UUID, _ api: APIContext) async throws -> Components.Schemas.Person {
        guard let person = try await PeopleQueries.person(id, on: api.db),
              let access = Permissions.profileAccess(api.user, of: person.subject)
        else { throw APIProblem.notFound }
        let rate = access.seesRate ? try await RateQueries.current(of: id, on: api.today, on: api.db) : nil
        let user = person.user
        return Components.Schemas.Person(
            id: user.id.lowercasedString, firstName: user.firstName, lastName: user.lastName, title: user.title,
            displayName: user.displayName, position: person.position, email: user.email,
            personalEmail: person.personalEmail, phone: person.phone, team: person.teamName,
            teamId: person.teamID?.lowercasedString, roles: user.roles.sorted().map(Components.Schemas.Role.init),
            active: user.active, contracts: person.contracts.map(Components.Schemas.Contract.init),
            currentRate: rate.map(Components.Schemas.Rate.init))
    }

    func updatePerson(_ input: Operations.UpdatePerson.Input) async throws -> Operations.UpdatePerson.Output {
        let id = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let person = try await APIContext.run(readOnly: false) { api in
            try api.require(.updatePerson)
            guard try await PeopleQueries.person(id, on: api.db) != nil else { throw APIProblem.notFound }
            let form = Self.form(body)
            let problems = form.validate(creating: false)
            guard problems.isEmpty, let profile = form.profile else {
                throw APIProblem.invalid(Self.fieldErrors(problems.mapValues { api.t($0) }, prefix: ""))
            }
            if let refused = try await PersonActions.update(id, to: profile, api.action) {
                throw APIProblem.invalid(Self.fieldErrors(refused.messages.mapValues { api.t($0) }, prefix: ""))
            }
            return try await Self.visiblePerson(id, api)
        }
        return .ok(.init(body: .json(person)))
    }

    func createPerson(_ input: Operations.CreatePerson.Input) async throws -> Operations.CreatePerson.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let person = try await APIContext.run(readOnly: false) { api in
            try api.require(.createPerson)
            // The profile by the web form's rules, the contract by the profile's, the rate by the rate form's.
            let form = Self.form(body.person)
            var errors = Self.fieldErrors(form.validate(creating: false).mapValues { api.t($0) }, prefix: "person.")
            var contract: Contract?
            switch ContractForm(kind: body.contract.kind.rawValue, validFrom: body.contract.validFrom, validTo: nil,
                                capacity: body.contract.capacityHours, endCurrent: nil, vacationDays: nil).contract {
            case .success(let parsed): contract = parsed
            case .failure(let error):
                errors.append(.init(field: "contract." + Self.field(of: error.problem), message: api.t(error.problem.rawValue)))
            }
            var rate: (amountMinor: Int64, day: LocalDate)?
            do { rate = try Self.parse(body.rate, t: api.t) } catch let problem as APIProblem {
                errors += problem.errors.map { .init(field: "rate." + $0.field, message: $0.message) }
            }
            guard errors.isEmpty, let profile = form.profile, let contract, let rate else {
                throw APIProblem.invalid(errors)
            }
            let person = PersonActions.NewPerson(profile: profile, contract: contract, rateMinor: rate.amountMinor, rateFrom: rate.day)
            switch try await PersonActions.create(person, api.action) {
            case .success(let id): return try await Self.visiblePerson(id, api)
            case .failure(let refused):
                throw APIProblem.invalid(Self.fieldErrors(refused.messages.mapValues { api.t($0) }, prefix: "person."))
            }
        }
        return .created(.init(body: .json(person)))
    }

    /// The web's person form, filled from the request: one set of rules for both.
    private static func form(_ body: Components.Schemas.PersonRequest) -> EmployeeForm {
        EmployeeForm(
            firstName: body.firstName, lastName: body.lastName, title: body.title ?? "", position: body.position ?? "",
            email: body.email, personalEmail: body.personalEmail ?? "", phone: body.phone ?? "", team: body.teamId ?? "",
            teamLeader: body.roles.contains(.teamLeader) ? "on" : nil, admin: body.roles.contains(.admin) ? "on" : nil)
    }

    /// The person form's problems (field → message) as field errors named as the API's fields.
    private static func fieldErrors(_ problems: [String: String], prefix: String) -> [Components.Schemas.FieldError] {
        let names = ["team": "teamId", "admin": "roles", "teamLeader": "roles"]
        return problems.sorted { $0.key < $1.key }.map { field, message in
            .init(field: prefix + (names[field] ?? field), message: message)
        }
    }

    /// The request's field a contract form's problem is about.
    private static func field(of problem: ContractForm.Problem) -> String {
        switch problem {
        case .kind: "kind"
        case .from, .overlap: "validFrom"
        case .to: "validTo"
        case .capacity: "capacityHours"
        case .vacation: "vacationDays"
        }
    }

    func setPersonActive(_ input: Operations.SetPersonActive.Input) async throws -> Operations.SetPersonActive.Output {
        let id = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let person = try await APIContext.run(readOnly: false) { api in
            try api.require(.setPersonActive)
            guard try await PersonActions.setActive(body.active, id, api.action) else {
                throw APIProblem(.conflict, "last-admin", detailKey: "flash.lastAdmin")
            }
            return try await Self.visiblePerson(id, api)
        }
        return .ok(.init(body: .json(person)))
    }

    func addPersonContract(_ input: Operations.AddPersonContract.Input) async throws -> Operations.AddPersonContract.Output {
        let id = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let person = try await APIContext.run(readOnly: false) { api in
            try api.require(.addPersonContract)
            try APIInput.lengths([("vacationDays", body.vacationDays, 10)], t: api.t)
            let form = ContractForm(kind: body.kind.rawValue, validFrom: body.validFrom, validTo: body.validTo,
                                    capacity: body.capacityHours, endCurrent: body.endCurrent == true ? "on" : nil,
                                    vacationDays: body.vacationDays)
            if let problem = try await PersonActions.addContract(form, to: id, api.action) {
                throw APIProblem.invalid([.init(field: Self.field(of: problem), message: api.t(problem.rawValue))])
            }
            return try await Self.visiblePerson(id, api)
        }
        return .created(.init(body: .json(person)))
    }

    func setContractVacationDays(
        _ input: Operations.SetContractVacationDays.Input
    ) async throws -> Operations.SetContractVacationDays.Output {
        let id = try APIInput.pathID(input.path.personId), contract = try APIInput.pathID(input.path.contractId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let person = try await APIContext.run(readOnly: false) { api in
            try api.require(.setContractVacationDays)
            try APIInput.lengths([("vacationDays", body.vacationDays, 10)], t: api.t)
            guard let tenths = ContractHistory.parseVacationDays(body.vacationDays) else {
                throw APIProblem.invalid([.init(field: "vacationDays", message: api.t("contract.error.vacation"))])
            }
            try await PersonActions.setVacationDays(tenths, contract: contract, of: id, api.action)
            return try await Self.visiblePerson(id, api)
        }
        return .ok(.init(body: .json(person)))
    }
}
