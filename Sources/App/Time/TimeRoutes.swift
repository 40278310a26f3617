import Foundation
import Vapor

/// The timesheet (a week of one's own entries, with the form to add time), an entry's own page
/// to change or delete it, and a month of someone's time.
struct TimeRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let week = routes.get(Paths.timesheet, use: week)
        week.userInfo[RouteOption.onConnectionLoop] = true
        week.userInfo[RouteOption.pageRead] = PageReadOption { request in
            WeekRead(monday: Week(parameter: request.queryText("week"))?.monday, now: request.application.settings.clock.now)
        }
        routes.post(Paths.timeEntries, use: create)
        routes.get(Paths.timeEntry, use: show)
        routes.post(Paths.timeEntry, use: save)
        routes.post(Paths.deleteTimeEntry, use: delete)
        let month = routes.get(Paths.timeMonth, use: month)
        month.userInfo[RouteOption.onConnectionLoop] = true
        month.userInfo[RouteOption.pageRead] = PageReadOption { request in
            // Someone else's month (`?person=`) is read only when the viewer may see it; an id
            // that is not a person's reads no one (404).
            TimeMonthRead(month: request.queryText("month").flatMap(Month.init(filter:)),
                          person: request.queryText("person").map { UUID(uuidString: $0) ?? TimeMonthRead.noOne },
                          now: request.application.settings.clock.now)
        }
    }

    struct Form: Content {
        var day: String?
        var project: String?
        var start: String?
        var end: String?
        var duration: String?
        var description: String?

        var input: TimeEntryInput {
            TimeEntryInput(day: day ?? "", project: project ?? "", start: start ?? "", end: end ?? "", duration: duration ?? "",
                           description: description ?? "")
        }
    }

    func week(_ request: Request) async throws -> Response {
        try request.require(.trackTime, .oneself)
        let today = try request.today
        let data = try request.page(WeekRead.self)
        let day = data.week.contains(today) ? today : data.week.monday
        return try await render(request, data, form: TimeEntryForm(input: TimeEntryInput(day: day.iso)), status: .ok)
    }

    private func render(_ request: Request, week: Week, form: TimeEntryForm, status: HTTPStatus) async throws -> Response {
        let data = try await request.page(WeekRead(monday: week.monday, now: request.application.settings.clock.now))
        return try await render(request, data, form: form, status: status)
    }

    private func render(_ request: Request, _ data: WeekData, form: TimeEntryForm, status: HTTPStatus) async throws -> Response {
        let tenant = try request.tenant, week = data.week
        let t = request.translator
        let page = TimesheetPage(
            layout: Layout(request: request, title: t("time.title")), slug: tenant.slug, week: week, today: try request.today,
            entries: data.entries, timer: data.timer, projects: data.projects,
            expectedSeconds: ExpectedTime.seconds(over: week.days, contracts: data.contracts, daysOff: data.daysOff,
                                                  absences: data.absences),
            absences: data.absences, daysOff: data.daysOff,
            hasContract: week.days.contains { ContractHistory.current(data.contracts, on: $0) != nil }, form: form,
            now: request.application.settings.clock.now, zone: tenant.timeZone, t: t)
        return try await page.encodeResponse(status: status, for: request)
    }

    func create(_ request: Request) async throws -> Response {
        guard let input = (try? request.content.decode(Form.self))?.input else { throw Abort(.badRequest) }
        return try await write(request, input: input, id: nil)
    }

    func save(_ request: Request) async throws -> Response {
        let id = try request.idParameter()
        guard let input = (try? request.content.decode(Form.self))?.input else { throw Abort(.badRequest) }
        return try await write(request, input: input, id: id)
    }

    /// Saves the entry (`TimeEntryActions.save`) and goes back to its week; a refused one is shown
    /// again in its form (422).
    private func write(_ request: Request, input: TimeEntryInput, id: UUID?) async throws -> Response {
        let user = try request.user, tenant = try request.tenant, db = try request.db, t = request.translator
        var form = TimeEntryForm(input: input)
        switch TimeEntryRules.read(input) {
        case .failure(let problems):
            form.problems = problems.fields
        case .success(let draft):
            switch try await TimeEntryActions.save(draft, id: id, try request.actionContext) {
            case .success:
                return request.redirect(to: Paths.timesheet(tenant.slug, week: Week(containing: draft.day)),
                                        flash: Flash(.success, id == nil ? "flash.time.added" : "flash.saved"))
            case .failure(let refusal):
                form.refusal = t.text(refusal.message.key, refusal.message.arguments)
            }
        }
        if let id {
            guard let entry = try await TimeEntryQueries.entry(id, of: user.id, zone: tenant.timeZone, on: db) else { throw Abort(.notFound) }
            return try await entryPage(request, entry: entry, form: form, status: .unprocessableEntity)
        }
        let today = try request.today
        let week = LocalDate(iso: String(input.day.prefix(20))).map(Week.init(containing:)) ?? Week(containing: today)
        return try await render(request, week: week, form: form, status: .unprocessableEntity)
    }

    func show(_ request: Request) async throws -> Response {
        try request.require(.trackTime, .oneself)
        let user = try request.user, tenant = try request.tenant
        guard let entry = try await TimeEntryQueries.entry(try request.idParameter(), of: user.id, zone: tenant.timeZone,
                                                           on: try request.db)
        else { throw Abort(.notFound) }
        let input = TimeEntryInput(day: entry.day.iso, project: entry.projectID.lowercasedString, start: entry.start.text,
                                   end: entry.end.text, description: entry.description)
        return try await entryPage(request, entry: entry, form: TimeEntryForm(input: input), status: .ok)
    }

    private func entryPage(_ request: Request, entry: TimeEntryRow, form: TimeEntryForm, status: HTTPStatus) async throws -> Response {
        let t = request.translator
        let page = TimeEntryPage(
            layout: Layout(request: request, title: t("time.entry.title", t.day(entry.day))), slug: try request.tenant.slug,
            entry: entry, form: form, projects: try await ProjectQueries.open(to: try request.user.id, on: try request.db), t: t)
        return try await page.encodeResponse(status: status, for: request)
    }

    /// Asks first, deletes the entry (`TimeEntryActions.delete`) and goes back to its week.
    func delete(_ request: Request) async throws -> Response {
        let user = try request.user, tenant = try request.tenant, db = try request.db
        guard let entry = try await TimeEntryQueries.entry(try request.idParameter(), of: user.id, zone: tenant.timeZone, on: db)
        else { throw Abort(.notFound) }
        let back = Paths.timesheet(tenant.slug, week: Week(containing: entry.day))
        if !request.isConfirmed {
            return try await request.confirmationStep(ConfirmQuestion(
                question: request.translate("time.delete.question"), confirm: request.translate("time.delete"), cancelURL: back))
        }
        do {
            if case .failure = try await TimeEntryActions.delete(entry.id, try request.actionContext) {
                return request.redirect(to: back, flash: Flash(.error, "flash.time.error.monthClosed"))
            }
        } catch ActionRefusal.notFound {
            // Gone since it was read a moment ago (another tab deleted it): deleted all the same.
        }
        return request.redirect(to: back, flash: Flash(.success, "flash.time.deleted"))
    }

    /// A month of one's own time, or of someone in the viewer's reach (`?person=`); 404 for
    /// anyone else.
    func month(_ request: Request) async throws -> Response {
        let viewer = try request.user, tenant = try request.tenant
        try request.require(.viewTime, .oneself)
        let data = try request.page(TimeMonthRead.self)
        let t = request.translator, month = data.month, person = data.person, closed = data.close
        let reach = Permissions.reach(of: viewer.roles, for: .viewTime) ?? .own
        let own = person.user.id == viewer.id, thisMonth = try request.thisMonth
        let close = TimeMonthPage.MonthCloseState(
            month: closed,
            canSubmit: own && MonthCloseRules.submitRefusal(month, thisMonth: thisMonth, status: closed?.status,
                                                            contracts: person.contracts) == nil,
            canDecide: closed?.status == .submitted && MonthCloseRules.decides(viewer, for: person.subject),
            canReopen: MonthCloseRules.reopens(viewer, for: person.subject, status: closed?.status),
            overviewURL: reach > .own && Permissions.reach(of: viewer.roles, for: .decideMonths) != nil
                ? Paths.timeClose(tenant.slug, month: month) : nil)
        return try await TimeMonthPage(
            layout: Layout(request: request, title: t("time.month.title", t.month(month))), slug: tenant.slug, month: month,
            person: person, own: own, time: data.time,
            expectedSeconds: ExpectedTime.seconds(over: month.days, contracts: person.contracts, daysOff: data.daysOff,
                                                  absences: data.absences),
            team: data.team, close: close, csrf: request.csrfToken, t: t
        ).encodeResponse(for: request)
    }
}
