import Foundation

/// The parts of the reads of a person's own pages (`WeekRead`, `TimeMonthRead`,
/// `MyInvoicesRead`, `OwnAbsencesRead`): each a `UNION ALL` branch over the shell's row `sh`
/// reading the rows of the person `person` (an SQL expression, the signed-in person by default),
/// and its decoding. `first` and `last` are SQL expressions (the days' bounds as dates).
enum OwnPageParts {
    /// The entries of the days (`TimeEntryQueries.entries`), by day and start.
    static let entryTypes = ["uuid", "text", "int", "int", "int", "uuid", "text", "text", "boolean", "text"]

    /// The order of day and start as one integer, for `page_n`: the day's number since 2000-01-01
    /// times 2⁴⁰, plus the start's microseconds from the day's midnight in UTC shifted by 2³⁹ (a
    /// start is within a day or so of its day; one more than six days away counts as six). A
    /// window's row number would order the same, but its sort and window cost the week's
    /// statement about 6 % in pgbench.
    static let entryOrder = """
        (e.work_date - DATE '2000-01-01')::bigint * 1099511627776 + 549755813888
            + least(greatest((extract(epoch FROM e.started_at) * 1000000)::bigint
                             - (e.work_date - DATE '1970-01-01')::bigint * 86400000000, -549755813888), 549755813887)
        """

    static func entries(_ layout: PageLayout, part: Int, first: String, last: String, person: String = "sh.user_id") -> String {
        """
        SELECT \(layout.columns(part, entryOrder, """
            e.id, e.work_date::text, \(TimeEntryQueries.clockMinutes(zone: "sh.time_zone")),
                   e.seconds, p.id, p.name, c.name, p.billable, e.description
            """))
        FROM time_entries e
        JOIN projects p ON p.tenant_id = e.tenant_id AND p.id = e.project_id
        JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
        WHERE e.tenant_id = sh.id AND e.user_id = \(person) AND e.work_date BETWEEN \(first) AND \(last)
          AND \(EnterTenantSQL.afterLiveShell)
        """
    }

    static func entry(_ row: PageRow, _ layout: PageLayout, part: Int) throws -> TimeEntryRow {
        var c = row.cells(at: layout.places(of: part))
        let id: UUID = try c.next(), day: String = try c.next(), start: Int = try c.next(), end: Int = try c.next()
        let seconds: Int = try c.next(), project: UUID = try c.next(), name: String = try c.next()
        let client: String = try c.next(), billable: Bool = try c.next(), description: String = try c.next()
        return TimeEntryQueries.entry(id: id, day: day, start: start, end: end, seconds: seconds, projectID: project,
                                      project: name, client: client, billable: billable, description: description)
    }

    /// The person's contracts (`PeopleQueries.contracts`), newest first.
    static let contractTypes = ["uuid", "text", "text", "text", "int", "int"]

    static func contracts(_ layout: PageLayout, part: Int, person: String = "sh.user_id") -> String {
        """
        SELECT \(layout.columns(part, "'2000-01-01'::date - k.valid_from", """
            k.id, k.kind::text, k.valid_from::text, k.valid_to::text, (k.capacity_hours * 10)::int, (k.vacation_days * 10)::int
            """))
        FROM contracts k
        WHERE k.tenant_id = sh.id AND k.user_id = \(person) AND \(EnterTenantSQL.afterLiveShell)
        """
    }

    static func contract(_ row: PageRow, _ layout: PageLayout, part: Int) throws -> Contract? {
        var c = row.cells(at: layout.places(of: part))
        return Contract((try c.next(), try c.next(), try c.next(), try c.next(), try c.next(), try c.next()))
    }

    /// The person's absences that touch the days (`AbsenceQueries.of`), by first day; with
    /// `approvedOnly`, only the approved.
    static let absenceTypes = ["uuid", "uuid", "text", "text", "text", "boolean", "text", "text", "text", "text"]

    static func absences(
        _ layout: PageLayout, part: Int, first: String, last: String, approvedOnly: Bool, person: String = "sh.user_id"
    ) -> String {
        """
        SELECT \(layout.columns(part, "row_number() OVER (ORDER BY a.first_day, a.created_at)", """
            a.id, a.user_id, a.kind::text, a.first_day::text, a.last_day::text, a.half_day, a.note, a.status::text,
                   CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END, a.decision_reason
            """))
        FROM absences a
        LEFT JOIN users d ON d.tenant_id = a.tenant_id AND d.id = a.decided_by
        WHERE a.tenant_id = sh.id AND a.user_id = \(person)\(approvedOnly ? " AND a.status = 'approved'" : "")
          AND \(AbsenceQueries.touching(first, last)) AND \(EnterTenantSQL.afterLiveShell)
        """
    }

    static func absence(_ row: PageRow, _ layout: PageLayout, part: Int) throws -> Absence? {
        var c = row.cells(at: layout.places(of: part))
        let id: UUID = try c.next(), user: UUID = try c.next(), kind: String = try c.next(), first: String = try c.next()
        let last: String = try c.next(), half: Bool = try c.next(), note: String = try c.next(), status: String = try c.next()
        let decider: String? = try c.next(), reason: String? = try c.next()
        guard let first = LocalDate(iso: first), let last = LocalDate(iso: last) else { return nil }
        return Absence(id: id, userID: user, kind: AbsenceKind(rawValue: kind) ?? .other, first: first, last: last, halfDay: half,
                       note: note, status: AbsenceStatus(rawValue: status) ?? .pending, decidedBy: decider, reason: reason)
    }

    /// The company's days off among the days (`DaysOffQueries.among`).
    static let dayOffTypes = ["text", "text"]

    static func daysOff(_ layout: PageLayout, part: Int, first: String, last: String) -> String {
        """
        SELECT \(layout.columns(part, "o.day - '2000-01-01'::date", "o.day::text, o.name"))
        \(DaysOffQueries.among(tenant: "sh.id", first: first, last: last)) AND \(EnterTenantSQL.afterLiveShell)
        """
    }

    static func dayOff(_ row: PageRow, _ layout: PageLayout, part: Int) throws -> (day: LocalDate, name: String)? {
        var c = row.cells(at: layout.places(of: part))
        let day: String = try c.next(), name: String = try c.next()
        return LocalDate(iso: day).map { ($0, name) }
    }
}
