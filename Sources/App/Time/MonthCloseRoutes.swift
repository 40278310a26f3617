import Foundation
import Vapor

/// The month closed: one's submission, a leader's or an admin's approval or return, an admin's
/// reopening, and the overview of everyone's month in reach.
struct MonthCloseRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.timeClose, use: overview)
        routes.post(Paths.submitMonth, use: submit)
        routes.post(Paths.decideMonth, use: decide)
        routes.post(Paths.reopenMonth, use: reopen)
    }

    struct Form: Content {
        var month: String?
        var person: String?
        var decision: String?
        var reason: String?
    }

    private func read(_ request: Request) throws -> (month: Month, person: UUID?, form: Form) {
        guard let form = try? request.content.decode(Form.self), let month = Month(filter: String((form.month ?? "").prefix(20)))
        else { throw Abort(.badRequest) }
        return (month, form.person.flatMap { UUID(uuidString: String($0.prefix(40))) }, form)
    }

    private func back(_ request: Request, _ month: Month, person: UUID?) throws -> String {
        let viewer = try request.user
        return Paths.timeMonth(try request.tenant.slug, month: month, person: person == viewer.id ? nil : person)
    }

    func submit(_ request: Request) async throws -> Response {
        let (month, _, _) = try read(request)
        let flash: Flash = switch try await MonthClosing.submit(month, try request.actionContext) {
        case .done: Flash(.success, "flash.time.submitted")
        case .future: Flash(.error, "flash.time.error.future")
        case .noContract: Flash(.error, "flash.time.error.monthWithoutContract")
        default: Flash(.error, "flash.time.error.unchanged")
        }
        return request.redirect(to: try back(request, month, person: nil), flash: flash)
    }

    func decide(_ request: Request) async throws -> Response {
        let (month, person, form) = try read(request)
        guard let person, form.decision == "approve" || form.decision == "return",
              let reason = DecisionReason.parse(form.reason)
        else { throw Abort(.badRequest) }
        let approve = form.decision == "approve"
        let decision = MonthClosing.Decision(month: month, person: person, approve: approve, reason: reason)
        let flash: Flash = switch try await MonthClosing.decide(decision, try request.actionContext) {
        case .done: Flash(.success, approve ? "flash.time.approved" : "flash.time.returned")
        case .reasonMissing: Flash(.error, "flash.time.error.reason")
        default: Flash(.error, "flash.time.error.unchanged")
        }
        return request.redirect(to: try back(request, month, person: person), flash: flash)
    }

    func reopen(_ request: Request) async throws -> Response {
        let (month, person, form) = try read(request)
        guard let person, let reason = DecisionReason.parse(form.reason) else { throw Abort(.badRequest) }
        let flash: Flash = switch try await MonthClosing.reopen(month, of: person, reason: reason, try request.actionContext) {
        case .done: Flash(.success, "flash.time.reopened")
        case .reasonMissing: Flash(.error, "flash.time.error.reason")
        default: Flash(.error, "flash.time.error.unchanged")
        }
        return request.redirect(to: try back(request, month, person: person), flash: flash)
    }

    /// Everyone in reach (a leader's teams, everyone for admins) with their month: who has not
    /// submitted, who waits for approval.
    func overview(_ request: Request) async throws -> Response {
        let viewer = try request.user
        guard let reach = Permissions.reach(of: viewer.roles, for: .decideMonths) else { throw Abort(.forbidden) }
        let month = try request.queryMonth, t = request.translator, slug = try request.tenant.slug
        let rows = try await MonthCloseQueries.overview(visibleTo: viewer.id, reach: reach, month: month, on: try request.db)
        return try await MonthClosePage(layout: Layout(request: request, title: t("time.close.overviewTitle", t.month(month))),
                                        slug: slug, month: month, rows: rows, t: t).encodeResponse(for: request)
    }
}

/// Everyone's month in the viewer's reach: who has not submitted, who waits, who is approved.
struct MonthClosePage: HTMLPage {
    let layout: Layout
    let slug: String
    let month: Month
    let rows: [MonthCloseRow]
    let t: Translator

    var body: HTML {
        let open = rows.filter { $0.status == nil || $0.status == .returned }.count
        let waiting = rows.filter { $0.status == .submitted }.count
        let lines = rows.map { row -> HTML in
            let state = row.status?.rawValue ?? "open"
            return """
                <tr><th scope="row"><a href="\(Paths.timeMonth(slug, month: month, person: row.id))">\(row.name)</a></th>\
                <td class="num" data-label="\(t("time.duration"))">\(WorkDuration.text(seconds: row.seconds))</td>\
                <td data-label="\(t("absence.status"))"><span class="badge state \(state)">\(t("time.close.badge.\(state)"))</span></td></tr>

                """
        }
        return """
            <h1>\(t("time.close.overviewTitle", t.month(month)))</h1>
            \(PagePieces.pager(previousURL: Paths.timeClose(slug, month: month.adding(months: -1)),
                               nextURL: Paths.timeClose(slug, month: month.adding(months: 1)), label: t.month(month),
                               previousText: t("time.previousMonth"), nextText: t("time.nextMonth"), t: t))\
            <p class="totals">\(t("time.close.summary", String(open), String(waiting), String(rows.count)))</p>
            \(PagePieces.timeDownloads(slug, TimeExportQuery(month: month.iso), label: t("export.time.everyone"), t: t))\
            \(PagePieces.list(empty: rows.isEmpty ? t("time.close.empty") : nil,
                              headings: [t("people.name"), t("time.duration"), t("absence.status")], rows: lines))
            """
    }
}
