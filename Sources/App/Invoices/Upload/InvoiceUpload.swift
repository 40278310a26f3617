import Foundation
import Vapor

/// Receiving one invoice file, the same for the web's form and the API: the month and state
/// rules said before anything is inspected, the size rule, the inspector, the text rules, each
/// refusal an `UploadRefusal` with its message; then the use case (`InvoiceUploading.store`) in a
/// transaction of its own. Holds no connection while the file is inspected.
enum InvoiceUpload {
    /// What a person's uploads are decided on: their contracts and invoices.
    struct Situation: Sendable {
        let contracts: [Contract]
        let invoices: [InvoiceSummary]
    }

    /// The situation, read in a short read-only transaction of the tenant.
    static func situation(of user: UUID, tenant: Tenant, database: Database) async throws -> Situation {
        try await database.transaction(tenant: tenant.id, readOnly: true) { db in
            Situation(contracts: try await PeopleQueries.contracts(of: user, on: db),
                      invoices: try await InvoiceQueries.summaries(of: user, timeZone: tenant.timeZone, on: db))
        }
    }

    /// Stores `form`'s file (field `file`) as the invoice of `month` for `user`, or says why not.
    static func receive(
        _ form: MultipartForm?, month: Month?, user: User, tenant: Tenant, situation: Situation, request: Request
    ) async throws -> Result<InvoiceMutations.Stored, UploadRefusal> {
        let today = try request.today
        let upload: InvoiceUploading.Upload
        switch await accept(form, month: month, user: user, situation: situation, today: today, request: request) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let accepted): upload = accepted
        }
        // The write, after the inspector is done: a connection is taken only now.
        let app = request.application
        return try await app.database.transaction(tenant: tenant.id) { db in
            try await InvoiceUploading.store(upload, ActionContext(actor: user, tenant: tenant, db: db, today: today, app: app))
        }
    }

    /// The file read and inspected, as the use case's command, or why not: what can be refused
    /// without reading the file is refused first.
    private static func accept(
        _ form: MultipartForm?, month: Month?, user: User, situation: Situation, today: LocalDate, request: Request
    ) async -> Result<InvoiceUploading.Upload, UploadRefusal> {
        guard let month else { return .failure(.badMonth) }
        if let refusal = InvoiceRules.periodRefusal(month: month, contracts: situation.contracts, today: today) {
            return .failure(refusal)
        }
        // An approved or paid invoice keeps its file: say so before inspecting anything.
        if case .failure(let refusal) = InvoiceRules.stateAfterUpload(
            current: situation.invoices.first { $0.month == month }?.state) {
            return .failure(refusal)
        }
        guard let file = form?.file("file"), !file.filename.isEmpty || file.content.readableBytes > 0 else {
            return .failure(.noFile)
        }
        let settings = request.application.settings
        // Copying the file out of the body costs in proportion to its size: not on a page's thread.
        let content = file.content
        let bytes = await LowPriorityThread.run { Data(buffer: content) }
        if let refusal = InvoiceRules.byteRefusal(bytes, maxBytes: settings.pdfMaxBytes) { return .failure(refusal) }
        let inspection = await request.application.pdfInspector.inspect(bytes)
        switch inspection {
        case .failed(let why): request.logger.warning("PDF inspection failed: \(why)")
        case .busy: request.logger.warning("PDF inspection refused: too many waiting")
        case .inspected: break
        }
        if let refusal = InvoiceRules.refusal(for: inspection, maxPages: settings.pdfMaxPages) { return .failure(refusal) }
        guard case .inspected(let report) = inspection else { return .failure(.unreadable) }
        // At most 200 code points, as the database counts.
        let filename = String(String.UnicodeScalarView(file.filename.trimmingWhitespace().unicodeScalars.prefix(200)))
        let name = filename.isEmpty ? "invoice-\(month.iso).pdf" : filename
        // The text rules and the file's SHA-256, off the threads that serve pages too.
        let accepted = await LowPriorityThread.run { AcceptedUpload(filename: name, content: bytes, report: report) }
        return .success(InvoiceUploading.Upload(file: accepted, month: month, person: user.id))
    }
}
