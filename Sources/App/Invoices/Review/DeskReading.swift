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

    /// How long each part of the rows waits for a connection of its own before the request's
    /// connection reads it after the people.
    static let secondConnectionWait: Duration = .milliseconds(100)

    /// How many parts the rows are read in at once, each on a connection of its own, beside the
    /// people on the request's connection: one for each core the people leave, at most three. On
    /// two cores that is one part, the whole desk: measured there, two halves beside the people
    /// (three PostgreSQL processes on two cores, each half numbering the whole month to find its
    /// rows) took more of PostgreSQL's time and gave a slower desk than one (docs/PERFORMANCE.md,
    /// "What keeps a page fast").
    static let partCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount - 1, 3))

    /// Reads the desk on several connections at once: the request's transaction (`db`) reads the
    /// people's contracts, rates and time (`DeskPeople`), and read-only transactions of the same
    /// tenant on other connections of `database` read the rows, in `parts` parts. A desk of a
    /// thousand invoices is some fifteen milliseconds of PostgreSQL's time (the flags look up each
    /// person's earlier invoices, files and numbers, and each person's rate is one more lookup),
    /// and at month end one admin waits for all of it.
    ///
    /// Each part is a snapshot. Each invoice is in exactly one part (by its id) and carries its
    /// position on the whole desk, so an invoice that changed state in between is shown once or
    /// not at all, never twice, and the order holds. The people are a snapshot of their own: a row
    /// whose person it did not read has its person read after (`completed`). When no other
    /// connection is free within `secondConnectionWait`, the request's own transaction reads that
    /// part after the people.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection, alongside database: Database,
                     parts count: Int = partCount) async throws -> DeskReading {
        let count = max(count, 1), tenant = db.tenant
        let parts = (0..<count).map { DeskPart(index: $0, count: count) }
        async let aside = withThrowingTaskGroup(of: (Int, [(position: Int, row: DeskRow)]?).self) { group in
            for part in parts {
                group.addTask {
                    (part.index, try await Self.aside(database, tenant: tenant) {
                        try await ReviewQueries.desk(month: month, state: state, part: part, on: $0)
                    })
                }
            }
            var read = [[(position: Int, row: DeskRow)]?](repeating: nil, count: parts.count)
            for try await (index, rows) in group { read[index] = rows }
            return read
        }
        let people = try await DeskPeople.read(month: month, state: state, on: db)
        var rows: [(position: Int, row: DeskRow)] = []
        for (part, read) in zip(parts, try await aside) {
            if let read {
                rows += read
            } else {
                rows += try await ReviewQueries.desk(month: month, state: state, part: part, on: db)
            }
        }
        rows.sort { $0.position < $1.position }
        return try await completed(rows.map(\.row), people: people, month: month, on: db)
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
        _ database: Database, tenant: UUID, _ body: (TenantConnection) async throws -> Result
    ) async throws -> Result? {
        do {
            return try await database.transaction(tenant: tenant, readOnly: true, waitingAtMost: secondConnectionWait, body)
        } catch let unavailable as DatabaseUnavailable where unavailable.cause == .timedOut {
            return nil
        }
    }
}
