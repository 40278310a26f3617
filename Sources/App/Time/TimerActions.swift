import Foundation

/// The use cases of one's own timer: starting one (stopping the one the page showed running)
/// and stopping it. The timesheet's forms and the API's operations both read their input and map
/// the outcome; the rules of the running timer and its entry are `TimerQueries`' and
/// `TimerRules`', at the instant of the application's clock.
enum TimerActions {
    /// A start as read: a project's id, the description (`TimeEntryRules.cleaned`, at most
    /// `TimeEntryRules.maxDescription`), and the timer the page showed running (nil: none).
    struct Start: Sendable, Equatable {
        let project: UUID
        let description: String
        let seen: UUID?
    }

    /// A stop as read: the timer the page showed running, and how it ends.
    struct Stop: Sendable, Equatable {
        let timer: UUID
        let end: TimerEnd
    }

    static func start(_ start: Start, _ c: ActionContext) async throws -> TimerStartOutcome {
        try c.require(.trackTime, .oneself)
        return try await TimerQueries.start(project: start.project, description: start.description, seen: start.seen, for: c.actor.id,
                                            now: c.app.settings.clock.now, zone: c.tenant.timeZone, on: c.db)
    }

    static func stop(_ stop: Stop, _ c: ActionContext) async throws -> TimerStopOutcome {
        try c.require(.trackTime, .oneself)
        return try await TimerQueries.stop(stop.timer, end: stop.end, for: c.actor.id, now: c.app.settings.clock.now,
                                           zone: c.tenant.timeZone, on: c.db)
    }
}
