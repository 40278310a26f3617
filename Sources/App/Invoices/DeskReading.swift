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

    /// How long the second half and the people wait for a connection of their own before the
    /// request's connection reads them after the first half.
    static let secondConnectionWait: Duration = .milliseconds(100)

    /// Reads the desk on three connections at once: the request's transaction (`db`) reads one
    /// half of the rows, a read-only transaction of the same tenant on another connection of
    /// `database` the other half, and a third the people's contracts, rates and time
    /// (`DeskPeople`). A desk of a thousand invoices is some twenty-five milliseconds of
    /// PostgreSQL's time (the flags look up each person's earlier invoices, files and numbers, and
    /// each person's rate is one more lookup), and at month end one admin waits for all of it.
    ///
    /// The halves are two snapshots. Each invoice is in exactly one half (by its id) and carries
    /// its position on the whole desk, so an invoice that changed state in between is shown once
    /// or not at all, never twice, and the order holds. The people are a third snapshot: a row
    /// whose person it did not read has its person read after (`completed`). When no other
    /// connection is free within `secondConnectionWait`, the request's own transaction reads
    /// what it would have read.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection, alongside database: Database)
        async throws -> DeskReading {
        let tenant = db.tenant, second = DeskPart(index: 1, count: 2)
        async let otherHalf = aside(database, tenant: tenant) {
            try await ReviewQueries.desk(month: month, state: state, part: second, on: $0)
        }
        async let people = aside(database, tenant: tenant, oneSnapshot: true) {
            try await DeskPeople.read(month: month, state: state, on: $0)
        }
        var rows = try await ReviewQueries.desk(month: month, state: state, part: DeskPart(index: 0, count: 2), on: db)
        if let other = try await otherHalf {
            rows += other
        } else {
            rows += try await ReviewQueries.desk(month: month, state: state, part: second, on: db)
        }
        rows.sort { $0.position < $1.position }
        return try await completed(rows.map(\.row), people: try await people ?? DeskPeople(), month: month, on: db)
    }

    /// `rows` with `people`, and the people of any row `people` did not read, read in `db`.
    static func completed(_ rows: [DeskRow], people: DeskPeople, month: Month, on db: TenantConnection) async throws
        -> DeskReading {
        var people = people
        let missing = Set(rows.map(\.userID)).subtracting(people.covered)
        if !missing.isEmpty {
            people = people.adding(try await DeskPeople.read(of: Array(missing), month: month, on: db))
        }
        return DeskReading(rows: rows, people: people.people, time: people.time)
    }

    /// `body` in a read-only transaction of `tenant` on another connection of `database`; nil when
    /// none is free within `secondConnectionWait`.
    private static func aside<Result: Sendable>(
        _ database: Database, tenant: UUID, oneSnapshot: Bool = false, _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result? {
        do {
            return try await database.transaction(tenant: tenant, readOnly: true, oneSnapshot: oneSnapshot,
                                                  waitingAtMost: secondConnectionWait, body)
        } catch let unavailable as DatabaseUnavailable where unavailable.cause == .timedOut {
            return nil
        }
    }
}
