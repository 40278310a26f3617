import Foundation

/// The use cases of a person's rates (admins, `manageRates`): setting a new one, correcting a
/// future one or fixing a typo in one that has taken effect (`RateRules.edit`), and deleting one
/// that has not taken effect. The person is told by mail (`RateMutations`). The web's forms and the
/// API's operations both call these with an amount and a day read by their own rules.
enum RateActions {
    /// Why a rate was not set or changed.
    enum Refusal: Error, Equatable, Sendable {
        /// Another rate of the person takes effect on that day.
        case sameDay
        /// The change touches the rates in effect without the admin saying it fixes a typo.
        case needsTypoFix
    }

    /// Sets a new rate of `person` from `day`; its id. 404 for no one here.
    static func set(_ amountMinor: Int64, from day: LocalDate, for person: UUID, _ c: ActionContext) async throws -> Result<UUID, Refusal> {
        try c.require(.manageRates)
        guard try await PeopleQueries.person(person, on: c.db) != nil else { throw ActionRefusal.notFound }
        do {
            return .success(try await RateMutations.add(amountMinor: amountMinor, currency: c.tenant.currency, from: day, for: person,
                                                        actor: c.actor.id, notifying: c.site, on: c.db))
        } catch RateMutations.Refusal.sameDay {
            return .failure(.sameDay)
        }
    }

    /// Changes one of `person`'s rates to `amountMinor` from `day`: a correction of a future rate,
    /// or a typo fix when `typoFix` says so (what it was, for the answer). 404 for a rate that is
    /// not the person's, or no one here.
    static func change(
        _ rate: UUID, of person: UUID, to amountMinor: Int64, from day: LocalDate, typoFix: Bool, _ c: ActionContext
    ) async throws -> Result<RateRules.Edit, Refusal> {
        try c.require(.manageRates)
        guard let found = try await RateQueries.rate(rate, of: person, on: c.db) else { throw ActionRefusal.notFound }
        let edit = RateRules.edit(found, toDay: day, today: c.today, typoFix: typoFix)
        guard edit != .refusedNeedsTypoFix else { return .failure(.needsTypoFix) }
        do {
            try await RateMutations.change(found, to: amountMinor, from: day, typoFix: edit == .typoFix, for: person, actor: c.actor.id,
                                           notifying: c.site, on: c.db)
            return .success(edit)
        } catch RateMutations.Refusal.sameDay {
            return .failure(.sameDay)
        }
    }

    /// Deletes one of `person`'s rates that has not taken effect; false when it has (or is gone)
    /// meanwhile. 404 for a rate that is not the person's.
    static func delete(_ rate: UUID, of person: UUID, _ c: ActionContext) async throws -> Bool {
        try c.require(.manageRates)
        guard let found = try await RateQueries.rate(rate, of: person, on: c.db) else { throw ActionRefusal.notFound }
        do {
            try await RateMutations.deleteFuture(found, today: c.today, for: person, actor: c.actor.id, notifying: c.site, on: c.db)
            return true
        } catch RateMutations.Refusal.notDeletable {
            return false
        }
    }
}
