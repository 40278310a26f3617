import Foundation
import PostgresNIO

/// What needs the person now, as one statement reads it for the home page: their missing and
/// returned invoices, their upcoming rate, and for admins the invoices to review and to pay
/// and who has not sent last month's invoice. Parts a person's roles do not allow are not read.
public struct HomeAgenda: Sendable, Equatable {
    /// Months of this and the previous month with an IČO contract and no invoice, oldest first.
    public var missingMonths: [Month] = []
    /// My returned invoices, oldest month first.
    public var returned: [(id: UUID, month: Month)] = []
    /// The next rate agreed, after today.
    public var upcomingRate: (from: LocalDate, amountMinor: Int64, currency: String)?
    /// Admins: submitted invoices of any month, and the oldest month that has one.
    public var toReview = 0, oldestToReview: Month?
    /// Admins: approved, unpaid invoices of any month, and the oldest month that has one.
    public var toPay = 0, oldestToPay: Month?
    /// Admins: people with an IČO contract in the previous month and no invoice for it.
    public var missingLastMonth = 0
    /// The previous month, which `missingLastMonth` counts.
    public var missingMonthsBase: Month?
    /// Admins: proposed changes of supplier details waiting for a decision, and whose came first.
    public var proposals = 0, firstProposalBy: UUID?
    /// An admin who is the company's only one: their own invoices to approve or pay and work
    /// statements to approve, which nobody may decide until there is a second admin
    /// (`OwnInvoiceRule`).
    public var ownWaiting = 0

    public static func == (a: HomeAgenda, b: HomeAgenda) -> Bool {
        a.missingMonths == b.missingMonths && a.returned.map(\.id) == b.returned.map(\.id)
            && a.upcomingRate?.from == b.upcomingRate?.from && a.upcomingRate?.amountMinor == b.upcomingRate?.amountMinor
            && a.toReview == b.toReview && a.oldestToReview == b.oldestToReview && a.toPay == b.toPay
            && a.oldestToPay == b.oldestToPay && a.missingLastMonth == b.missingLastMonth
            && a.proposals == b.proposals && a.firstProposalBy == b.firstProposalBy && a.ownWaiting == b.ownWaiting
    }

    public init() {}

    /// One statement for everything on the home page's agenda.
    public static func read(for user: User, today: LocalDate, on db: TenantConnection) async throws -> HomeAgenda {
        let mine = Permissions.can(user, .submitInvoices, .oneself)
        let rate = Permissions.can(user, .viewRate, .oneself)
        let admin = Permissions.can(user, .reviewInvoices, .company)
        let people = Permissions.can(user, .manageEmployees, .company)
        let this = Month(today), previous = Month(today).adding(months: -1)
        let rows = try await db.query("""
            SELECT
              (SELECT coalesce(array_agg(to_char(m, 'YYYY-MM') ORDER BY m), '{}')
               FROM unnest(ARRAY[\(previous.first.iso)::date, \(this.first.iso)::date]) AS m
               WHERE \(mine)
                 AND EXISTS (SELECT 1 FROM contracts c WHERE c.tenant_id = \(db.tenant) AND c.user_id = \(user.id) AND c.kind = 'ico'
                             AND c.valid_from <= (m + interval '1 month' - interval '1 day')::date
                             AND (c.valid_to IS NULL OR c.valid_to >= m))
                 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(user.id) AND i.month = m)),
              (SELECT coalesce(array_agg(i.id::text || ' ' || to_char(i.month, 'YYYY-MM') ORDER BY i.month), '{}')
               FROM invoices i WHERE \(mine) AND i.tenant_id = \(db.tenant) AND i.user_id = \(user.id) AND i.state = 'returned'),
              (SELECT to_char(r.effective_from, 'YYYY-MM-DD') || ' ' || r.amount_minor || ' ' || r.currency
               FROM rates r WHERE \(rate) AND r.tenant_id = \(db.tenant) AND r.user_id = \(user.id)
                 AND r.effective_from > \(today.iso)::date
               ORDER BY r.effective_from LIMIT 1),
              review.to_review, review.oldest_review, review.to_pay, review.oldest_pay,
              (SELECT count(*)::int FROM users u
               WHERE \(admin) AND u.tenant_id = \(db.tenant) AND u.active
                 AND EXISTS (SELECT 1 FROM contracts c WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id AND c.kind = 'ico'
                             AND c.valid_from <= \(previous.last.iso)::date
                             AND (c.valid_to IS NULL OR c.valid_to >= \(previous.first.iso)::date))
                 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.tenant_id = u.tenant_id AND i.user_id = u.id
                                 AND i.month = \(previous.first.iso)::date)),
              (SELECT coalesce(array_agg(p.user_id ORDER BY p.proposed_at), '{}') FROM supplier_proposals p
               WHERE \(people) AND p.tenant_id = \(db.tenant) AND p.decided_at IS NULL AND p.user_id <> \(user.id)),
              (SELECT (SELECT count(*) FROM invoices i WHERE i.tenant_id = \(db.tenant) AND i.user_id = \(user.id)
                                                        AND i.state IN ('submitted', 'approved'))::int
                      + (SELECT count(*) FROM work_statements s WHERE s.tenant_id = \(db.tenant) AND s.user_id = \(user.id)
                                                               AND s.state = 'submitted')::int
               WHERE \(admin) AND NOT EXISTS \(otherActiveAdmins: user.id, tenant: db.tenant))
            FROM (SELECT count(*) FILTER (WHERE state = 'submitted')::int AS to_review,
                         to_char(min(month) FILTER (WHERE state = 'submitted'), 'YYYY-MM') AS oldest_review,
                         count(*) FILTER (WHERE state = 'approved')::int AS to_pay,
                         to_char(min(month) FILTER (WHERE state = 'approved'), 'YYYY-MM') AS oldest_pay
                  FROM invoices WHERE \(admin) AND tenant_id = \(db.tenant) AND state IN ('submitted', 'approved')) AS review
            """).collect()
        var agenda = HomeAgenda()
        guard let row = rows.first else { return agenda }
        let (missing, returned, upcoming, toReview, oldestReview, toPay, oldestPay, missingLast, proposers, ownWaiting) =
            try row.decode(([String], [String], String?, Int, String?, Int, String?, Int, [UUID], Int?).self)
        agenda.missingMonths = missing.compactMap(Month.init(iso:))
        agenda.returned = returned.compactMap { text in
            let parts = text.split(separator: " ")
            guard parts.count == 2, let id = UUID(uuidString: String(parts[0])), let month = Month(iso: String(parts[1])) else { return nil }
            return (id, month)
        }
        if let parts = upcoming?.split(separator: " "), parts.count == 3, let day = LocalDate(iso: String(parts[0])),
           let amount = Int64(parts[1]) {
            agenda.upcomingRate = (day, amount, String(parts[2]))
        }
        agenda.toReview = toReview
        agenda.oldestToReview = oldestReview.flatMap(Month.init(iso:))
        agenda.toPay = toPay
        agenda.oldestToPay = oldestPay.flatMap(Month.init(iso:))
        agenda.missingLastMonth = missingLast
        agenda.missingMonthsBase = previous
        agenda.proposals = proposers.count
        agenda.firstProposalBy = proposers.first
        agenda.ownWaiting = ownWaiting ?? 0
        return agenda
    }
}
