import Foundation
import PostgresNIO

/// What the expected amounts of a desk need of its people: their contracts and rates, and what
/// their time says, in one statement (so in one snapshot) whose rows are the rows of
/// `ReviewQueries.contractsAndRatesSQL` and of `TimeBasisQueries.sql` side by side. `DeskReading`
/// reads it on the request's connection while the desk's rows are read on another (or several): the
/// statement finds the people itself (everyone with an invoice of the month in the desk's
/// state), so it need not wait for the rows.
struct DeskPeople: Sendable {
    var people: [UUID: (contracts: [Contract], rates: [Rate])] = [:]
    var time = TimeBases()
    /// Whose contracts, rates and time were read. A row whose person is not among them (an
    /// invoice that came to the state after this statement's snapshot) has its person read
    /// after, by id (`DeskReading.completed`, with `adding(_:)`).
    var covered: Set<UUID> = []

    /// Everyone with an invoice of `month` in `state`.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection) async throws -> DeskPeople {
        let first = month.first, last = month.last
        return try await people(in: month, from: try await db.rows {
            Statement(tenant: $0, state: state, first: first.iso, last: last.iso)
        })
    }

    /// These people, by their ids, in `month`.
    static func read(of users: [UUID], month: Month, on db: TenantConnection) async throws -> DeskPeople {
        guard !users.isEmpty else { return DeskPeople() }
        let first = month.first, last = month.last
        return try await people(in: month, from: try await db.rows {
            ByIDsStatement(tenant: $0, users: users, first: first.iso, last: last.iso)
        })
    }

    /// The people of the rows of `sql(people:)`: the contracts and rates decoded beside the time.
    private static func people(in month: Month, from rows: [PostgresRow]) async throws -> DeskPeople {
        var money: [PostgresRow] = [], time: [PostgresRow] = []
        money.reserveCapacity(rows.count)
        for row in rows {
            var c = CellCursor(row)
            if try c.next(Bool.self) { time.append(row) } else { money.append(row) }
        }
        async let people = ReviewQueries.contractsAndRates(from: money, column: 1)
        let bases = try TimeBasisQueries.bases(from: time, first: month.first, last: month.last, column: timeColumn)
        let read = try await people
        return DeskPeople(people: read, time: bases, covered: Set(read.keys))
    }

    /// These and `other`'s people: `other` read the people these did not, later. The company's
    /// days off and tolerance are `other`'s, so they are there even when these are none.
    func adding(_ other: DeskPeople) -> DeskPeople {
        var both = self
        both.people.merge(other.people) { _, theirs in theirs }
        both.time.add(other.time)
        both.time.daysOff = other.time.daysOff
        both.time.toleranceBP = other.time.toleranceBP
        both.covered.formUnion(other.covered)
        return both
    }

    /// Where the columns of `TimeBasisQueries.sql` begin: after the flag that tells a row of time
    /// from a row of contracts and rates, and the nine columns of `ReviewQueries.contractsAndRatesSQL`.
    static let timeColumn = 10

    /// The contracts, rates and time of `people` for the days `$3` to `$4`, one statement: a row
    /// is a row of `ReviewQueries.contractsAndRatesSQL` (first column false) or one of
    /// `TimeBasisQueries.sql` (true), the other statement's columns NULL. Each names its columns,
    /// so their types travel through the `UNION ALL`.
    static func sql(people: StatementPeople) -> String {
        """
        WITH \(people.materialized.map { "\($0),\n" } ?? "")\
        cr (user_id, is_contract, id, kind, from_day, to_day, tenths, amount, currency) AS (
        \(ReviewQueries.contractsAndRatesSQL(people: people))),
        tb (tag, user_id, from_day, to_day, number, kind, half_day, day_seconds) AS (
        \(TimeBasisQueries.sql(people: people)))
        SELECT false, cr.*, NULL::text, NULL::uuid, NULL::text, NULL::text, NULL::bigint, NULL::text, NULL::boolean, NULL::int4[]
        FROM cr
        UNION ALL
        SELECT true, NULL::uuid, NULL::boolean, NULL::uuid, NULL::text, NULL::text, NULL::text, NULL::int, NULL::bigint, NULL::text, tb.*
        FROM tb
        """
    }

    /// `sql(people:)` for the month's invoices in a state, prepared.
    struct Statement: RowsStatement {
        static let name = "roster_desk_people"
        static let sql = DeskPeople.sql(people: .invoicesOfMonthInState)
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .text, .text, .text]

        let tenant: UUID, state: InvoiceState, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, state.rawValue, first, last) }
    }

    /// `sql(people:)` for people by their ids, prepared.
    struct ByIDsStatement: RowsStatement {
        static let name = "roster_desk_people_by_ids"
        static let sql = DeskPeople.sql(people: .array)
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuidArray, .text, .text]

        let tenant: UUID, users: [UUID], first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, users, first, last) }
    }
}

/// Whom a statement of people's contracts, rates or time reads (`ReviewQueries.contractsAndRatesSQL`,
/// `TimeBasisQueries.sql`): the people of an array (`$2`), or everyone with an invoice of a month
/// (`$3`, its first day) in a state (`$2`), found by the statement itself (`DeskPeople`).
enum StatementPeople {
    case array, invoicesOfMonthInState

    /// The people's own common table expression, `p` (for the month's invoices); nil for an array.
    var materialized: String? {
        switch self {
        case .array: nil
        case .invoicesOfMonthInState: """
            p AS MATERIALIZED (
                SELECT DISTINCT i.user_id AS id FROM invoices i
                WHERE i.tenant_id = $1 AND i.month = $3::date AND i.state = $2::invoice_state)
            """
        }
    }

    /// The condition that `column` is one of the people.
    func has(_ column: String) -> String {
        switch self {
        case .array: "\(column) = ANY($2::uuid[])"
        case .invoicesOfMonthInState: "\(column) IN (SELECT p.id FROM p)"
        }
    }

    /// The people as a table `p` with one column, `id`.
    var table: String {
        switch self {
        case .array: "unnest($2::uuid[]) AS p(id)"
        case .invoicesOfMonthInState: "p"
        }
    }
}

