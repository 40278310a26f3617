import Foundation
import Vapor

/// Absences: one's requests (ask, withdraw), the team calendar with the requests waiting for the
/// viewer (approve, decline with a reason), and the company's days off (admins).
struct AbsenceRoutes: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let mine = routes.get(Paths.absences, use: mine)
        mine.userInfo[RouteOption.onConnectionLoop] = true
        mine.userInfo[RouteOption.pageRead] = PageReadOption { OwnAbsencesRead(now: $0.application.settings.clock.now) }
        routes.post(Paths.absences, use: request)
        routes.post(Paths.withdrawAbsence, use: withdraw)
        routes.get(Paths.teamAbsencesAddress, use: calendar)
        routes.post(Paths.decideAbsence, use: decide)
        routes.get(Paths.daysOff, use: daysOff)
        routes.post(Paths.daysOff, use: addDayOff)
        routes.post(Paths.deleteDayOff, use: deleteDayOff)
    }

    struct RequestForm: Content {
        var kind: String?
        var first: String?
        var last: String?
        var halfDay: String?
        var note: String?
    }

    struct DecisionForm: Content {
        var decision: String?
        var reason: String?
    }

    struct DayOffForm: Content {
        var day: String?
        var name: String?
    }

    func mine(_ request: Request) async throws -> Response {
        try request.require(.requestAbsence, .oneself)
        return try await minePage(request, input: AbsenceInput(kind: AbsenceKind.vacation.rawValue), problems: [:], refusal: nil,
                                  status: .ok)
    }

    private func minePage(
        _ request: Request, input: AbsenceInput, problems: [String: String], refusal: String?, status: HTTPStatus
    ) async throws -> Response {
        let user = try request.user, tenant = try request.tenant, today = try request.today
        let own = try await request.page(OwnAbsencesRead(now: request.application.settings.clock.now))
        let year = own.year, absences = own.absences, daysOff = own.daysOff
        let t = request.translator
        return try await AbsencesPage(
            layout: Layout(request: request, title: t("nav.absences")), slug: tenant.slug, year: year,
            balance: VacationBalance.of(year: year, contracts: own.contracts, absences: absences, daysOff: daysOff),
            absences: absences, daysOff: daysOff, input: input, problems: problems, refusal: refusal,
            calendarURL: Paths.teamAbsences(tenant.slug, month: Month(today)),
            daysOffURL: Permissions.can(user, .manageDaysOff, .company) ? Paths.daysOff(tenant.slug) : nil, t: t
        ).encodeResponse(status: status, for: request)
    }

    func request(_ request: Request) async throws -> Response {
        try request.require(.requestAbsence, .oneself)
        guard let form = try? request.content.decode(RequestForm.self) else { throw Abort(.badRequest) }
        let input = AbsenceInput(kind: String((form.kind ?? "").prefix(20)), first: String((form.first ?? "").prefix(20)),
                                 last: String((form.last ?? "").prefix(20)), halfDay: form.halfDay == "1",
                                 note: String((form.note ?? "").prefix(2000)))
        switch AbsenceRules.read(input) {
        case .failure(let problems):
            return try await minePage(request, input: input, problems: problems.fields, refusal: nil, status: .unprocessableEntity)
        case .success(let draft):
            switch try await AbsenceActions.request(draft, try request.actionContext) {
            case .success: return request.redirect(to: Paths.absences(try request.tenant.slug), flash: Flash(.success, "flash.absence.requested"))
            case .failure(let refusal):
                return try await minePage(request, input: input, problems: [:], refusal: request.translate(refusal.message.key,
                                                                                                           refusal.message.arguments),
                                          status: .unprocessableEntity)
            }
        }
    }

    func withdraw(_ request: Request) async throws -> Response {
        try request.require(.requestAbsence, .oneself)
        let id = try request.idParameter(), slug = try request.tenant.slug
        if !request.isConfirmed {
            return try await request.confirmationStep(ConfirmQuestion(
                question: request.translate("absence.withdraw.question"), confirm: request.translate("absence.withdraw"),
                cancelURL: Paths.absences(slug)))
        }
        guard case .success = try await AbsenceActions.withdraw(id, try request.actionContext) else {
            return request.redirect(to: Paths.absences(slug), flash: Flash(.error, "flash.absence.error.notPending"))
        }
        return request.redirect(to: Paths.absences(slug), flash: Flash(.success, "flash.absence.withdrawn"))
    }

    func calendar(_ request: Request) async throws -> Response {
        try request.require(.viewAbsences, .oneself)
        return try await calendarPage(request, month: try request.queryMonth, refused: nil, status: .ok)
    }

    private func calendarPage(
        _ request: Request, month: Month, refused: (id: UUID, message: String)?, status: HTTPStatus
    ) async throws -> Response {
        let user = try request.user, db = try request.db, tenant = try request.tenant
        let reach = Permissions.reach(of: user.roles, for: .viewAbsences) ?? .own
        let t = request.translator
        let waiting = try await AbsenceQueries.waiting(for: user, on: db)
        // Admins see everyone: a team narrows the grid (`?team=`).
        let teams = reach == .tenant ? try await request.teamNames() : []
        let team = request.queryText("team").flatMap { UUID(uuidString: String($0.prefix(40))) }
            .flatMap { id in teams.contains { $0.id == id } ? id : nil }
        return try await TeamAbsencesPage(
            layout: Layout(request: request, title: t("absence.calendar.title", t.month(month))), slug: tenant.slug, month: month,
            teams: teams, team: team,
            people: try await AbsenceQueries.people(visibleTo: user.id, reach: reach, team: team, on: db),
            absences: try await AbsenceQueries.visible(to: user.id, reach: reach, team: team, from: month.first, through: month.last,
                                                       on: db),
            waiting: waiting, balances: try await Self.balances(of: waiting, on: db),
            daysOff: try await DaysOffQueries.between(month.first.adding(days: -400), month.last.adding(days: 400), on: db),
            refused: refused, t: t
        ).encodeResponse(status: status, for: request)
    }

    /// The vacation balance of the year of each waiting request for vacation (what a leader checks
    /// before approving), by request; three statements when any waits, none otherwise.
    static func balances(of waiting: [PersonAbsence], on db: TenantConnection) async throws -> [UUID: VacationBalance] {
        let vacations = waiting.map(\.absence).filter { $0.kind == .vacation }
        guard let firstYear = vacations.map(\.first.year).min(), let lastYear = vacations.map(\.first.year).max(),
              let start = LocalDate(year: firstYear, month: 1, day: 1), let end = LocalDate(year: lastYear, month: 12, day: 31)
        else { return [:] }
        let people = Array(Set(vacations.map(\.userID)))
        let contracts = try await ReviewQueries.contractsAndRates(of: people, on: db)
        let absences = Dictionary(grouping: try await AbsenceQueries.of(people, from: start, through: end, on: db), by: \.userID)
        let daysOff = try await DaysOffQueries.between(start, end, on: db)
        var balances: [UUID: VacationBalance] = [:]
        for request in vacations {
            balances[request.id] = VacationBalance.of(year: request.first.year, contracts: contracts[request.userID]?.contracts ?? [],
                                                      absences: absences[request.userID] ?? [], daysOff: daysOff)
        }
        return balances
    }

    func decide(_ request: Request) async throws -> Response {
        guard Permissions.reach(of: try request.user.roles, for: .decideAbsences) != nil else { throw Abort(.forbidden) }
        let id = try request.idParameter()
        guard let form = try? request.content.decode(DecisionForm.self), form.decision == "approve" || form.decision == "decline"
        else { throw Abort(.badRequest) }
        let approve = form.decision == "approve"
        let thisMonth = try request.thisMonth
        let month = try await AbsenceQueries.absence(id, on: try request.db).map { Month($0.absence.first) } ?? thisMonth
        let reason = DecisionReason.parse(form.reason)
        if !approve && reason == nil {
            return try await calendarPage(request, month: month, refused: (id, request.translate("absence.error.note")),
                                          status: .unprocessableEntity)
        }
        switch try await AbsenceActions.decide(id, approve: approve, reason: reason ?? "", try request.actionContext) {
        case .success:
            return request.redirect(to: Paths.teamAbsences(try request.tenant.slug, month: month),
                                    flash: Flash(.success, approve ? "flash.absence.approved" : "flash.absence.declined"))
        case .failure(.notPending):
            return request.redirect(to: Paths.teamAbsences(try request.tenant.slug, month: month),
                                    flash: Flash(.error, "flash.absence.error.notPending"))
        case .failure(let refusal):
            return try await calendarPage(request, month: month, refused: (id, request.translate(refusal.message.key)),
                                          status: .unprocessableEntity)
        }
    }

    func daysOff(_ request: Request) async throws -> Response {
        try request.require(.manageDaysOff)
        let thisYear = try request.today.year
        let year = (request.queryInt("year")).flatMap { LocalDate.inputYears.contains($0) ? $0 : nil } ?? thisYear
        return try await daysOffPage(request, year: year, problem: nil, typed: ("", ""), status: .ok)
    }

    private func daysOffPage(
        _ request: Request, year: Int, problem: String?, typed: (day: String, name: String), status: HTTPStatus
    ) async throws -> Response {
        let t = request.translator
        let daysOff = try await DaysOffQueries.between(LocalDate(year: year, month: 1, day: 1)!, LocalDate(year: year, month: 12, day: 31)!,
                                                       on: try request.db)
        return try await DaysOffPage(
            layout: Layout(request: request, title: t("daysOff.title", String(year))), slug: try request.tenant.slug, year: year,
            daysOff: daysOff, problem: problem, typed: typed, t: t
        ).encodeResponse(status: status, for: request)
    }

    /// Gives the day off (`DaysOffActions.save`); a refused one is shown again on the days-off
    /// page (422), which is the admins' page: hence the check before the form is read.
    func addDayOff(_ request: Request) async throws -> Response {
        try request.require(.manageDaysOff)
        guard let form = try? request.content.decode(DayOffForm.self) else { throw Abort(.badRequest) }
        let typed = (day: String((form.day ?? "").prefix(20)), name: String((form.name ?? "").prefix(200)))
        let name = ShortName.parse(form.name)
        guard let day = LocalDate(input: typed.day) else {
            return try await daysOffPage(request, year: try request.today.year, problem: request.translate("time.error.day"), typed: typed,
                                         status: .unprocessableEntity)
        }
        guard let name else {
            return try await daysOffPage(request, year: day.year, problem: request.translate("projects.error.name"), typed: typed,
                                         status: .unprocessableEntity)
        }
        guard try await DaysOffActions.save(.init(day: day, name: name), try request.actionContext) == .saved else {
            return try await daysOffPage(request, year: day.year, problem: request.translate("daysOff.error.notWorking"), typed: typed,
                                         status: .unprocessableEntity)
        }
        return request.redirect(to: Paths.daysOff(try request.tenant.slug) + "?year=\(day.year)", flash: Flash(.success, "flash.saved"))
    }

    /// Asks first (the admins' question: hence the check before it), then takes the day off back
    /// (`DaysOffActions.delete`).
    func deleteDayOff(_ request: Request) async throws -> Response {
        try request.require(.manageDaysOff)
        guard let form = try? request.content.decode(DayOffForm.self), let day = LocalDate(iso: String((form.day ?? "").prefix(20)))
        else { throw Abort(.badRequest) }
        if !request.isConfirmed {
            return try await request.confirmationStep(ConfirmQuestion(
                question: request.translate("daysOff.delete.question", request.translator.day(day)),
                confirm: request.translate("daysOff.delete"), cancelURL: Paths.daysOff(try request.tenant.slug)))
        }
        try await DaysOffActions.delete(day, try request.actionContext)
        return request.redirect(to: Paths.daysOff(try request.tenant.slug) + "?year=\(day.year)", flash: Flash(.success, "flash.daysOff.deleted"))
    }
}
