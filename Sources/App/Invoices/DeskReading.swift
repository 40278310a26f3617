import Foundation
import PostgresNIO

/// Which part of a desk a statement reads: the invoices whose id's last byte leaves `index` when
/// divided by `count` (`ReviewQueries.desk(month:state:only:part:on:)`).
struct DeskPart: Sendable, Equatable {
    let index: Int
    let count: Int

    static let whole = DeskPart(index: 0, count: 1)
}

/// What the desk (the page and the API) shows of one month's invoices in one state, as read: the
/// invoices in the desk's order, and what their expected amounts need — the people's contracts and
/// rates, and what their time says.
struct DeskReading: Sendable {
    var rows: [DeskRow]
    var people: [UUID: (contracts: [Contract], rates: [Rate])]
    var time: TimeBases

    /// A row's line on the desk (its expected amount, difference and flags) as `viewer` sees it.
    func line(_ row: DeskRow, viewer: UUID) -> ReviewLine {
        ReviewRules.line(row, contracts: people[row.userID]?.contracts ?? [], rates: people[row.userID]?.rates ?? [],
                         viewer: viewer, time: time.basis(of: row.userID, in: row.month), toleranceBP: time.toleranceBP)
    }

    /// How long the second half waits for a connection of its own before the request's connection
    /// reads it after the first.
    static let secondConnectionWait: Duration = .milliseconds(100)

    /// Reads the desk in two halves at once: the request's transaction (`db`) reads one, a
    /// read-only transaction of the same tenant on another connection of `database` the other.
    /// A desk of a thousand invoices is some twenty milliseconds of PostgreSQL's time, row by row
    /// (the flags look up each person's earlier invoices, files and numbers), and at month end one
    /// admin waits for all of it; two server processes read it in about half the time.
    ///
    /// The halves are two snapshots. Each invoice is in exactly one half (by its id) and carries
    /// its position on the whole desk, so an invoice that changed state in between is shown once
    /// or not at all, never twice, and the order holds. When no second connection is free within
    /// `secondConnectionWait`, the request's own transaction reads the second half too.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection, alongside database: Database)
        async throws -> DeskReading {
        let first = DeskPart(index: 0, count: 2), second = DeskPart(index: 1, count: 2)
        async let elsewhere: PartReading? = {
            do {
                return try await database.transaction(tenant: db.tenant, readOnly: true, waitingAtMost: secondConnectionWait) {
                    try await part(second, month: month, state: state, on: $0)
                }
            } catch let unavailable as DatabaseUnavailable where unavailable.cause == .timedOut {
                return nil
            }
        }()
        let mine = try await part(first, month: month, state: state, on: db)
        let other: PartReading
        if let read = try await elsewhere {
            other = read
        } else {
            other = try await part(second, month: month, state: state, on: db)
        }
        return merged([mine, other])
    }

    /// One part's rows with their positions, and their people's contracts, rates and time.
    struct PartReading: Sendable {
        var rows: [(position: Int, row: DeskRow)]
        var people: [UUID: (contracts: [Contract], rates: [Rate])]
        /// Nil when the part has no rows (nothing of the time was read).
        var time: TimeBases?
    }

    static func part(_ part: DeskPart, month: Month, state: InvoiceState, on db: TenantConnection) async throws -> PartReading {
        let rows = try await ReviewQueries.desk(month: month, state: state, part: part, on: db)
        let users = Array(Set(rows.map(\.row.userID)))
        guard !users.isEmpty else { return PartReading(rows: [], people: [:], time: nil) }
        let people = try await ReviewQueries.contractsAndRates(of: users, in: month, on: db)
        let time = try await TimeBasisQueries.bases(of: users, from: month.first, through: month.last, on: db)
        return PartReading(rows: rows, people: people, time: time)
    }

    /// The parts as one desk, in the order of the rows' positions.
    static func merged(_ parts: [PartReading]) -> DeskReading {
        let times = parts.compactMap(\.time)
        var reading = DeskReading(rows: [], people: [:], time: times.first ?? TimeBases())
        for time in times.dropFirst() { reading.time.add(time) }
        for part in parts { reading.people.merge(part.people) { mine, _ in mine } }
        reading.rows = parts.flatMap(\.rows).sorted { $0.position < $1.position }.map(\.row)
        return reading
    }
}
