import Foundation

/// The month closed over the API: submitting, deciding, reopening, and the overview.
extension RosterAPI {
    func submitMonth(_ input: Operations.SubmitMonth.Input) async throws -> Operations.SubmitMonth.Output {
        let state = try await APIContext.run(readOnly: false) { api in
            try api.require(.submitMonth)
            let month = try Self.pathMonth(input.path.month, api)
            switch try await MonthCloseQueries.submit(month, by: api.user, today: api.today, site: api.mailSite, on: api.db) {
            case .future: throw APIProblem.invalid([.init(field: "month", message: api.t("flash.time.error.future"))])
            default: return try await Self.monthState(month, of: api.user.id, api)
            }
        }
        return .ok(.init(body: .json(state)))
    }

    func decideMonth(_ input: Operations.DecideMonth.Input) async throws -> Operations.DecideMonth.Output {
        let person = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let state = try await APIContext.run(readOnly: false) { api in
            try api.require(.decideMonth)
            try APIInput.lengths([("reason", body.reason, 2000)], t: api.t)
            let month = try Self.pathMonth(input.path.month, api)
            let approve = body.decision == .approve
            guard let reason = AbsenceRules.reason(body.reason) else {
                throw APIProblem.invalid([.init(field: "reason", message: api.t("absence.error.note"))])
            }
            switch try await MonthCloseQueries.decide(month, of: person, approve: approve, reason: approve ? nil : reason, by: api.user,
                                                      site: api.mailSite, on: api.db) {
            case nil: throw APIProblem.notFound
            case .reasonMissing?: throw APIProblem.invalid([.init(field: "reason", message: api.t("flash.time.error.reason"))])
            case .unchanged?: throw APIProblem(.conflict, "month-not-submitted")
            default:
                if approve {
                    try await WorkStatementIssuer.issue(for: person, month: month, by: api.user.id, tenant: api.tenant, on: api.db,
                                                        app: api.request.application)
                }
                return try await Self.monthState(month, of: person, api)
            }
        }
        return .ok(.init(body: .json(state)))
    }

    func reopenMonth(_ input: Operations.ReopenMonth.Input) async throws -> Operations.ReopenMonth.Output {
        let person = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let state = try await APIContext.run(readOnly: false) { api in
            try api.require(.reopenMonth)
            try APIInput.lengths([("reason", body.reason, 2000)], t: api.t)
            let month = try Self.pathMonth(input.path.month, api)
            guard let reason = AbsenceRules.reason(body.reason) else {
                throw APIProblem.invalid([.init(field: "reason", message: api.t("absence.error.note"))])
            }
            switch try await MonthCloseQueries.reopen(month, of: person, reason: reason, by: api.user, site: api.mailSite, on: api.db) {
            case nil: throw APIProblem.notFound
            case .reasonMissing?: throw APIProblem.invalid([.init(field: "reason", message: api.t("flash.time.error.reason"))])
            default: return try await Self.monthState(month, of: person, api)
            }
        }
        return .ok(.init(body: .json(state)))
    }

    func listMonthClose(_ input: Operations.ListMonthClose.Input) async throws -> Operations.ListMonthClose.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMonthClose)
            let month = try Self.pathMonth(input.path.month, api)
            let reach = Permissions.reach(of: api.user.roles, for: .decideAbsences) ?? .own
            let rows = try await MonthCloseQueries.overview(visibleTo: api.user.id, reach: reach, month: month, on: api.db)
            return Operations.ListMonthClose.Output.Ok.Body.JsonPayload(month: month.iso, items: rows.map {
                .init(personId: $0.id.lowercasedString, name: $0.name, seconds: $0.seconds,
                      state: .init(rawValue: $0.status?.rawValue ?? "open") ?? .open)
            })
        }
        return .ok(.init(body: .json(page)))
    }

    static func pathMonth(_ text: String, _ api: APIContext) throws -> Month {
        guard let month = try APIInput.month(text, field: "month", t: api.t) else {
            throw APIProblem.invalid([.init(field: "month", message: api.t("api.field.month"))])
        }
        return month
    }

    static func monthState(_ month: Month, of person: UUID, _ api: APIContext) async throws -> Components.Schemas.TimeMonthState {
        let state = try await MonthCloseQueries.month(of: person, month, on: api.db)
        return .init(month: month.iso, personId: person.lowercasedString,
                     state: .init(rawValue: state?.status.rawValue ?? "open") ?? .open, decidedBy: state?.decidedBy, reason: state?.reason)
    }
}
