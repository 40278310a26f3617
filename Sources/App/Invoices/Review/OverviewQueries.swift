import Foundation
import Logging
import PostgresNIO

/// The admin's filter of all invoices.
public struct InvoiceFilter: Sendable, Equatable {
    public var month: Month
    public var state: InvoiceState?
    public var teamID: UUID?
    public var search: String
}

public struct OverviewRow: Sendable, Equatable {
    public let id: UUID
    /// What an action on the invoice names (`ReviewPick.version`).
    public let version: Int
    public let name: String
    public let team: String?
    public let state: InvoiceState
    public let amount: InvoiceAmount?
    public let uploadedOn: LocalDate
    public let documentID: UUID
}

/// Per state: how many invoices and their sums per currency.
public struct StateTotal: Sendable, Equatable {
    public let state: InvoiceState
    public let count: Int
    public let sums: [InvoiceAmount]
}

/// Someone who should have submitted for a month and has not.
public struct MissingRow: Sendable, Equatable {
    public let userID: UUID
    public let name: String
    public let team: String?
    public let email: String
    public let lastMonth: Month?
    public let lastUploadedOn: LocalDate?
}

/// The counts and sums of a month's invoices per state, added up from rows of (state, currency,
/// count, sum).
struct StateTotals {
    private var counts: [InvoiceState: Int] = [:]
    private var sums: [InvoiceState: [InvoiceAmount]] = [:]

    mutating func add(_ state: String, _ currency: String?, _ count: Int, _ sum: Int64?) {
        guard let state = InvoiceState(rawValue: state) else { return }
        counts[state, default: 0] += count
        if let currency, let sum { sums[state, default: []].append(InvoiceAmount(minor: sum, currency: currency)) }
    }

    /// Every state, in order, with none for a state without invoices.
    var all: [StateTotal] {
        InvoiceState.allCases.map { StateTotal(state: $0, count: counts[$0] ?? 0, sums: sums[$0] ?? []) }
    }
}

public enum OverviewQueries {
    /// Invoices on a page of the overview.
    public static let pageSize = 25

    /// A page of the filtered invoices (one row more tells of a next page); one statement.
    public static func page(
        _ filter: InvoiceFilter, page: PageRequest, timeZone: String, on db: TenantConnection
    ) async throws -> Page<OverviewRow> {
        page.page(fetched: try await rows(filter, limit: page.limit, offset: page.offset, timeZone: timeZone, on: db))
    }

    /// `limit` of the filtered invoices from `offset`, by surname; one statement.
    public static func rows(
        _ filter: InvoiceFilter, limit: Int, offset: Int, timeZone: String, on db: TenantConnection
    ) async throws -> [OverviewRow] {
        let search = filter.search.trimmingWhitespace()
        var rows: [OverviewRow] = []
        for try await row in try await db.query("""
            SELECT i.id, i.version, u.first_name || ' ' || u.last_name, t.name, i.state::text, i.amount_minor, i.currency,
                   to_char(i.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD'), i.document_id
            FROM invoices i
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
            WHERE i.tenant_id = \(db.tenant) AND i.month = \(filter.month.first.iso)::date
              AND (\(filter.state?.rawValue)::invoice_state IS NULL OR i.state = \(filter.state?.rawValue)::invoice_state)
              AND (\(filter.teamID)::uuid IS NULL OR u.team_id = \(filter.teamID))
              AND (\(search) = '' OR u.search_name LIKE fold_name(\(PeopleQueries.likePattern(search))))
            ORDER BY u.sort_last, u.sort_first, u.id
            LIMIT \(limit) OFFSET \(offset)
            """).decode(OverviewRow.Columns.self) {
            if let row = OverviewRow(row) { rows.append(row) }
        }
        return rows
    }

    /// Counts and sums per state for the filter (its state itself aside); one statement.
    public static func totals(
        _ filter: InvoiceFilter, on db: TenantConnection
    ) async throws -> [StateTotal] {
        let search = filter.search.trimmingWhitespace()
        var totals = StateTotals()
        // Without a team or a name, the totals the database keeps (migration 0030), prepared.
        // With one, the month's invoices with the amounts of their current documents (kept on
        // each invoice by the database, migration 0012), people joined.
        if filter.teamID == nil && search.isEmpty {
            for try await (state, currency, count, sum) in try await db.execute({
                OverviewTotalsStatement(tenant: $0, month: filter.month)
            }) {
                totals.add(state, currency, count, sum)
            }
            return totals.all
        }
        let query: PostgresQuery = """
            SELECT i.state::text, i.currency, count(*)::int, sum(i.amount_minor)::bigint
            FROM invoices i
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            WHERE i.tenant_id = \(db.tenant) AND i.month = \(filter.month.first.iso)::date
              AND (\(filter.teamID)::uuid IS NULL OR u.team_id = \(filter.teamID))
              AND (\(search) = '' OR u.search_name LIKE fold_name(\(PeopleQueries.likePattern(search))))
            GROUP BY i.state, i.currency ORDER BY i.state, i.currency
            """
        for try await (state, currency, count, sum) in try await db.query(query).decode((String, String?, Int, Int64?).self) {
            totals.add(state, currency, count, sum)
        }
        return totals.all
    }

    /// People with an IČO contract in the month and no invoice for it, with their last invoice;
    /// one statement.
    public static func missing(
        month: Month, timeZone: String, on db: TenantConnection
    ) async throws -> [MissingRow] {
        var rows: [MissingRow] = []
        for try await (id, name, team, email, lastMonth, lastDay) in try await db.query("""
            SELECT u.id, u.first_name || ' ' || u.last_name, t.name, u.email, to_char(last.month, 'YYYY-MM'),
                   to_char(last.uploaded_at AT TIME ZONE \(timeZone), 'YYYY-MM-DD')
            FROM users u
            LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
            LEFT JOIN LATERAL (
                SELECT i.month, i.uploaded_at FROM invoices i
                WHERE i.tenant_id = u.tenant_id AND i.user_id = u.id
                ORDER BY i.month DESC LIMIT 1) last ON true
            WHERE u.tenant_id = \(db.tenant) AND u.active
              AND EXISTS (SELECT 1 FROM contracts c
                          WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id AND c.kind = 'ico'
                            AND c.valid_from <= \(month.last.iso)::date
                            AND (c.valid_to IS NULL OR c.valid_to >= \(month.first.iso)::date))
              AND NOT EXISTS (SELECT 1 FROM invoices i
                              WHERE i.tenant_id = u.tenant_id AND i.user_id = u.id AND i.month = \(month.first.iso)::date)
            ORDER BY u.sort_last, u.sort_first, u.id
            """).decode((UUID, String, String?, String, String?, String?).self) {
            rows.append(MissingRow(userID: id, name: name, team: team, email: email,
                                   lastMonth: lastMonth.flatMap(Month.init(iso:)), lastUploadedOn: lastDay.flatMap(LocalDate.init(iso:))))
        }
        return rows
    }
}
