import Foundation

/// The use cases of supplier details (docs/ARCHITECTURE.md, Supplier details): an admin saves a
/// person's details, a contractor proposes a change of their own, an admin confirms or declines
/// the proposal. The web's forms and the API's operations read the details by the same rule
/// (`SupplierDetails.read`) and only map the outcome; the SQL, the audit entries and the mails are
/// `SupplierDetailsQueries`' and `SupplierProposalQueries`'.
enum SupplierDetailsActions {
    /// What saving did.
    enum Saved: Sendable, Equatable {
        /// Saved; whether the registered account is another one now (the person was told by mail).
        case saved(accountChanged: Bool)
        case unchanged
        /// Someone changed the details after the form was loaded.
        case stale
        /// One's own details, which another admin of the company changes.
        case ownDetails
    }

    /// What proposing did.
    enum Proposed: Sendable, Equatable {
        case proposed
        /// The proposal equals the details as they are.
        case unchanged
        /// The details changed since the form was made.
        case stale
    }

    /// What deciding a proposal did.
    enum Decided: Sendable, Equatable {
        case confirmed
        case declined
        /// The details changed since the proposal was made.
        case stale
        /// One's own proposal, which another admin of the company decides.
        case ownDetails
        /// No waiting proposal of that id for that person (replaced, decided, or none).
        case gone
    }

    /// Saves `details` for `person` while they are still at `version`. 403 for anyone who does not
    /// manage people; 404 for no one of the company.
    static func save(_ details: SupplierDetails, for person: UUID, version: Int, _ c: ActionContext) async throws -> Saved {
        try c.require(.manageEmployees)
        switch try await SupplierDetailsQueries.save(details, for: person, version: version, by: c.actor, site: c.site, on: c.db) {
        case .saved(let accountChanged): return .saved(accountChanged: accountChanged)
        case .unchanged: return .unchanged
        case .stale: return .stale
        case .ownDetails: return .ownDetails
        case .notFound: throw ActionRefusal.notFound
        }
    }

    /// The actor proposes `details` for themselves, made on `version` of their details. A proposal
    /// is for oneself: anyone else's id is a 404.
    static func propose(_ details: SupplierDetails, for person: UUID, basedOn version: Int, _ c: ActionContext) async throws -> Proposed {
        try c.require(.viewSupplierDetails, .oneself)
        guard person == c.actor.id else { throw ActionRefusal.notFound }
        switch try await SupplierProposalQueries.propose(details, basedOn: version, by: c.actor, site: c.site, on: c.db) {
        case .proposed: return .proposed
        case .unchanged: return .unchanged
        case .stale: return .stale
        case .confirmed, .declined, .ownDetails, .notFound: throw ActionRefusal.notFound
        }
    }

    /// Confirms or declines the waiting proposal `id` of `person`. 403 for anyone who does not
    /// manage people; a proposal that is not waiting (or another company's) is `gone`.
    static func decide(_ id: UUID, of person: UUID, confirm: Bool, _ c: ActionContext) async throws -> Decided {
        try c.require(.manageEmployees)
        switch try await SupplierProposalQueries.decide(id, of: person, confirm: confirm, by: c.actor, site: c.site, on: c.db) {
        case .confirmed: return .confirmed
        case .declined: return .declined
        case .stale: return .stale
        case .ownDetails: return .ownDetails
        case .proposed, .unchanged, .notFound: return .gone
        }
    }
}
