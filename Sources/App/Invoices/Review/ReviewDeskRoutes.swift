import PostgresNIO
import Vapor

/// The month-end desk: a month's submitted invoices (or approved ones, to pay) in one screen
/// with their flags, and one action applied to any selection.
struct ReviewDeskRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.reviewDeskAddress, use: desk)
        // A month of a few thousand invoices posts a pick and a reason field per row.
        routes.post(Paths.reviewDeskAddress, use: apply).userInfo[RouteOption.maxBodyBytes] = 2 << 20
    }

    /// The two desks: to review (submitted) and to pay (approved).
    static let desks: [InvoiceState] = [.submitted, .approved]

    func desk(_ request: Request) async throws -> DeskPage {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db
        let month = try request.queryMonth
        let state = request.queryText("state").flatMap(InvoiceState.init(rawValue:))
            .flatMap { Self.desks.contains($0) ? $0 : nil } ?? .submitted
        let reading = try await DeskReading.read(month: month, state: state, on: db, alongside: request.application.database)
        let viewer = try request.user.id
        let t = request.translator, slug = tenant.slug
        let page = DeskTable.Page(slug: slug, currency: tenant.currency, state: state, t: t)
        // The lines and their rows in pieces written at once, several per core: a desk of a thousand
        // rows is one person's wait at the end of the month, and the rows depend on nothing else.
        let pieces = Self.pieces(of: reading.rows)
        let written = await withTaskGroup(of: (Int, HTML).self) { group in
            for (index, piece) in pieces.enumerated() where !piece.isEmpty {
                group.addTask {
                    (index, DeskTable.rows(piece.lazy.map { reading.line($0, viewer: viewer) }, first: piece.startIndex,
                                           page: page))
                }
            }
            var written = [HTML](repeating: .empty, count: pieces.count)
            for await (index, html) in group { written[index] = html }
            return written
        }
        return DeskPage(layout: Layout(request: request, title: t("review.desk.title")), slug: slug, month: month,
                        state: state, rowsHTML: written, t: t)
    }

    /// A desk of fewer rows is written in one piece; a larger one in four pieces per core, so a
    /// core that is free takes the next piece while another is still busy (the database's
    /// connections finish on them too): on two cores, eight pieces of a thousand-row desk gave a
    /// p99 a millisecond or two lower than two.
    static let rowsPerPiece = 200
    static let pieceCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, 16))

    /// `rows` in order, in at most `count` pieces of nearly equal size (one below `rowsPerPiece` rows).
    static func pieces<Row>(of rows: [Row], count: Int = pieceCount) -> [ArraySlice<Row>] {
        guard rows.count >= rowsPerPiece, count > 1 else { return [rows[...]] }
        let size = (rows.count + count - 1) / count
        return stride(from: 0, to: rows.count, by: size).map { rows[$0..<min($0 + size, rows.count)] }
    }

    struct ApplyForm: Content {
        var month: String?
        var state: String?
        var action: String?
        var reason: String?
        var pick: [String]?
        var reasons: [String: String]?
    }

    /// "id:version" → a pick; anything else is dropped (and reported as nothing selected).
    static func picks(_ form: ApplyForm, common: String?) -> [ReviewPick] {
        (form.pick ?? []).compactMap { value in
            guard let (id, version) = idAndVersion(value) else { return nil }
            let own = form.reasons?[id.lowercasedString]?.trimmingWhitespace()
            return ReviewPick(id: id, version: version, reason: (own?.isEmpty == false ? own : nil) ?? common)
        }
    }

    /// A checkbox's value, "id:version" (the row as the page showed it); nil for anything else.
    static func idAndVersion(_ value: String) -> (id: UUID, version: Int)? {
        let parts = value.prefix(80).split(separator: ":")
        guard parts.count == 2, let id = UUID(uuidString: String(parts[0])), let version = Int(parts[1]) else { return nil }
        return (id, version)
    }

    func apply(_ request: Request) async throws -> Response {
        try request.require(.reviewInvoices)
        let tenant = try request.tenant, db = try request.db
        guard let form = try? request.content.decode(ApplyForm.self) else { throw Abort(.badRequest) }
        let month = try request.month(form.month)
        let state = form.state.flatMap(InvoiceState.init(rawValue:)) ?? .submitted
        let back = Paths.reviewDesk(tenant.slug, month: month, state: state)
        guard let action = form.action.flatMap(InvoiceAction.init(rawValue:)) else {
            return request.redirect(to: back, flash: Flash(.error, "flash.review.noAction"))
        }
        let common = form.reason?.trimmingWhitespace()
        let picks = Self.picks(form, common: common?.isEmpty == false ? common : nil)
        guard !picks.isEmpty else { return request.redirect(to: back, flash: Flash(.error, "flash.review.nothingSelected")) }
        if !request.isConfirmed {
            let selection = try await ReviewQueries.selection(picks.map(\.id), on: db)
            if let question = action.confirmation(count: selection.count, totals: selection.totals, cancelURL: back,
                                                  t: request.translator) {
                return try await request.confirmationStep(question)
            }
        }
        let outcomes = try await InvoiceReview.act(action, on: picks, try request.actionContext)
        let names = try await ReviewQueries.names(of: picks.map(\.id), on: db)
        let t = request.translator
        return try await ReviewResultPage(
            layout: Layout(request: request, title: t("review.result.title")), slug: tenant.slug, action: action, picks: picks,
            outcomes: outcomes, names: names, backURL: back, t: t).encodeResponse(for: request)
    }
}
