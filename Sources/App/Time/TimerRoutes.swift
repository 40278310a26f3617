import Foundation
import Vapor

/// The timer: start (stopping the one the page showed running), stop, and the page that asks
/// what to keep of a timer left running over midnight or for more than 12 hours.
struct TimerRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(Paths.timer, use: show)
        routes.post(Paths.startTimer, use: start)
        routes.post(Paths.stopTimer, use: stop)
    }

    struct StartForm: Content {
        var project: String?
        var description: String?
        /// The timer the page showed running ("" for none).
        var seen: String?
    }

    struct StopForm: Content {
        var timer: String?
        /// A time of the day the timer started, for an overrun timer.
        var end: String?
        var discard: String?
    }

    /// The running timer's page: what to keep of it. Without a running timer, the timesheet.
    func show(_ request: Request) async throws -> Response {
        try request.require(.trackTime, .oneself)
        let user = try request.user, tenant = try request.tenant
        guard let timer = try await TimerQueries.running(of: user.id, on: try request.db) else {
            return request.redirect(to: Paths.timesheet(tenant.slug))
        }
        let now = request.application.settings.clock.now
        let overrun: TimerOverrun? = if case .needsEnd(let overrun) = TimerRules.stop(start: timer.startedAt, now: now,
                                                                                       zone: tenant.timeZone) { overrun } else { nil }
        return try await endPage(request, timer: timer, overrun: overrun, problem: nil, endText: "", status: .ok)
    }

    private func endPage(
        _ request: Request, timer: RunningTimer, overrun: TimerOverrun?, problem: String?, endText: String, status: HTTPStatus
    ) async throws -> Response {
        let t = request.translator, tenant = try request.tenant
        return try await TimerEndPage(
            layout: Layout(request: request, title: t("timer.end.title")), slug: tenant.slug, timer: timer, overrun: overrun,
            problem: problem, endText: endText, zone: tenant.timeZone, t: t
        ).encodeResponse(status: status, for: request)
    }

    func start(_ request: Request) async throws -> Response {
        let tenant = try request.tenant
        guard let form = try? request.content.decode(StartForm.self) else { throw Abort(.badRequest) }
        let back = Paths.timesheet(tenant.slug)
        guard let project = UUID(uuidString: form.project ?? "") else {
            return request.redirect(to: back, flash: Flash(.error, "flash.time.error.project"))
        }
        let seenText = form.seen ?? ""
        guard seenText.isEmpty || UUID(uuidString: seenText) != nil else { throw Abort(.badRequest) }
        let description = TimeEntryRules.cleaned(form.description ?? "")
        guard description.storedLength <= TimeEntryRules.maxDescription else {
            return request.redirect(to: back, flash: Flash(.error, "flash.time.error.description"))
        }
        let start = TimerActions.Start(project: project, description: description, seen: UUID(uuidString: seenText))
        switch try await TimerActions.start(start, try request.actionContext) {
        case .started: return request.redirect(to: back, flash: Flash(.success, "flash.timer.started"))
        case .unchanged: return request.redirect(to: back, flash: Flash(.error, "flash.timer.changedElsewhere"))
        case .refused(let refusal): return request.redirect(to: back, flash: Flash(.error, "flash." + refusal.message.key))
        case .previousNotStopped: return request.redirect(to: Paths.timer(tenant.slug), flash: Flash(.error, "flash.timer.endFirst"))
        }
    }

    func stop(_ request: Request) async throws -> Response {
        let user = try request.user, tenant = try request.tenant
        guard let form = try? request.content.decode(StopForm.self), let id = UUID(uuidString: form.timer ?? "")
        else { throw Abort(.badRequest) }
        let endText = String((form.end ?? "").prefix(20))
        let end: TimerEnd
        if form.discard == "1" {
            end = .discard
        } else if endText.trimmingWhitespace().isEmpty {
            end = .now
        } else if let time = ClockTime(parsing: endText) {
            end = .at(time)
        } else {
            guard let timer = try await TimerQueries.running(of: user.id, on: try request.db), timer.id == id else {
                return request.redirect(to: Paths.timesheet(tenant.slug), flash: Flash(.success, "flash.timer.alreadyStopped"))
            }
            return try await endPage(request, timer: timer, overrun: nil, problem: request.translate("time.error.end"),
                                     endText: endText, status: .unprocessableEntity)
        }
        let back = Paths.timesheet(tenant.slug)
        switch try await TimerActions.stop(.init(timer: id, end: end), try request.actionContext) {
        case .recorded: return request.redirect(to: back, flash: Flash(.success, "flash.timer.stopped"))
        case .discarded: return request.redirect(to: back, flash: Flash(.success, "flash.timer.discarded"))
        case .tooShort: return request.redirect(to: back, flash: Flash(.success, "flash.timer.tooShort"))
        case .alreadyStopped: return request.redirect(to: back, flash: Flash(.success, "flash.timer.alreadyStopped"))
        case .needsEnd: return request.redirect(to: Paths.timer(tenant.slug))
        case .badEnd(let timer):
            return try await endPage(request, timer: timer, overrun: nil, problem: request.translate("timer.error.end"),
                                     endText: endText, status: .unprocessableEntity)
        case .refused(let timer, let refusal):
            return try await endPage(request, timer: timer, overrun: nil,
                                     problem: request.translate(refusal.message.key, refusal.message.arguments),
                                     endText: endText, status: .unprocessableEntity)
        }
    }
}
