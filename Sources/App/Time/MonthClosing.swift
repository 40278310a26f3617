import Foundation
import PostgresNIO

/// The use cases of a month of time closed (docs/ARCHITECTURE.md, "The month closed"): one's
/// submission, a leader's or an admin's approval or return, an admin's reopening. Each does all of
/// it — the rule (`MonthCloseRules`), the change, the audit entry, the mail and what follows (a
/// work statement after an approval, the statement returned with a reopened month) — for the web's
/// form and the API's operation alike.
enum MonthClosing {
    /// Submits the actor's own month (this month or an earlier one, under a contract); a returned
    /// month again.
    static func submit(_ month: Month, _ c: ActionContext) async throws -> MonthCloseOutcome {
        try c.require(.trackTime, .oneself)
        let db = c.db, user = c.actor
        let contracts = try await PeopleQueries.contracts(of: user.id, on: db)
        let status = try await MonthCloseQueries.month(of: user.id, month, on: db)?.status
        if let refusal = MonthCloseRules.submitRefusal(month, thisMonth: Month(c.today), status: status, contracts: contracts) {
            return refusal
        }
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
                                .monthSubmitted(person: user.displayName, personID: user.id, month: month), site: c.site, on: db)
        return .done
    }

    /// A leader's or an admin's decision on a submitted month.
    struct Decision: Sendable, Equatable {
        let month: Month
        let person: UUID
        let approve: Bool
        /// Why it is returned (`DecisionReason.parse`); not kept for an approval.
        let reason: String
    }

    /// Approves or returns (with a reason) a submitted month of someone the actor decides for, and
    /// writes the work statement of an approved month that needs one (`WorkStatementIssuer`). 403
    /// for someone who decides no one's months; 404 when the person is not one the actor decides
    /// for (or not of this company).
    static func decide(_ decision: Decision, _ c: ActionContext) async throws -> MonthCloseOutcome {
        guard Permissions.reach(of: c.actor.roles, for: .decideMonths) != nil, c.actor.active else { throw ActionRefusal.forbidden }
        let db = c.db, viewer = c.actor, month = decision.month, person = decision.person, approve = decision.approve
        guard let subject = try await PeopleQueries.person(person, on: db)?.subject, MonthCloseRules.decides(viewer, for: subject)
        else { throw ActionRefusal.notFound }
        let reason: String? = approve ? nil : decision.reason
        guard approve || !decision.reason.isEmpty else { return .reasonMissing }
        // An approval keeps the seconds of each day of the month (`time_months.day_seconds`).
        let changed = try await db.query("""
            UPDATE time_months m SET status = \(approve ? "approved" : "returned"), decided_by = \(viewer.id), decided_at = now(),
                   reason = \(reason),
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
        if let reason { fields["reason"] = reason }
        try await PeopleMutations.audit(actor: viewer.id, subject: person, action: approve ? "timeApproved" : "timeReturned",
                                        changes: fields, on: db)
        try await Notifier.tell([person], .monthDecided(month: month, approved: approve, reason: reason), site: c.site, on: db)
        if approve {
            try await WorkStatementIssuer.issue(for: person, month: month, by: viewer.id, tenant: c.tenant, on: db, app: c.app)
        }
        return .done
    }

    /// Reopens someone else's submitted or approved month (admins, `reopenMonths`): it is
    /// returned, with the admin's reason, its entries can change again, and its work statement, if
    /// one was written, goes back with it. Recorded.
    static func reopen(_ month: Month, of person: UUID, reason: String, _ c: ActionContext) async throws -> MonthCloseOutcome {
        try c.require(.reopenMonths)
        let db = c.db, admin = c.actor
        guard let subject = try await PeopleQueries.person(person, on: db)?.subject else { throw ActionRefusal.notFound }
        guard !reason.isEmpty else { return .reasonMissing }
        let status = try await MonthCloseQueries.month(of: person, month, on: db)?.status
        guard MonthCloseRules.reopens(admin, for: subject, status: status) else { return .unchanged }
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
        try await Notifier.tell([person], .monthDecided(month: month, approved: false, reason: reason), site: c.site, on: db)
        return .done
    }
}
