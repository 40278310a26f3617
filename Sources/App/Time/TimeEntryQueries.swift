import Foundation
import PostgresNIO

/// One entry as the pages show it: its day, its wall-clock span in the tenant's time zone, its
/// length in real seconds (a span over the autumn clock change is an hour longer than its clock
/// times say), and its project.
public struct TimeEntryRow: Sendable, Equatable {
    public let id: UUID
    public let day: LocalDate
    public let start: ClockTime
    public let end: ClockTime
    public let seconds: Int
    public let projectID: UUID
    public let project: String
    public let client: String
    public let billable: Bool
    public let description: String
}

/// Why an entry was not saved.
public enum TimeEntryRefusal: Error, Equatable, Sendable {
    /// The project is archived, or not open to the person.
    case projectUnavailable
    /// The person has no contract on the day.
    case noContract
    /// It would overlap this entry of the same person.
    case overlaps(TimeEntryRow)
    /// A duration that does not fit between the day's last entry and midnight.
    case noRoom
    /// A span the clock change swallows (02:00–03:00 on the spring day).
    case clockChange
    /// Its month (the entry's, or the day it moves to) is submitted or approved.
    case monthClosed

    /// The translation key of the message, and its arguments.
    public var message: (key: String, arguments: [String]) {
        switch self {
        case .projectUnavailable: ("time.error.projectUnavailable", [])
        case .noContract: ("time.error.noContract", [])
        case .overlaps(let other):
            ("time.error.overlaps", [other.day.iso, other.start.text, other.end.text, other.project, other.client])
        case .noRoom: ("time.error.noRoom", [])
        case .clockChange: ("time.error.clockChange", [])
        case .monthClosed: ("time.error.monthClosed", [])
        }
    }
}

/// A person's time entries: read by range, written with every rule the database keeps
/// (docs/ARCHITECTURE.md, Time tracking).
public enum TimeEntryQueries {
    /// The hour a duration-only entry starts at on an empty day.
    static let dayStart = ClockTime(minutes: 9 * 60)!

    /// The select list of `TimeEntryRow`, over `time_entries e`, `projects p`, `clients c`; the
    /// parameter `$1` is the tenant's time zone.
    private static let select = """
        SELECT e.id, e.work_date::text, \(clockMinutes(zone: "$1")),
               e.seconds, p.id, p.name, c.name, p.billable, e.description
        FROM time_entries e
        JOIN projects p ON p.tenant_id = e.tenant_id AND p.id = e.project_id
        JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
        """

    /// The wall-clock minutes of the day at which the entry `e` starts and ends, in the time zone
    /// `zone` (a parameter): two columns, read by `row` and by the time exports.
    ///
    /// `date_part` gives the seconds as a double, where `extract` gives a numeric: the two columns
    /// were about 8 % of the week's first view's statement (pgbench), and the double's arithmetic
    /// took about half of that away. The double is exact enough: an entry ends at most two days
    /// after its day's midnight, under 200,000 seconds, so its microseconds are off by far less
    /// than one, and a minute's floor never moves (`TimeEntryQueriesTests`).
    static func clockMinutes(zone: String) -> String {
        """
        floor(date_part('epoch', (e.started_at AT TIME ZONE \(zone)) - e.work_date::timestamp) / 60)::int,
               floor(date_part('epoch', (e.ended_at AT TIME ZONE \(zone)) - e.work_date::timestamp) / 60)::int
        """
    }

    private static func row(_ row: PostgresRow) throws -> TimeEntryRow {
        let (id, day, start, end, seconds, project, name, client, billable, description) =
            try row.decode((UUID, String, Int, Int, Int, UUID, String, String, Bool, String).self)
        return entry(id: id, day: day, start: start, end: end, seconds: seconds, projectID: project, project: name, client: client,
                     billable: billable, description: description)
    }

    /// An entry as read: the clock minutes kept within the day (`clockMinutes`).
    static func entry(id: UUID, day: String, start: Int, end: Int, seconds: Int, projectID: UUID, project: String, client: String,
                      billable: Bool, description: String) -> TimeEntryRow {
        TimeEntryRow(id: id, day: LocalDate(iso: day)!, start: ClockTime(minutes: min(max(start, 0), 1439))!,
                     end: ClockTime(minutes: min(max(end, 1), 1440))!, seconds: seconds, projectID: projectID,
                     project: project, client: client, billable: billable, description: description)
    }

    /// A person's entries from `first` through `last`, by day and start.
    public static func entries(
        of user: UUID, from first: LocalDate, through last: LocalDate, zone: String, on db: TenantConnection
    ) async throws -> [TimeEntryRow] {
        try await db.rows { DaysStatement(zone: zone, tenant: $0, user: user, first: first.iso, last: last.iso) }.map(row)
    }

    /// The statement of `entries`, prepared (the timesheet's week and the month of time).
    struct DaysStatement: RowsStatement {
        static let name = "roster_time_entries_of_days"
        static let sql = select + """

            WHERE e.tenant_id = $2 AND e.user_id = $3 AND e.work_date BETWEEN $4::date AND $5::date
            ORDER BY e.work_date, e.started_at
            """
        static let bindingDataTypes: [PostgresDataType] = [.text, .uuid, .uuid, .text, .text]

        let zone: String, tenant: UUID, user: UUID, first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(zone, tenant, user, first, last) }
    }

    /// One entry of the person; nil when it is not theirs or does not exist.
    public static func entry(_ id: UUID, of user: UUID, zone: String, on db: TenantConnection) async throws -> TimeEntryRow? {
        var sql = PostgresQuery(unsafeSQL: select + "\nWHERE e.tenant_id = $2 AND e.user_id = $3 AND e.id = $4")
        sql.binds = .of(zone, db.tenant, user, id)
        return try await db.query(sql).collect().first.map(row)
    }

    /// Adds (id nil) or changes one of the person's entries. The project must be open to the person
    /// (or be the entry's own project already), the person must have a contract on the day, and the
    /// span must not overlap another of their entries (the database's constraint decides; the
    /// refusal names the entry in the way). Nil `id` that names no entry of the person: nil result.
    public static func save(
        _ draft: TimeEntryDraft, id: UUID?, for user: UUID, zone: String, on db: TenantConnection
    ) async throws -> Result<UUID, TimeEntryRefusal>? {
        // $1 tenant, $2 person, $3 project, $4 day, $5 the entry changed (nil: a new one).
        var check = PostgresQuery(unsafeSQL: """
            SELECT EXISTS (SELECT FROM projects p WHERE p.tenant_id = $1 AND p.id = $3
                             AND (\(ProjectQueries.openTo(project: "p", person: "$2"))
                                  OR EXISTS (SELECT FROM time_entries o WHERE o.tenant_id = p.tenant_id AND o.id = $5
                                             AND o.user_id = $2 AND o.project_id = p.id))),
                   \(ProjectQueries.contractCovers(tenant: "$1", person: "$2", day: "$4::date")),
                   (SELECT max(o.ended_at) FROM time_entries o WHERE o.tenant_id = $1 AND o.user_id = $2
                      AND o.work_date = $4::date AND o.id IS DISTINCT FROM $5),
                   $5::uuid IS NULL OR EXISTS (SELECT FROM time_entries o WHERE o.tenant_id = $1 AND o.id = $5 AND o.user_id = $2)
            """)
        check.binds = .of(db.tenant, user, draft.project, draft.day.iso)
        check.binds.append(id)
        let rows = try await db.query(check).collect()
        let (projectOpen, contract, lastEnd, exists) = try rows[0].decode((Bool, Bool, Date?, Bool).self)
        guard exists else { return nil }
        guard projectOpen else { return .failure(.projectUnavailable) }
        guard contract else { return .failure(.noContract) }
        let start: Date, end: Date
        switch draft.span {
        case .clock(let from, let to):
            (start, end) = EntryInstants.span(draft.day, from, to, zone: zone)
        case .duration(let minutes):
            let dayStart = EntryInstants.instant(draft.day, Self.dayStart, zone: zone)
            start = max(lastEnd ?? dayStart, dayStart)
            end = start.addingTimeInterval(TimeInterval(minutes * 60))
            guard end <= EntryInstants.instant(draft.day, .endOfDay, zone: zone) else { return .failure(.noRoom) }
        }
        guard end > start else { return .failure(.clockChange) }
        return try await write(id: id, user: user, project: draft.project, day: draft.day, start: start, end: end,
                               description: draft.description, zone: zone, on: db)
    }

    /// Writes a span checked for everything but overlap, which the database refuses (the refusal
    /// names the entry in the way).
    static func write(
        id: UUID?, user: UUID, project: UUID, day: LocalDate, start: Date, end: Date, description: String, zone: String,
        on db: TenantConnection
    ) async throws -> Result<UUID, TimeEntryRefusal> {
        do {
            let saved = try await db.savepoint("time_entry") {
                if let id {
                    try await db.query("""
                        UPDATE time_entries SET project_id = \(project), work_date = \(day.iso)::date, started_at = \(start),
                               ended_at = \(end), description = \(description), updated_at = now()
                        WHERE tenant_id = \(db.tenant) AND id = \(id) AND user_id = \(user)
                        """)
                    return id
                }
                return try await db.query("""
                    INSERT INTO time_entries (tenant_id, user_id, project_id, work_date, started_at, ended_at, description)
                    VALUES (\(db.tenant), \(user), \(project), \(day.iso)::date, \(start), \(end), \(description))
                    RETURNING id
                    """).collect()[0].decode(UUID.self)
            }
            return .success(saved)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "RM001" {
            return .failure(.monthClosed)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23P01" {
            var sql = PostgresQuery(unsafeSQL: select + """

                WHERE e.tenant_id = $2 AND e.user_id = $3 AND tstzrange(e.started_at, e.ended_at) && tstzrange($4, $5)
                  AND e.id IS DISTINCT FROM $6
                ORDER BY e.started_at LIMIT 1
                """)
            sql.binds = .of(zone, db.tenant, user, start, end)
            sql.binds.append(id)
            guard let other = try await db.query(sql).collect().first.map(row) else { throw error }
            return .failure(.overlaps(other))
        }
    }

    /// Deletes one of the person's entries: nil when there is none such, a refusal when its month
    /// is closed.
    public static func delete(_ id: UUID, of user: UUID, on db: TenantConnection) async throws -> Result<Void, TimeEntryRefusal>? {
        do {
            let deleted = try await db.savepoint("time_entry_delete") {
                try await !db.query("""
                    DELETE FROM time_entries WHERE tenant_id = \(db.tenant) AND id = \(id) AND user_id = \(user) RETURNING id
                    """).collect().isEmpty
            }
            return deleted ? .success(()) : nil
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "RM001" {
            return .failure(.monthClosed)
        }
    }
}
