import Foundation
import NIOConcurrencyHelpers

/// How many large bodies (uploads) are read at once, and by whom: the rest are turned away at
/// once (503 with `Retry-After`) rather than each holding its file in memory while it waits.
///
/// The places are fair. Invoices and bank statements have a lane each, so an import never waits
/// behind invoice uploads; in a lane a person holds at most one place and a company at most half
/// of them (at least one), so no person or company can take every place from the others. A body
/// that arrives slower than the minimum rate is cut (`BodyCollector`), which frees its place at
/// once.
final class UploadGate: Sendable {
    enum Lane: Sendable, CaseIterable {
        case invoices, statements
    }

    /// Why a place was not given.
    enum Refusal: Error, Equatable {
        /// Every place of the lane is taken.
        case full
        /// This person is sending another file of the lane right now.
        case ownUploadUnderWay
        /// The person's company holds its share of the lane.
        case companyShareTaken
    }

    /// Who holds a place.
    struct Holder: Hashable, Sendable {
        let person: UUID
        let company: UUID
    }

    private struct State {
        var total: [Lane: Int] = [:]
        var byPerson: [Lane: [UUID: Int]] = [:]
        var byCompany: [Lane: [UUID: Int]] = [:]
    }

    /// The places of each lane: `limit` for invoices, half of it (at least two) for statements.
    let limits: [Lane: Int]
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        let invoices = max(1, limit)
        limits = [.invoices: invoices, .statements: max(2, invoices / 2)]
    }

    /// The most places one company holds in `lane`.
    func companyShare(of lane: Lane) -> Int { max(1, (limits[lane] ?? 1) / 2) }

    /// Takes a place in `lane` for `holder`; nil when it was given, else why not.
    func enter(_ lane: Lane, _ holder: Holder) -> Refusal? {
        let share = companyShare(of: lane), limit = limits[lane] ?? 1
        return state.withLockedValue { state in
            let total = state.total[lane, default: 0]
            let own = state.byPerson[lane]?[holder.person] ?? 0, company = state.byCompany[lane]?[holder.company] ?? 0
            if own > 0 { return .ownUploadUnderWay }
            if company >= share { return .companyShareTaken }
            if total >= limit { return .full }
            state.total[lane] = total + 1
            state.byPerson[lane, default: [:]][holder.person] = own + 1
            state.byCompany[lane, default: [:]][holder.company] = company + 1
            return nil
        }
    }

    /// Gives back the place `holder` took in `lane`.
    func leave(_ lane: Lane, _ holder: Holder) {
        state.withLockedValue { state in
            state.total[lane, default: 1] -= 1
            func drop(_ counts: inout [UUID: Int], _ key: UUID) {
                let left = counts[key, default: 1] - 1
                counts[key] = left > 0 ? left : nil
            }
            drop(&state.byPerson[lane, default: [:]], holder.person)
            drop(&state.byCompany[lane, default: [:]], holder.company)
        }
    }

    /// The places taken in all lanes.
    var current: Int { state.withLockedValue { $0.total.values.reduce(0, +) } }
}
