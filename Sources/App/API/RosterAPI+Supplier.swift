import Foundation

extension RosterAPI {
    func getSupplierDetails(_ input: Operations.GetSupplierDetails.Input) async throws -> Operations.GetSupplierDetails.Output {
        let id = try APIInput.pathID(input.path.personId)
        let details = try await APIContext.run(readOnly: true) { api in
            try api.require(.getSupplierDetails)
            return try await Self.visibleSupplierDetails(id, api)
        }
        return .ok(.init(body: .json(details)))
    }

    func setSupplierDetails(_ input: Operations.SetSupplierDetails.Input) async throws -> Operations.SetSupplierDetails.Output {
        let id = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let details = try await APIContext.run(readOnly: false) { api in
            try api.require(.setSupplierDetails)
            let version = try APIInput.version(body.version, field: "version", t: api.t)
            let typed = SupplierDetails.Input(ico: body.ico ?? "", dic: body.dic ?? "", vatPayer: body.vatPayer ?? false,
                                              billingAddress: body.billingAddress ?? "", account: body.account ?? "")
            let read: SupplierDetails
            switch SupplierDetails.read(typed) {
            case .failure(let problems):
                throw APIProblem.invalid(problems.keys.sorted { $0.key < $1.key }.map { .init(field: $0.key, message: api.t($0.value)) })
            case .success(let details): read = details
            }
            switch try await SupplierDetailsQueries.save(read, for: id, version: version, by: api.user, site: api.mailSite, on: api.db) {
            case .saved, .unchanged: break
            case .stale: throw APIProblem(.conflict, "stale")
            case .notFound: throw APIProblem.notFound
            }
            return try await Self.visibleSupplierDetails(id, api)
        }
        return .ok(.init(body: .json(details)))
    }

    /// A person's details when the caller may see them (the person, admins), else 404.
    static func visibleSupplierDetails(_ id: UUID, _ api: APIContext) async throws -> Components.Schemas.SupplierDetails {
        guard let person = try await PeopleQueries.person(id, on: api.db),
              Permissions.can(api.user, .viewSupplierDetails, .person(person.subject)),
              let (details, version) = try await SupplierDetailsQueries.load(id, on: api.db)
        else { throw APIProblem.notFound }
        return Components.Schemas.SupplierDetails(
            version: version, ico: details.ico, dic: details.dic, vatPayer: details.vatPayer,
            billingAddress: details.billingAddress, account: details.accountText)
    }
}
