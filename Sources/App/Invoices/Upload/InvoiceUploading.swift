import Foundation

/// The use case of a person uploading their month's invoice, or replacing it while it is
/// submitted or returned. The file arrives, is read and inspected before (`InvoiceUpload`, no
/// connection held while the inspector runs); this stores what was accepted, in one transaction:
/// the month rule once more on the contracts as they are now, then the document, the invoice's
/// state and its history (`InvoiceMutations.upload`, which says again whether the state allows it).
enum InvoiceUploading {
    /// An accepted file for a month of a person's.
    struct Upload: Sendable {
        let file: AcceptedUpload
        let month: Month
        /// Whose invoice: an upload is for oneself.
        let person: UUID
    }

    /// Stores `upload` as the invoice of its month: the invoice and its new document, or why not
    /// (a future month, no contract that month, an approved or paid invoice). 403 for someone who
    /// submits no invoices; someone else's month is a 404.
    static func store(_ upload: Upload, _ c: ActionContext) async throws -> Result<InvoiceMutations.Stored, UploadRefusal> {
        try c.require(.submitInvoices, .oneself)
        guard upload.person == c.actor.id else { throw ActionRefusal.notFound }
        let contracts = try await PeopleQueries.contracts(of: c.actor.id, on: c.db)
        if let refusal = InvoiceRules.periodRefusal(month: upload.month, contracts: contracts, today: c.today) {
            return .failure(refusal)
        }
        return try await InvoiceMutations.upload(upload.file, month: upload.month, for: c.actor.id, actor: c.actor.id, on: c.db)
    }
}
