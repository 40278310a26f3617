import Foundation
import PostgresNIO

/// Why a request was not accepted or a decision not taken.
public enum AbsenceRefusal: Error, Equatable, Sendable {
    /// No contract on the first day.
    case noContract
    /// It would overlap this pending or approved absence of the person.
    case overlaps(first: LocalDate, last: LocalDate, kind: AbsenceKind)
    /// A decline needs its reason.
    case reasonMissing
    /// It was decided or withdrawn in the meantime.
    case notPending
    /// It touches a month whose time was approved.
    case monthClosed

    public var message: (key: String, arguments: [String]) {
        switch self {
        case .noContract: ("absence.error.noContract", [])
        case .overlaps(let first, let last, _): ("absence.error.overlaps", [first.iso, last.iso])
        case .reasonMissing: ("absence.error.reason", [])
        case .notPending: ("absence.error.notPending", [])
        case .monthClosed: ("absence.error.monthClosed", [])
        }
    }
}

/// An absence with whose it is, for the team's calendar and the requests waiting.
public struct PersonAbsence: Sendable, Equatable {
    public let absence: Absence
    public let name: String
    public let person: PersonSubject
}

/// Absences and the company's days off (docs/ARCHITECTURE.md, Absences).
public enum AbsenceQueries {
    /// The condition that absence `a` touches the days `first` through `last` (SQL dates). An
    /// absence lasts at most 367 days (`0022_absences.sql` checks it), so one that touches the days
    /// begins at most 366 days before the first: said as well, it bounds the scan of the absences
    /// by first day to a year, where `last_day >= first` alone read a person's or a company's whole
    /// history (the desk's people with 150,000 absences in the company: 61 → 14 ms).
    static func touching(_ first: String, _ last: String) -> String {
        "a.first_day <= \(last) AND a.last_day >= \(first) AND a.first_day >= \(first) - 366"
    }

    private static let select = """
        SELECT a.id, a.user_id, a.kind, a.first_day::text, a.last_day::text, a.half_day, a.note, a.status,
               CASE WHEN d.id IS NULL THEN NULL ELSE d.first_name || ' ' || d.last_name END, a.decision_reason,
               u.last_name || ' ' || u.first_name, t.leader_id
        FROM absences a
        JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id
        LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
        LEFT JOIN users d ON d.tenant_id = a.tenant_id AND d.id = a.decided_by
        """

    private static func row(_ row: PostgresRow) throws -> PersonAbsence {
        let (id, user, kind, first, last, half, note, status, decider, reason, name, leader) =
            try row.decode((UUID, UUID, String, String, String, Bool, String, String, String?, String?, String, UUID?).self)
        let absence = Absence(id: id, userID: user, kind: AbsenceKind(rawValue: kind) ?? .other, first: LocalDate(iso: first)!,
                              last: LocalDate(iso: last)!, halfDay: half, note: note, status: AbsenceStatus(rawValue: status) ?? .pending,
                              decidedBy: decider, reason: reason)
        return PersonAbsence(absence: absence, name: name, person: PersonSubject(id: user, teamLeader: leader))
    }

    /// A person's absences that touch the days from `first` through `last`, by first day.
    public static func of(_ user: UUID, from first: LocalDate, through last: LocalDate, on db: TenantConnection) async throws -> [Absence] {
        try await of([user], from: first, through: last, on: db)
    }

    /// The absences of several people that touch the days, by person and first day; one statement.
    public static func of(_ users: [UUID], from first: LocalDate, through last: LocalDate, on db: TenantConnection) async throws
        -> [Absence] {
        guard !users.isEmpty else { return [] }
        return try await db.rows { PeopleStatement(tenant: $0, users: users, first: first.iso, last: last.iso) }
            .map { try row($0).absence }
    }

    /// The statement of `of(_:from:through:)`, prepared (the timesheet, the month of time, one's
    /// absences).
    struct PeopleStatement: RowsStatement {
        static let name = "roster_absences_of_people"
        static let sql = select + """

            WHERE a.tenant_id = $1 AND a.user_id = ANY($2) AND \(touching("$3::date", "$4::date"))
            ORDER BY a.user_id, a.first_day, a.created_at
            """
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuidArray, .text, .text]

        let tenant: UUID, users: [UUID], first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, users, first, last) }
    }

    /// The pending and approved absences of everyone the viewer sees (`reach`: their own, the
    /// teams they lead, the tenant) that touch the days, by name and first day.
    public static func visible(
        to viewer: UUID, reach: Reach, team: UUID? = nil, from first: LocalDate, through last: LocalDate, on db: TenantConnection
    ) async throws -> [PersonAbsence] {
        var sql = PostgresQuery(unsafeSQL: select + """

            WHERE a.tenant_id = $1 AND a.status IN ('pending', 'approved') AND \(touching("$3::date", "$4::date"))
              AND (\(reachCondition(reach))) AND ($5::uuid IS NULL OR u.team_id = $5::uuid)
            ORDER BY u.sort_last, u.sort_first, a.first_day
            """)
        sql.binds = .of(db.tenant, viewer, first.iso, last.iso)
        sql.binds.append(team)
        return try await db.query(sql).collect().map(row)
    }

    /// The people the viewer sees in the calendar: ($2 is the viewer).
    static func reachCondition(_ reach: Reach) -> String {
        RoleSQL.within(reach, of: "$2", person: "u", team: "t")
    }

    /// The active people the calendar has a row for, by surname; of one team when `team` is given.
    public static func people(
        visibleTo viewer: UUID, reach: Reach, team: UUID? = nil, on db: TenantConnection
    ) async throws -> [(id: UUID, name: String)] {
        var sql = PostgresQuery(unsafeSQL: """
            SELECT u.id, u.last_name || ' ' || u.first_name FROM users u
            LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
            WHERE u.tenant_id = $1 AND u.active AND (\(reachCondition(reach))) AND ($3::uuid IS NULL OR u.team_id = $3::uuid)
            ORDER BY u.sort_last, u.sort_first, u.id
            """)
        sql.binds = .of(db.tenant, viewer)
        sql.binds.append(team)
        return try await db.query(sql).collect().map { try $0.decode((UUID, String).self) }.map { (id: $0.0, name: $0.1) }
    }

    /// The requests waiting for the viewer's decision: their team's (leaders), everyone's (admins),
    /// never their own; oldest first.
    public static func waiting(for viewer: User, on db: TenantConnection) async throws -> [PersonAbsence] {
        guard let reach = Permissions.reach(of: viewer.roles, for: .decideAbsences), viewer.active else { return [] }
        var sql = PostgresQuery(unsafeSQL: select + """

            WHERE a.tenant_id = $1 AND a.status = 'pending' AND a.user_id <> $2
              AND \(RoleSQL.within(reach == .tenant ? .tenant : .team, of: "$2", person: "u", team: "t"))
            ORDER BY a.created_at
            """)
        sql.binds = .of(db.tenant, viewer.id)
        return try await db.query(sql).collect().map(row)
    }

    /// One absence with whose it is; nil for none.
    public static func absence(_ id: UUID, on db: TenantConnection) async throws -> PersonAbsence? {
        var sql = PostgresQuery(unsafeSQL: select + "\nWHERE a.tenant_id = $1 AND a.id = $2")
        sql.binds = .of(db.tenant, id)
        return try await db.query(sql).collect().first.map(row)
    }

    /// Asks for time off: the person needs a contract on its first day, and it must not overlap
    /// their pending or approved absences (the database's constraint decides). Recorded in the
    /// audit trail; whoever decides is told.
    public static func request(
        _ draft: AbsenceDraft, for user: User, site: MailSite, on db: TenantConnection
    ) async throws -> Result<UUID, AbsenceRefusal> {
        var check = PostgresQuery(unsafeSQL: "SELECT " + ProjectQueries.contractCovers(tenant: "$1", person: "$2", day: "$3::date"))
        check.binds = .of(db.tenant, user.id, draft.first.iso)
        let contract = try await db.query(check).collect()[0].decode(Bool.self)
        guard contract else { return .failure(.noContract) }
        let id: UUID
        do {
            id = try await db.savepoint("absence") {
                try await db.query("""
                    INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, half_day, note)
                    VALUES (\(db.tenant), \(user.id), \(draft.kind.rawValue), \(draft.first.iso)::date, \(draft.last.iso)::date,
                            \(draft.halfDay), \(draft.note))
                    RETURNING id
                    """).collect()[0].decode(UUID.self)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "RM002" {
            return .failure(.monthClosed)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23P01" {
            let other = try await of(user.id, from: draft.first, through: draft.last, on: db)
                .first { $0.status == .pending || $0.status == .approved }
            guard let other else { throw error }
            return .failure(.overlaps(first: other.first, last: other.last, kind: other.kind))
        }
        try await PeopleMutations.audit(actor: user.id, subject: user.id, action: "absenceRequested",
                                        changes: auditFields(draft.kind, draft.first, draft.last, draft.halfDay), on: db)
        try await tellDeciders(about: user, draft.kind, draft.first, draft.last, halfDay: draft.halfDay, withdrawn: false, site: site, on: db)
        return .success(id)
    }

    /// Withdraws one's own waiting request; false when there is none such (decided, withdrawn,
    /// someone else's, of an approved month).
    public static func withdraw(_ id: UUID, by user: User, site: MailSite, on db: TenantConnection) async throws -> Bool {
        let rows: [PostgresRow]
        do {
            rows = try await db.savepoint("absence_withdraw") {
                try await db.query("""
                    UPDATE absences SET status = 'withdrawn'
                    WHERE tenant_id = \(db.tenant) AND id = \(id) AND user_id = \(user.id) AND status = 'pending'
                    RETURNING kind, first_day::text, last_day::text, half_day
                    """).collect()
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "RM002" {
            return false
        }
        guard let (kind, first, last, half) = try rows.first?.decode((String, String, String, Bool).self),
              let kind = AbsenceKind(rawValue: kind), let first = LocalDate(iso: first), let last = LocalDate(iso: last)
        else { return false }
        try await PeopleMutations.audit(actor: user.id, subject: user.id, action: "absenceWithdrawn",
                                        changes: auditFields(kind, first, last, half), on: db)
        try await tellDeciders(about: user, kind, first, last, halfDay: half, withdrawn: true, site: site, on: db)
        return true
    }

    /// Approves or declines (with a reason) a waiting request the viewer decides (`AbsenceRules.decides`);
    /// nil when there is no such request for them (another team's, their own, another tenant's).
    public static func decide(
        _ id: UUID, approve: Bool, reason: String?, by viewer: User, site: MailSite, on db: TenantConnection
    ) async throws -> Result<Void, AbsenceRefusal>? {
        guard let found = try await absence(id, on: db), AbsenceRules.decides(viewer, for: found.person) else { return nil }
        guard approve || !(reason ?? "").isEmpty else { return .failure(.reasonMissing) }
        let changed: [PostgresRow]
        do {
            changed = try await db.savepoint("absence_decision") {
                try await db.query("""
                    UPDATE absences SET status = \(approve ? "approved" : "declined"), decided_by = \(viewer.id), decided_at = now(),
                           decision_reason = \(approve ? nil : reason)
                    WHERE tenant_id = \(db.tenant) AND id = \(id) AND status = 'pending'
                    RETURNING id
                    """).collect()
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "RM002" {
            return .failure(.monthClosed)
        }
        guard !changed.isEmpty else { return .failure(.notPending) }
        let absence = found.absence
        var fields = auditFields(absence.kind, absence.first, absence.last, absence.halfDay)
        if let reason, !approve { fields["reason"] = reason }
        try await PeopleMutations.audit(actor: viewer.id, subject: absence.userID, action: approve ? "absenceApproved" : "absenceDeclined",
                                        changes: fields, on: db)
        try await Notifier.tell([absence.userID], .absenceDecided(kind: absence.kind, first: absence.first, last: absence.last,
                                                                  approved: approve, reason: approve ? nil : reason),
                                site: site, on: db)
        return .success(())
    }

    private static func auditFields(_ kind: AbsenceKind, _ first: LocalDate, _ last: LocalDate, _ half: Bool) -> [String: String] {
        ["kind": kind.rawValue, "from": first.iso, "to": last.iso, "halfDay": half ? "yes" : "no"]
    }

    /// Mails whoever decides the person's requests: the leader of their team (when it is not
    /// themselves), else every admin but them.
    private static func tellDeciders(
        about user: User, _ kind: AbsenceKind, _ first: LocalDate, _ last: LocalDate, halfDay: Bool, withdrawn: Bool, site: MailSite,
        on db: TenantConnection
    ) async throws {
        try await Notifier.tell(try await deciders(of: user.id, on: db),
                                .absenceRequested(person: user.displayName, kind: kind, first: first, last: last, halfDay: halfDay,
                                                  withdrawn: withdrawn),
                                site: site, on: db)
    }
}

extension AbsenceQueries {
    /// Who decides a person's requests and months (`AbsenceRules.decides`), to be told: the leader
    /// of their team (when it is not themselves), else every active admin but them.
    static func deciders(of user: UUID, on db: TenantConnection) async throws -> [UUID] {
        try await db.query("""
            SELECT coalesce(
                (SELECT ARRAY[t.leader_id] FROM users u JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
                 WHERE u.tenant_id = \(db.tenant) AND u.id = \(user) AND t.leader_id IS NOT NULL AND t.leader_id <> u.id),
                ARRAY\(otherActiveAdmins: user, tenant: db.tenant))
            """).collect()[0].decode([UUID].self)
    }
}

/// The company's own days off.
public enum DaysOffQueries {
    public static func between(_ first: LocalDate, _ last: LocalDate, on db: TenantConnection) async throws -> DaysOff {
        var days: [LocalDate: String] = [:]
        for row in try await db.rows(of: { BetweenStatement(tenant: $0, first: first.iso, last: last.iso) }) {
            let (day, name) = try row.decode((String, String).self)
            if let day = LocalDate(iso: day) { days[day] = name }
        }
        return DaysOff(company: days)
    }

    /// The company's days off `o` from `first` through `last` (SQL expressions): `between`, and
    /// the reads of one's own pages (`OwnPageParts.daysOff`).
    static func among(tenant: String, first: String, last: String) -> String {
        "FROM company_days_off o WHERE o.tenant_id = \(tenant) AND o.day BETWEEN \(first) AND \(last)"
    }

    /// The statement of `between`, prepared (the team calendar, the API).
    struct BetweenStatement: RowsStatement {
        static let name = "roster_days_off_between"
        static let sql = "SELECT o.day::text, o.name " + among(tenant: "$1", first: "$2::date", last: "$3::date")
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .text, .text]

        let tenant: UUID, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, first, last) }
    }

    /// Adds a day off, or renames it; false when it is not a day the company works (a weekend or
    /// a public holiday: nothing to give).
    public static func save(_ day: LocalDate, name: String, on db: TenantConnection) async throws -> Bool {
        guard WorkingDays.isWorkingDay(day) else { return false }
        try await db.query("""
            INSERT INTO company_days_off (tenant_id, day, name) VALUES (\(db.tenant), \(day.iso)::date, \(name))
            ON CONFLICT (tenant_id, day) DO UPDATE SET name = EXCLUDED.name
            """)
        return true
    }

    public static func delete(_ day: LocalDate, on db: TenantConnection) async throws -> Bool {
        try await !db.query("""
            DELETE FROM company_days_off WHERE tenant_id = \(db.tenant) AND day = \(day.iso)::date RETURNING day
            """).collect().isEmpty
    }
}
