import Foundation
import PostgresNIO

public enum TimeMonthStatus: String, Sendable, CaseIterable {
    case submitted, approved, returned
}

/// A person's month of time as submitted, and what became of it.
public struct TimeMonth: Sendable, Equatable {
    public let status: TimeMonthStatus
    public let decidedBy: String?
    public let reason: String?
}

/// One person's month for the close overview.
public struct MonthCloseRow: Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let status: TimeMonthStatus?
    public let seconds: Int
}

public enum MonthCloseOutcome: Sendable, Equatable {
    case done
    /// Nothing to do: submitted or approved already (a second click), not submitted, not approved.
    case unchanged
    /// A future month cannot be submitted.
    case future
    /// A return needs its reason.
    case reasonMissing
}

/// Submitting, approving, returning and reopening a person's month of time (docs/ARCHITECTURE.md,
/// The month closed). Who decides is the rule of absences (`AbsenceRules.decides`): the leader of
/// the person's team or an admin, never the person.
public enum MonthCloseQueries {
    public static func month(of user: UUID, _ month: Month, on db: TenantConnection) async throws -> TimeMonth? {
        try await db.rows { MonthStatement(tenant: $0, user: user, month: month.first.iso) }.first.map {
            let (status, decider, reason) = try $0.decode((String, String?, String?).self)
            return TimeMonth(status: TimeMonthStatus(rawValue: status) ?? .submitted, decidedBy: decider, reason: reason)
        }
    }

    /// The statement of `month(of:_:)`, prepared (every view of the month of time).
    struct MonthStatement: RowsStatement {
        static let name = "roster_time_month_of"
        static let sql = """
            SELECT m.status, CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END, m.reason
            FROM time_months m LEFT JOIN users d ON d.tenant_id = m.tenant_id AND d.id = m.decided_by
            WHERE m.tenant_id = $1 AND m.user_id = $2 AND m.month = $3::date
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text]

        let tenant: UUID, user: UUID, month: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, user, month) }
    }

    /// Submits one's month (this month or an earlier one); a returned month again.
    public static func submit(
        _ month: Month, by user: User, today: LocalDate, site: MailSite, on db: TenantConnection
    ) async throws -> MonthCloseOutcome {
        guard month <= Month(today) else { return .future }
        let changed = try await db.query("""
            INSERT INTO time_months (tenant_id, user_id, month, status) VALUES (\(db.tenant), \(user.id), \(month.first.iso)::date, 'submitted')
            ON CONFLICT (tenant_id, user_id, month) DO UPDATE
                SET status = 'submitted', submitted_at = now(), decided_by = NULL, decided_at = NULL, reason = NULL
                WHERE time_months.status = 'returned'
            RETURNING 1
            """).collect()
        guard !changed.isEmpty else { return .unchanged }
        try await PeopleMutations.audit(actor: user.id, subject: user.id, action: "timeSubmitted", changes: ["month": month.iso], on: db)
        try await Notifier.tell(try await AbsenceQueries.deciders(of: user.id, on: db),
                                .monthSubmitted(person: user.displayName, personID: user.id, month: month), site: site, on: db)
        return .done
    }

    /// Approves or returns (with a reason) a submitted month of someone the viewer decides for;
    /// nil when the viewer does not decide for them (or they do not exist here).
    public static func decide(
        _ month: Month, of person: UUID, approve: Bool, reason: String?, by viewer: User, site: MailSite, on db: TenantConnection
    ) async throws -> MonthCloseOutcome? {
        guard let subject = try await PeopleQueries.person(person, on: db)?.subject, AbsenceRules.decides(viewer, for: subject)
        else { return nil }
        guard approve || !(reason ?? "").isEmpty else { return .reasonMissing }
        // An approval keeps the seconds of each day of the month (`time_months.day_seconds`).
        let changed = try await db.query("""
            UPDATE time_months m SET status = \(approve ? "approved" : "returned"), decided_by = \(viewer.id), decided_at = now(),
                   reason = \(approve ? nil : reason),
                   day_seconds = CASE WHEN \(approve) THEN ARRAY(
                       SELECT coalesce(sum(e.seconds), 0)::int
                       FROM generate_series(m.month, (m.month + interval '1 month' - interval '1 day')::date, interval '1 day') AS g(day)
                       LEFT JOIN time_entries e ON e.tenant_id = m.tenant_id AND e.user_id = m.user_id AND e.work_date = g.day::date
                       GROUP BY g.day ORDER BY g.day) END
            WHERE m.tenant_id = \(db.tenant) AND m.user_id = \(person) AND m.month = \(month.first.iso)::date AND m.status = 'submitted'
            RETURNING 1
            """).collect()
        guard !changed.isEmpty else { return .unchanged }
        var fields = ["month": month.iso]
        if !approve, let reason { fields["reason"] = reason }
        try await PeopleMutations.audit(actor: viewer.id, subject: person, action: approve ? "timeApproved" : "timeReturned",
                                        changes: fields, on: db)
        try await Notifier.tell([person], .monthDecided(month: month, approved: approve, reason: approve ? nil : reason), site: site,
                                on: db)
        return .done
    }

    /// Reopens a submitted or approved month (admins, `reopenMonths`): it is returned, with the
    /// admin's reason, and its entries can change again. Recorded.
    public static func reopen(
        _ month: Month, of person: UUID, reason: String, by admin: User, site: MailSite, on db: TenantConnection
    ) async throws -> MonthCloseOutcome? {
        guard Permissions.can(admin, .reopenMonths, .company), try await PeopleQueries.person(person, on: db) != nil else { return nil }
        guard !reason.isEmpty else { return .reasonMissing }
        let changed = try await db.query("""
            UPDATE time_months SET status = 'returned', decided_by = \(admin.id), decided_at = now(), reason = \(reason),
                   day_seconds = NULL
            WHERE tenant_id = \(db.tenant) AND user_id = \(person) AND month = \(month.first.iso)::date AND status <> 'returned'
            RETURNING 1
            """).collect()
        guard !changed.isEmpty else { return .unchanged }
        // Its work statement, if one was written, goes back with it: not in payroll's workbook while
        // the month changes; the next approval writes the next version.
        try await db.query("""
            WITH old AS (
                SELECT id, state FROM work_statements
                WHERE tenant_id = \(db.tenant) AND user_id = \(person) AND month = \(month.first.iso)::date
                  AND state IN ('submitted', 'approved')
                FOR UPDATE
            ), changed AS (
                UPDATE work_statements s SET state = 'returned', version = s.version + 1, updated_at = now()
                FROM old WHERE s.tenant_id = \(db.tenant) AND s.id = old.id
                RETURNING s.id, old.state AS from_state
            )
            INSERT INTO work_statement_history (tenant_id, statement_id, actor_id, from_state, to_state, reason)
            SELECT \(db.tenant), id, \(admin.id), from_state, 'returned', \(reason) FROM changed
            """)
        try await PeopleMutations.audit(actor: admin.id, subject: person, action: "timeReopened",
                                        changes: ["month": month.iso, "reason": reason], on: db)
        try await Notifier.tell([person], .monthDecided(month: month, approved: false, reason: reason), site: site, on: db)
        return .done
    }

    /// Everyone in the viewer's reach with a contract in the month: their month's state and hours,
    /// by surname; one statement.
    public static func overview(visibleTo viewer: UUID, reach: Reach, month: Month, on db: TenantConnection) async throws -> [MonthCloseRow] {
        let everyone = reach == .tenant
        return try await db.query("""
            SELECT u.id, u.last_name || ' ' || u.first_name, m.status,
                   coalesce((SELECT sum(e.seconds) FROM time_entries e WHERE e.tenant_id = u.tenant_id AND e.user_id = u.id
                             AND e.work_date BETWEEN \(month.first.iso)::date AND \(month.last.iso)::date), 0)::bigint
            FROM users u
            LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
            LEFT JOIN time_months m ON m.tenant_id = u.tenant_id AND m.user_id = u.id AND m.month = \(month.first.iso)::date
            WHERE u.tenant_id = \(db.tenant) AND u.active
              AND (\(everyone) OR u.id = \(viewer) OR t.leader_id = \(viewer))
              AND EXISTS (SELECT FROM contracts k WHERE k.tenant_id = u.tenant_id AND k.user_id = u.id
                          AND k.valid_from <= \(month.last.iso)::date AND (k.valid_to IS NULL OR k.valid_to >= \(month.first.iso)::date))
            ORDER BY u.sort_last, u.sort_first, u.id
            """).collect().map {
            let (id, name, status, seconds) = try $0.decode((UUID, String, String?, Int64).self)
            return MonthCloseRow(id: id, name: name, status: status.flatMap(TimeMonthStatus.init(rawValue:)),
                                 seconds: Int(seconds))
        }
    }
}
