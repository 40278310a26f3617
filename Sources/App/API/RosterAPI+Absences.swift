import Foundation

/// Absences and the company's days off: the web's absence pages as JSON.
extension RosterAPI {
    func listMyAbsences(_ input: Operations.ListMyAbsences.Input) async throws -> Operations.ListMyAbsences.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMyAbsences)
            let year = input.query.year ?? api.today.year
            guard LocalDate.inputYears.contains(year) else {
                throw APIProblem.invalid([.init(field: "year", message: api.t("api.field.year"))])
            }
            let start = LocalDate(year: year, month: 1, day: 1)!, end = LocalDate(year: year + 1, month: 12, day: 31)!
            let absences = try await AbsenceQueries.of(api.user.id, from: start, through: end, on: api.db)
            let daysOff = try await DaysOffQueries.between(start, end, on: api.db)
            let balance = VacationBalance.of(
                year: year, contracts: try await PeopleQueries.contracts(of: api.user.id, on: api.db), absences: absences, daysOff: daysOff)
            let name = api.user.lastName + " " + api.user.firstName
            return Components.Schemas.MyAbsences(
                balance: balance.map {
                    .init(year: year, entitlementDays: Double($0.entitlement) / 2, takenDays: Double($0.taken) / 2,
                          pendingDays: Double($0.pending) / 2, remainingDays: Double($0.remaining) / 2)
                },
                items: absences.map { .init($0, person: name, daysOff: daysOff) })
        }
        return .ok(.init(body: .json(page)))
    }

    func requestAbsence(_ input: Operations.RequestAbsence.Input) async throws -> Operations.RequestAbsence.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let absence = try await APIContext.run(readOnly: false) { api in
            try api.require(.requestAbsence)
            try APIInput.lengths([("kind", body.kind, 20), ("firstDay", body.firstDay, 20), ("lastDay", body.lastDay, 20),
                                  ("note", body.note, 2000)], t: api.t)
            let typed = AbsenceInput(kind: body.kind, first: body.firstDay, last: body.lastDay ?? "", halfDay: body.halfDay ?? false,
                                     note: body.note ?? "")
            let draft: AbsenceDraft
            switch AbsenceRules.read(typed) {
            case .failure(let problems):
                let names = ["kind": "kind", "first": "firstDay", "last": "lastDay", "note": "note"]
                throw APIProblem.invalid(problems.fields.sorted { $0.key < $1.key }.map {
                    .init(field: names[$0.key] ?? $0.key, message: api.t($0.value))
                })
            case .success(let read): draft = read
            }
            switch try await AbsenceActions.request(draft, api.action) {
            case .failure(let refusal): throw APIProblem.absenceRefused(refusal)
            case .success(let id): return try await Self.absence(id, api)
            }
        }
        return .created(.init(body: .json(absence)))
    }

    func withdrawAbsence(_ input: Operations.WithdrawAbsence.Input) async throws -> Operations.WithdrawAbsence.Output {
        let id = try APIInput.pathID(input.path.absenceId)
        let absence = try await APIContext.run(readOnly: false) { api in
            try api.require(.withdrawAbsence)
            if case .failure(let refusal) = try await AbsenceActions.withdraw(id, api.action) { throw APIProblem.absenceRefused(refusal) }
            return try await Self.absence(id, api)
        }
        return .ok(.init(body: .json(absence)))
    }

    func listTeamAbsences(_ input: Operations.ListTeamAbsences.Input) async throws -> Operations.ListTeamAbsences.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listTeamAbsences)
            let month = try APIInput.month(input.query.month, field: "month", t: api.t) ?? Month(api.today)
            let reach = Permissions.reach(of: api.user.roles, for: .viewAbsences) ?? .own
            let daysOff = try await DaysOffQueries.between(month.first.adding(days: -400), month.last.adding(days: 400), on: api.db)
            var team: UUID?
            if let text = input.query.team {
                guard let id = UUID(uuidString: String(text.prefix(40))) else {
                    throw APIProblem.invalid([.init(field: "team", message: api.t("api.field.id"))])
                }
                team = id
            }
            let people = try await AbsenceQueries.people(visibleTo: api.user.id, reach: reach, team: team, on: api.db)
            let absences = try await AbsenceQueries.visible(to: api.user.id, reach: reach, team: team, from: month.first,
                                                            through: month.last, on: api.db)
            let waiting = try await AbsenceQueries.waiting(for: api.user, on: api.db)
            return Components.Schemas.TeamAbsences(
                month: month.iso, people: people.map { .init(id: $0.id.lowercasedString, name: $0.name) },
                absences: absences.map { .init($0.absence, person: $0.name, daysOff: daysOff) },
                waiting: waiting.map { .init($0.absence, person: $0.name, daysOff: daysOff) })
        }
        return .ok(.init(body: .json(page)))
    }

    func decideAbsence(_ input: Operations.DecideAbsence.Input) async throws -> Operations.DecideAbsence.Output {
        let id = try APIInput.pathID(input.path.absenceId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let absence = try await APIContext.run(readOnly: false) { api in
            try api.require(.decideAbsence)
            try APIInput.lengths([("reason", body.reason, DecisionReason.maxLength)], t: api.t)
            let approve = body.decision == .approve
            let reason = DecisionReason.parse(body.reason)
            if !approve && reason == nil {
                throw APIProblem.invalid([.init(field: "reason", message: api.t("absence.error.note"))])
            }
            switch try await AbsenceActions.decide(id, approve: approve, reason: reason ?? "", api.action) {
            case .failure(.reasonMissing):
                throw APIProblem.invalid([.init(field: "reason", message: api.t("absence.error.reason"))])
            case .failure(let refusal): throw APIProblem.absenceRefused(refusal)
            case .success: return try await Self.absence(id, api)
            }
        }
        return .ok(.init(body: .json(absence)))
    }

    func listDaysOff(_ input: Operations.ListDaysOff.Input) async throws -> Operations.ListDaysOff.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listDaysOff)
            let year = input.query.year ?? api.today.year
            guard LocalDate.inputYears.contains(year) else {
                throw APIProblem.invalid([.init(field: "year", message: api.t("api.field.year"))])
            }
            let daysOff = try await DaysOffQueries.between(LocalDate(year: year, month: 1, day: 1)!,
                                                           LocalDate(year: year, month: 12, day: 31)!, on: api.db)
            let items: [Components.Schemas.DayOff] =
                CzechHolidays.dates(in: year).map { .init(day: $0.iso, name: api.t("time.holiday"), kind: .publicHoliday) }
                + daysOff.company.map { .init(day: $0.key.iso, name: $0.value, kind: .company) }
            return Components.Schemas.DaysOff(year: year, items: items.sorted { $0.day < $1.day })
        }
        return .ok(.init(body: .json(page)))
    }

    func setDayOff(_ input: Operations.SetDayOff.Input) async throws -> Operations.SetDayOff.Output {
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let day = try await APIContext.run(readOnly: false) { api in
            try api.require(.setDayOff)
            try APIInput.lengths([("name", body.name, 400)], t: api.t)
            guard let day = LocalDate(input: input.path.day) else {
                throw APIProblem.invalid([.init(field: "day", message: api.t("time.error.day"))])
            }
            guard let name = ShortName.parse(body.name) else {
                throw APIProblem.invalid([.init(field: "name", message: api.t("projects.error.name"))])
            }
            guard try await DaysOffActions.save(.init(day: day, name: name), api.action) == .saved else {
                throw APIProblem.invalid([.init(field: "day", message: api.t("daysOff.error.notWorking"))])
            }
            return Components.Schemas.DayOff(day: day.iso, name: name, kind: .company)
        }
        return .ok(.init(body: .json(day)))
    }

    func deleteDayOff(_ input: Operations.DeleteDayOff.Input) async throws -> Operations.DeleteDayOff.Output {
        try await APIContext.run(readOnly: false) { api in
            try api.require(.deleteDayOff)
            guard let day = LocalDate(iso: String(input.path.day.prefix(20))) else { throw APIProblem.notFound }
            try await DaysOffActions.delete(day, api.action)
        }
        return .noContent(.init())
    }

    /// One absence as the API shows it, with its working days.
    private static func absence(_ id: UUID, _ api: APIContext) async throws -> Components.Schemas.Absence {
        guard let found = try await AbsenceQueries.absence(id, on: api.db) else { throw APIProblem.notFound }
        let daysOff = try await DaysOffQueries.between(found.absence.first, found.absence.last, on: api.db)
        return .init(found.absence, person: found.name, daysOff: daysOff)
    }
}

extension APIProblem {
    /// 422 for a request refused (an overlap, no contract), 409 for a request decided in the meantime.
    static func absenceRefused(_ refusal: AbsenceRefusal) -> APIProblem {
        if refusal == .notPending { return APIProblem(.conflict, "absence-not-pending") }
        return APIProblem(.unprocessableEntity, "absence-refused", detailKey: refusal.message.key, refusal.message.arguments)
    }
}

extension Components.Schemas.Absence {
    init(_ absence: Absence, person: String, daysOff: DaysOff) {
        let halves = AbsenceRules.halfDays(of: (absence.first, absence.last, absence.halfDay), daysOff: daysOff)
        self.init(id: absence.id.lowercasedString, personId: absence.userID.lowercasedString, person: person,
                  kind: .init(rawValue: absence.kind.rawValue) ?? .other, firstDay: absence.first.iso, lastDay: absence.last.iso,
                  halfDay: absence.halfDay, note: absence.note, status: .init(rawValue: absence.status.rawValue) ?? .pending,
                  workingDays: Double(halves) / 2, decidedBy: absence.decidedBy, reason: absence.reason)
    }
}
