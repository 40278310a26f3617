import Foundation

/// The use cases of absences: asking for time off, withdrawing a waiting request, and a leader's
/// or an admin's decision. The web's forms and the API's operations both call these with input
/// read by the same rules (`AbsenceRules.read`, `DecisionReason`); the SQL, the audit entry and the
/// mails to the deciders or the person are `AbsenceQueries`'.
enum AbsenceActions {
    /// Asks for the actor's own time off: its id, or why it cannot be (no contract on its first
    /// day, a closed month, an overlap with another request).
    static func request(_ draft: AbsenceDraft, _ c: ActionContext) async throws -> Result<UUID, AbsenceRefusal> {
        try c.require(.requestAbsence, .oneself)
        return try await AbsenceQueries.request(draft, for: c.actor, site: c.site, on: c.db)
    }

    /// Withdraws one of the actor's own requests while it waits; `notPending` when it was decided
    /// meanwhile (or its month closed). Someone else's, or none, is a 404.
    static func withdraw(_ id: UUID, _ c: ActionContext) async throws -> Result<Void, AbsenceRefusal> {
        try c.require(.requestAbsence, .oneself)
        if try await AbsenceQueries.withdraw(id, by: c.actor, site: c.site, on: c.db) { return .success(()) }
        guard let found = try await AbsenceQueries.absence(id, on: c.db), found.absence.userID == c.actor.id
        else { throw ActionRefusal.notFound }
        return .failure(.notPending)
    }

    /// Approves or declines (with its reason, `DecisionReason.parse`) a waiting request of someone
    /// the actor decides for (`AbsenceRules.decides`: their team's leader or an admin, never the
    /// person). 403 for someone who decides no one's absences; 404 for a request out of reach.
    static func decide(_ id: UUID, approve: Bool, reason: String, _ c: ActionContext) async throws -> Result<Void, AbsenceRefusal> {
        guard c.actor.active, Permissions.reach(of: c.actor.roles, for: .decideAbsences) != nil else { throw ActionRefusal.forbidden }
        guard let outcome = try await AbsenceQueries.decide(id, approve: approve, reason: approve ? nil : reason, by: c.actor,
                                                            site: c.site, on: c.db)
        else { throw ActionRefusal.notFound }
        return outcome
    }
}
