import Foundation

/// One's timesheet and timer, and a month of someone's time: the web's time pages as JSON.
extension RosterAPI {
    /// The longest range of `listMyTimeEntries`.
    static let maxTimeRangeDays = 62

    func listMyTimeEntries(_ input: Operations.ListMyTimeEntries.Input) async throws -> Operations.ListMyTimeEntries.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMyTimeEntries)
            var errors: [Components.Schemas.FieldError] = []
            let from = LocalDate(input: input.query.from), to = LocalDate(input: input.query.to)
            if from == nil { errors.append(.init(field: "from", message: api.t("time.error.day"))) }
            if to == nil { errors.append(.init(field: "to", message: api.t("time.error.day"))) }
            if let from, let to, to < from || to.daysSinceEpoch - from.daysSinceEpoch >= Self.maxTimeRangeDays {
                errors.append(.init(field: "to", message: api.t("api.field.timeRange", String(Self.maxTimeRangeDays))))
            }
            guard errors.isEmpty, let from, let to else { throw APIProblem.invalid(errors) }
            let entries = try await TimeEntryQueries.entries(of: api.user.id, from: from, through: to, zone: api.tenant.timeZone,
                                                             on: api.db)
            return Components.Schemas.TimeEntriesPage(items: entries.map(Components.Schemas.TimeEntry.init),
                                                      totalSeconds: entries.reduce(0) { $0 + $1.seconds })
        }
        return .ok(.init(body: .json(page)))
    }

    func createTimeEntry(_ input: Operations.CreateTimeEntry.Input) async throws -> Operations.CreateTimeEntry.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let entry = try await APIContext.run(readOnly: false) { api in
            try api.require(.createTimeEntry)
            return try await Self.saveEntry(body, id: nil, api)
        }
        return .created(.init(body: .json(entry)))
    }

    func updateTimeEntry(_ input: Operations.UpdateTimeEntry.Input) async throws -> Operations.UpdateTimeEntry.Output {
        let id = try APIInput.pathID(input.path.entryId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let entry = try await APIContext.run(readOnly: false) { api in
            try api.require(.updateTimeEntry)
            return try await Self.saveEntry(body, id: id, api)
        }
        return .ok(.init(body: .json(entry)))
    }

    func deleteTimeEntry(_ input: Operations.DeleteTimeEntry.Input) async throws -> Operations.DeleteTimeEntry.Output {
        let id = try APIInput.pathID(input.path.entryId)
        try await APIContext.run(readOnly: false) { api in
            try api.require(.deleteTimeEntry)
            if case .failure(let refusal) = try await TimeEntryActions.delete(id, api.action) { throw APIProblem.timeRefused(refusal) }
        }
        return .noContent(.init())
    }

    /// Checks a request as the web form is checked, saves it, and answers the entry as stored.
    private static func saveEntry(_ body: Components.Schemas.TimeEntryRequest, id: UUID?, _ api: APIContext) async throws
        -> Components.Schemas.TimeEntry {
        try APIInput.lengths([("day", body.day, 20), ("projectId", body.projectId, 40), ("start", body.start, 20), ("end", body.end, 20),
                              ("description", body.description, 2000)], t: api.t)
        let typed = TimeEntryInput(day: body.day, project: body.projectId, start: body.start ?? "", end: body.end ?? "",
                                   duration: body.durationMinutes.map { "\($0)m" } ?? "", description: body.description ?? "")
        let draft: TimeEntryDraft
        switch TimeEntryRules.read(typed) {
        case .failure(let problems):
            let names = ["day": "day", "project": "projectId", "start": "start", "end": "end", "duration": "durationMinutes",
                         "description": "description"]
            throw APIProblem.invalid(problems.fields.sorted { $0.key < $1.key }.map {
                .init(field: names[$0.key] ?? $0.key, message: api.t($0.value))
            })
        case .success(let read): draft = read
        }
        switch try await TimeEntryActions.save(draft, id: id, api.action) {
        case .failure(let refusal): throw APIProblem.timeRefused(refusal)
        case .success(let saved):
            guard let entry = try await TimeEntryQueries.entry(saved, of: api.user.id, zone: api.tenant.timeZone, on: api.db) else {
                throw APIProblem.notFound
            }
            return .init(entry)
        }
    }

    func listMyProjects(_ input: Operations.ListMyProjects.Input) async throws -> Operations.ListMyProjects.Output {
        let projects = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMyProjects)
            return try await ProjectQueries.open(to: api.user.id, on: api.db)
        }
        return .ok(.init(body: .json(.init(items: projects.map(Components.Schemas.ProjectChoice.init)))))
    }

    func getTimer(_ input: Operations.GetTimer.Input) async throws -> Operations.GetTimer.Output {
        let state = try await APIContext.run(readOnly: true) { api in
            try api.require(.getTimer)
            return Components.Schemas.TimerState(running: try await TimerQueries.running(of: api.user.id, on: api.db)
                .map { Components.Schemas.RunningTimer($0, now: api.now, zone: api.tenant.timeZone) })
        }
        return .ok(.init(body: .json(state)))
    }

    func startTimer(_ input: Operations.StartTimer.Input) async throws -> Operations.StartTimer.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let state = try await APIContext.run(readOnly: false) { api in
            try api.require(.startTimer)
            try APIInput.lengths([("projectId", body.projectId, 40), ("description", body.description, 2000), ("seen", body.seen, 40)],
                                 t: api.t)
            var errors: [Components.Schemas.FieldError] = []
            let project = UUID(uuidString: body.projectId)
            if project == nil { errors.append(.init(field: "projectId", message: api.t("time.error.project"))) }
            let seen = body.seen.flatMap { UUID(uuidString: $0) }
            if body.seen != nil && seen == nil { errors.append(.init(field: "seen", message: api.t("api.field.id"))) }
            let description = TimeEntryRules.cleaned(body.description ?? "")
            if description.storedLength > TimeEntryRules.maxDescription {
                errors.append(.init(field: "description", message: api.t("time.error.description")))
            }
            guard errors.isEmpty, let project else { throw APIProblem.invalid(errors) }
            switch try await TimerActions.start(.init(project: project, description: description, seen: seen), api.action) {
            case .started:
                guard let timer = try await TimerQueries.running(of: api.user.id, on: api.db) else { throw APIProblem.notFound }
                return Components.Schemas.TimerState(running: .init(timer, now: api.now, zone: api.tenant.timeZone))
            case .unchanged: throw APIProblem(.conflict, "timer-changed")
            case .previousNotStopped: throw APIProblem(.conflict, "timer-needs-end")
            case .refused(let refusal): throw APIProblem.timeRefused(refusal)
            }
        }
        return .created(.init(body: .json(state)))
    }

    func stopTimer(_ input: Operations.StopTimer.Input) async throws -> Operations.StopTimer.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let result = try await APIContext.run(readOnly: false) { api in
            try api.require(.stopTimer)
            try APIInput.lengths([("timerId", body.timerId, 40), ("end", body.end, 20)], t: api.t)
            guard let timer = UUID(uuidString: body.timerId) else {
                throw APIProblem.invalid([.init(field: "timerId", message: api.t("api.field.id"))])
            }
            let end: TimerEnd
            if body.discard == true {
                end = .discard
            } else if let text = body.end {
                guard let time = ClockTime(parsing: text) else {
                    throw APIProblem.invalid([.init(field: "end", message: api.t("time.error.end"))])
                }
                end = .at(time)
            } else {
                end = .now
            }
            switch try await TimerActions.stop(.init(timer: timer, end: end), api.action) {
            case .recorded(let id):
                let entry = try await TimeEntryQueries.entry(id, of: api.user.id, zone: api.tenant.timeZone, on: api.db)
                return Components.Schemas.TimerStopResult(outcome: .recorded, entry: entry.map(Components.Schemas.TimeEntry.init))
            case .discarded: return .init(outcome: .discarded)
            case .tooShort: return .init(outcome: .tooShort)
            case .alreadyStopped: return .init(outcome: .alreadyStopped)
            case .needsEnd: throw APIProblem(.conflict, "timer-needs-end")
            case .badEnd: throw APIProblem.invalid([.init(field: "end", message: api.t("timer.error.end"))])
            case .refused(_, let refusal): throw APIProblem.timeRefused(refusal)
            }
        }
        return .ok(.init(body: .json(result)))
    }

    func getPersonMonthTime(_ input: Operations.GetPersonMonthTime.Input) async throws -> Operations.GetPersonMonthTime.Output {
        let id = try APIInput.pathID(input.path.personId)
        let month = try await APIContext.run(readOnly: true) { api in
            try api.require(.getPersonMonthTime)
            let month = try APIInput.month(input.query.month, field: "month", t: api.t) ?? Month(api.today)
            guard let person = try await PeopleQueries.person(id, on: api.db),
                  Permissions.can(api.user, .viewTime, .person(person.subject)) else { throw APIProblem.notFound }
            let entries = try await TimeEntryQueries.entries(of: id, from: month.first, through: month.last,
                                                             zone: api.tenant.timeZone, on: api.db)
            let absences = try await AbsenceQueries.of(id, from: month.first, through: month.last, on: api.db)
            let daysOff = try await DaysOffQueries.between(month.first, month.last, on: api.db)
            var projects: [UUID: (choice: ProjectChoice, seconds: Int)] = [:]
            for entry in entries {
                projects[entry.projectID, default: (ProjectChoice(id: entry.projectID, name: entry.project, client: entry.client,
                                                                  billable: entry.billable), 0)].seconds += entry.seconds
            }
            let state = try await MonthCloseQueries.month(of: id, month, on: api.db)
            return Components.Schemas.MonthTime(
                month: month.iso, personId: id.lowercasedString,
                state: .init(rawValue: state?.status.rawValue ?? "open") ?? .open, totalSeconds: entries.reduce(0) { $0 + $1.seconds },
                expectedSeconds: ExpectedTime.seconds(over: month.days, contracts: person.contracts, daysOff: daysOff,
                                                      absences: absences),
                projects: projects.values.sorted { $0.choice.label < $1.choice.label }.map {
                    .init(project: .init($0.choice), seconds: $0.seconds)
                },
                entries: entries.map(Components.Schemas.TimeEntry.init))
        }
        return .ok(.init(body: .json(month)))
    }
}

extension APIProblem {
    /// 422 for an entry the rules of the database refused (an overlap names the entry in the way).
    static func timeRefused(_ refusal: TimeEntryRefusal) -> APIProblem {
        APIProblem(.unprocessableEntity, "time-refused", detailKey: refusal.message.key, refusal.message.arguments)
    }
}

extension APIContext {
    /// The instant of the call, by the application's clock.
    var now: Date { request.application.settings.clock.now }
}

extension Components.Schemas.ProjectChoice {
    init(_ project: ProjectChoice) {
        self.init(id: project.id.lowercasedString, name: project.name, client: project.client, billable: project.billable)
    }
}

extension Components.Schemas.TimeEntry {
    init(_ entry: TimeEntryRow) {
        self.init(id: entry.id.lowercasedString, day: entry.day.iso, start: entry.start.text, end: entry.end.text,
                  seconds: entry.seconds,
                  project: .init(id: entry.projectID.lowercasedString, name: entry.project, client: entry.client,
                                 billable: entry.billable),
                  description: entry.description)
    }
}

extension Components.Schemas.RunningTimer {
    init(_ timer: RunningTimer, now: Date, zone: String) {
        let needsEnd: NeedsEndPayload? = switch TimerRules.stop(start: timer.startedAt, now: now, zone: zone) {
        case .needsEnd(.overMidnight): .overMidnight
        case .needsEnd(.overTwelveHours): .overTwelveHours
        default: nil
        }
        self.init(id: timer.id.lowercasedString,
                  project: .init(id: timer.projectID.lowercasedString, name: timer.project, client: timer.client, billable: timer.billable),
                  description: timer.description, startedAt: timer.startedAt, needsEnd: needsEnd)
    }
}
