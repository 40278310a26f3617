import Foundation

/// The use case of an admin correcting what was read from an invoice (docs/ARCHITECTURE.md,
/// Corrections), the same for the web's form and the API: the values are read by
/// `InvoiceCorrection.read` (the API's amount in minor units), the rest is
/// `CorrectionMutations.correct` in the caller's transaction.
enum InvoiceCorrections {
    /// What a correction did.
    enum Corrected: Sendable, Equatable {
        /// Changed; whether an approved invoice went back to "submitted" to be approved again.
        case corrected(reopened: Bool)
        /// Every value was as it is already.
        case unchanged
        /// Someone changed the invoice after the form was loaded.
        case stale
        /// Not submitted or approved, or in a payment order (`InvoiceCorrection.allowed`).
        case notAllowed
        /// The admin's own invoice, which another admin of the company corrects (`OwnInvoiceRule`).
        case ownInvoice
    }

    /// Corrects invoice `id`, loaded at `version`, to `proposed`. 403 for anyone but an active
    /// admin; 404 for no invoice of the company.
    static func correct(_ id: UUID, version: Int, to proposed: InvoiceFields, _ c: ActionContext) async throws -> Corrected {
        try c.require(.reviewInvoices)
        switch try await CorrectionMutations.correct(id, version: version, to: proposed, by: c.actor, on: c.db) {
        case .corrected(_, let reopened): return .corrected(reopened: reopened)
        case .unchanged: return .unchanged
        case .stale: return .stale
        case .notAllowed: return .notAllowed
        case .ownInvoice: return .ownInvoice
        case .notFound: throw ActionRefusal.notFound
        }
    }
}
