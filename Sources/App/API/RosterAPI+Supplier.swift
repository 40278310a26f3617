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
            let read = try Self.supplierDetails(body, t: api.t)
            switch try await SupplierDetailsActions.save(read, for: id, version: version, api.action) {
            case .saved, .unchanged: break
            case .stale: throw APIProblem(.conflict, "stale-details")
            case .ownDetails: throw APIProblem(.forbidden, "own-details")
            }
            return try await Self.visibleSupplierDetails(id, api)
        }
        return .ok(.init(body: .json(details)))
    }

    func proposeSupplierDetails(
        _ input: Operations.ProposeSupplierDetails.Input
    ) async throws -> Operations.ProposeSupplierDetails.Output {
        let id = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let details = try await APIContext.run(readOnly: false) { api in
            try api.require(.proposeSupplierDetails)
            // Someone else's id is a 404 before the body is read (the use case refuses it too).
            guard id == api.user.id else { throw APIProblem.notFound }
            let version = try APIInput.version(body.version, field: "version", t: api.t)
            let read = try Self.supplierDetails(body, t: api.t)
            switch try await SupplierDetailsActions.propose(read, for: id, basedOn: version, api.action) {
            case .proposed, .unchanged: break
            case .stale: throw APIProblem(.conflict, "stale-details")
            }
            return try await Self.visibleSupplierDetails(id, api)
        }
        return .ok(.init(body: .json(details)))
    }

    func decideSupplierProposal(
        _ input: Operations.DecideSupplierProposal.Input
    ) async throws -> Operations.DecideSupplierProposal.Output {
        let id = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let details = try await APIContext.run(readOnly: false) { api in
            try api.require(.decideSupplierProposal)
            guard let proposal = UUID(uuidString: body.proposalId) else {
                throw APIProblem.invalid([.init(field: "proposalId", message: api.t("api.field.id"))])
            }
            switch try await SupplierDetailsActions.decide(proposal, of: id, confirm: body.decision == .confirm, api.action) {
            case .confirmed, .declined: break
            case .stale: throw APIProblem(.conflict, "stale-details")
            case .ownDetails: throw APIProblem(.forbidden, "own-details")
            case .gone: throw APIProblem.notFound
            }
            return try await Self.visibleSupplierDetails(id, api)
        }
        return .ok(.init(body: .json(details)))
    }

    /// The details of a request, checked as the web form's are; 422 names every field refused.
    static func supplierDetails(_ body: Components.Schemas.SupplierDetailsRequest, t: Translator) throws -> SupplierDetails {
        let typed = SupplierDetails.Input(ico: body.ico ?? "", dic: body.dic ?? "", vatPayer: body.vatPayer ?? false,
                                          billingAddress: body.billingAddress ?? "", account: body.account ?? "")
        switch SupplierDetails.read(typed) {
        case .failure(let problems):
            throw APIProblem.invalid(problems.keys.sorted { $0.key < $1.key }.map { .init(field: $0.key, message: t($0.value)) })
        case .success(let details): return details
        }
    }

    /// A person's details when the caller may see them (the person, admins), else 404.
    static func visibleSupplierDetails(_ id: UUID, _ api: APIContext) async throws -> Components.Schemas.SupplierDetails {
        guard let person = try await PeopleQueries.person(id, on: api.db),
              Permissions.can(api.user, .viewSupplierDetails, .person(person.subject)),
              let (details, version) = try await SupplierDetailsQueries.load(id, on: api.db)
        else { throw APIProblem.notFound }
        let proposal = try await SupplierProposalQueries.waiting(of: id, on: api.db)
        return Components.Schemas.SupplierDetails(
            version: version, ico: details.ico, dic: details.dic, vatPayer: details.vatPayer,
            billingAddress: details.billingAddress, account: details.accountText,
            proposal: proposal.map {
                .init(id: $0.id.lowercasedString, proposedAt: $0.proposedAt, ico: $0.details.ico, dic: $0.details.dic,
                      vatPayer: $0.details.vatPayer, billingAddress: $0.details.billingAddress, account: $0.details.accountText)
            })
    }
}
