import Foundation

/// The use cases of one's own time entries: saving one (new, or changed) and deleting one. The
/// timesheet's forms and the API's operations both call these with input read by the same rule
/// (`TimeEntryRules.read`); the SQL and the refusals of the database's rules (an overlap, a closed
/// month, a project not open to the person) are `TimeEntryQueries`'.
enum TimeEntryActions {
    /// Saves an entry of the actor's own (`id` nil: a new one): its id, or why the rules refuse
    /// it. An id of no entry of the actor's (someone else's, another company's) is a 404.
    static func save(_ draft: TimeEntryDraft, id: UUID?, _ c: ActionContext) async throws -> Result<UUID, TimeEntryRefusal> {
        try c.require(.trackTime, .oneself)
        guard let saved = try await TimeEntryQueries.save(draft, id: id, for: c.actor.id, zone: c.tenant.timeZone, on: c.db)
        else { throw ActionRefusal.notFound }
        return saved
    }

    /// Deletes an entry of the actor's own; `monthClosed` when its month is submitted or approved.
    /// An id of no entry of the actor's is a 404.
    static func delete(_ id: UUID, _ c: ActionContext) async throws -> Result<Void, TimeEntryRefusal> {
        try c.require(.trackTime, .oneself)
        guard let deleted = try await TimeEntryQueries.delete(id, of: c.actor.id, on: c.db) else { throw ActionRefusal.notFound }
        return deleted
    }
}
