import Foundation
import PostgresNIO

/// What the expected amounts of a desk need of its people: their contracts and rates, and what
/// their time says. `DeskReading` reads it on a connection of its own while the desk's two halves
/// are read on two others: the statements find the people themselves (everyone with an invoice of
/// the month in the desk's state), so they need not wait for the rows.
struct DeskPeople: Sendable {
    var people: [UUID: (contracts: [Contract], rates: [Rate])] = [:]
    var time = TimeBases()
    /// Whose contracts, rates and time were read. A row whose person is not among them (an
    /// invoice that came to the state after these statements' snapshot) has its person read
    /// after, by id (`DeskReading.completed`, with `adding(_:)`).
    var covered: Set<UUID> = []

    /// Everyone with an invoice of `month` in `state`. `db` must be a transaction of one snapshot
    /// (`Database.transaction(tenant:oneSnapshot:)`): the two statements then agree on who they
    /// read, and `covered` is who both read.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection) async throws -> DeskPeople {
        let first = month.first, last = month.last
        let people = try ReviewQueries.contractsAndRates(from: try await db.rows {
            ContractsAndRatesStatement(tenant: $0, state: state, first: first.iso, last: last.iso)
        })
        let time = try TimeBasisQueries.bases(from: try await db.rows {
            TimeBasesStatement(tenant: $0, state: state, first: first.iso, last: last.iso)
        }, first: first, last: last)
        return DeskPeople(people: people, time: time, covered: Set(people.keys))
    }

    /// These people, by their ids, in `month`.
    static func read(of users: [UUID], month: Month, on db: TenantConnection) async throws -> DeskPeople {
        guard !users.isEmpty else { return DeskPeople() }
        return DeskPeople(
            people: try await ReviewQueries.contractsAndRates(of: users, in: month, on: db),
            time: try await TimeBasisQueries.bases(of: users, from: month.first, through: month.last, on: db),
            covered: Set(users))
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

    /// `ReviewQueries.contractsAndRatesSQL` for the month's invoices in a state, prepared.
    struct ContractsAndRatesStatement: RowsStatement {
        static let name = "roster_desk_contracts_and_rates"
        static let sql = ReviewQueries.contractsAndRatesSQL(people: .invoicesOfMonthInState)
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .text, .text, .text]

        let tenant: UUID, state: InvoiceState, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, state.rawValue, first, last) }
    }

    /// `TimeBasisQueries.sql` for the month's invoices in a state, prepared.
    struct TimeBasesStatement: RowsStatement {
        static let name = "roster_desk_time_bases"
        static let sql = TimeBasisQueries.sql(people: .invoicesOfMonthInState)
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .text, .text, .text]

        let tenant: UUID, state: InvoiceState, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, state.rawValue, first, last) }
    }
}

/// Whom a statement of people's contracts, rates or time reads (`ReviewQueries.contractsAndRatesSQL`,
/// `TimeBasisQueries.sql`): the people of an array (`$2`), or everyone with an invoice of a month
/// (`$3`, its first day) in a state (`$2`), found by the statement itself (`DeskPeople`).
enum StatementPeople {
    case array, invoicesOfMonthInState

    /// What comes before the statement: for the month's invoices, their people as `p`.
    var with: String {
        switch self {
        case .array: ""
        case .invoicesOfMonthInState: """
            WITH p AS MATERIALIZED (
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

