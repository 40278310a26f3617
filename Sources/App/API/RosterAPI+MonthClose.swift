import Foundation

/// The month closed over the API: submitting, deciding, reopening, and the overview.
extension RosterAPI {
    func submitMonth(_ input: Operations.SubmitMonth.Input) async throws -> Operations.SubmitMonth.Output {
        let state = try await APIContext.run(readOnly: false) { api in
            try api.require(.submitMonth)
            let month = try Self.pathMonth(input.path.month, api)
            switch try await MonthClosing.submit(month, api.action) {
            case .future: throw APIProblem.invalid([.init(field: "month", message: api.t("flash.time.error.future"))])
            case .noContract:
                throw APIProblem.invalid([.init(field: "month", message: api.t("flash.time.error.monthWithoutContract"))])
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
            let month = try Self.pathMonth(input.path.month, api)
            let reason = try Self.reason(body.reason, api)
            let decision = MonthClosing.Decision(month: month, person: person, approve: body.decision == .approve, reason: reason)
            switch try await MonthClosing.decide(decision, api.action) {
            case .reasonMissing: throw APIProblem.invalid([.init(field: "reason", message: api.t("flash.time.error.reason"))])
            case .unchanged: throw APIProblem(.conflict, "month-not-submitted")
            default: return try await Self.monthState(month, of: person, api)
            }
        }
        return .ok(.init(body: .json(state)))
    }

    func reopenMonth(_ input: Operations.ReopenMonth.Input) async throws -> Operations.ReopenMonth.Output {
        let person = try APIInput.pathID(input.path.personId)
        guard case .json(let body) = input.body else { throw APIProblem(.unsupportedMediaType, "unsupported-media-type") }
        let state = try await APIContext.run(readOnly: false) { api in
            try api.require(.reopenMonth)
            let month = try Self.pathMonth(input.path.month, api)
            let reason = try Self.reason(body.reason, api)
            switch try await MonthClosing.reopen(month, of: person, reason: reason, api.action) {
            case .reasonMissing: throw APIProblem.invalid([.init(field: "reason", message: api.t("flash.time.error.reason"))])
            default: return try await Self.monthState(month, of: person, api)
            }
        }
        return .ok(.init(body: .json(state)))
    }

    /// A decision's reason by the month's rule (`DecisionReason.parse`), or the field's 422.
    private static func reason(_ text: String?, _ api: APIContext) throws -> String {
        try APIInput.lengths([("reason", text, DecisionReason.maxLength)], t: api.t)
        guard let reason = DecisionReason.parse(text) else {
            throw APIProblem.invalid([.init(field: "reason", message: api.t("api.field.tooLong", String(DecisionReason.maxLength)))])
        }
        return reason
    }

    func listMonthClose(_ input: Operations.ListMonthClose.Input) async throws -> Operations.ListMonthClose.Output {
        let page = try await APIContext.run(readOnly: true) { api in
            try api.require(.listMonthClose)
            let month = try Self.pathMonth(input.path.month, api)
            let reach = Permissions.reach(of: api.user.roles, for: .decideMonths) ?? .own
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
