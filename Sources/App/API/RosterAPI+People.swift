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
            switch query.status ?? .active {
            case .active: filter.active = true
            case .inactive: filter.active = false
            case .all: filter.active = nil
            }
            if reach == .team { filter.ledBy = api.user.id }
            var (rows, total) = try await PeopleQueries.rows(filter, limit: window.limit, offset: window.offset, counting: true,
                                                             today: api.today, on: api.db)
            if rows.isEmpty, window.offset > 0 {
                // Past the end: the window function had no row to count on.
                total = try await PeopleQueries.rows(filter, limit: 1, offset: 0, counting: true, today: api.today, on: api.db).total
            }
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
        return .ok(.init(body: .json(person)))
    }
}
