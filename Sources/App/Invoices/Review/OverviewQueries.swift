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
