import Foundation
import PostgresNIO

/// A person's running timer, as every page shows it.
public struct RunningTimer: Sendable, Equatable {
    public let id: UUID
    public let projectID: UUID
    public let project: String
    public let client: String
    public let billable: Bool
    public let description: String
    public let startedAt: Date
}

/// How a stopped timer ends.
public enum TimerEnd: Sendable, Equatable {
    /// Now (refused when the timer ran over midnight or for more than 12 hours).
    case now
    /// At this time of the day it started.
    case at(ClockTime)
    /// Not recorded at all.
    case discard
}

public enum TimerStopOutcome: Sendable, Equatable {
    case recorded(UUID)
    case discarded
    /// Under a minute: not recorded.
    case tooShort
    /// The timer ran too long to end now: the person chooses an end.
    case needsEnd(RunningTimer, TimerOverrun)
    /// The chosen end is not on the timer's day after its start, or is in the future.
    case badEnd(RunningTimer)
    /// The entry would overlap another; the timer keeps running.
    case refused(RunningTimer, TimeEntryRefusal)
    /// The timer was stopped already (a second click, another tab): nothing changed.
    case alreadyStopped
}

public enum TimerStartOutcome: Sendable, Equatable {
    case started(UUID)
    /// The page that asked saw another timer than the one running now (a second click, another
    /// tab): nothing changed.
    case unchanged(RunningTimer?)
    /// The running timer could not be stopped to start the new one.
    case previousNotStopped(TimerStopOutcome)
    case refused(TimeEntryRefusal)
}

/// One running timer per person, kept in the database (docs/ARCHITECTURE.md, Time tracking).
/// Each change names the timer the page saw, so a repeated click changes nothing twice.
public enum TimerQueries {
    private static let select = """
        SELECT r.id, p.id, p.name, c.name, p.billable, r.description, r.started_at
        FROM running_timers r
        JOIN projects p ON p.tenant_id = r.tenant_id AND p.id = r.project_id
        JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
        """

    private static func timer(_ row: PostgresRow) throws -> RunningTimer {
        let (id, project, name, client, billable, description, started) =
            try row.decode((UUID, UUID, String, String, Bool, String, Date).self)
        return RunningTimer(id: id, projectID: project, project: name, client: client, billable: billable, description: description,
                            startedAt: started)
    }

    public static func running(of user: UUID, lock: Bool = false, on db: TenantConnection) async throws -> RunningTimer? {
        guard lock else { return try await db.rows { RunningStatement(tenant: $0, user: user) }.first.map(timer) }
        var sql = PostgresQuery(unsafeSQL: select + "\nWHERE r.tenant_id = $1 AND r.user_id = $2 FOR UPDATE OF r")
        sql.binds = .of(db.tenant, user)
        return try await db.query(sql).collect().first.map(timer)
    }

    /// The statement of `running` without a lock, prepared (every view of the timesheet).
    struct RunningStatement: RowsStatement {
        static let name = "roster_running_timer"
        static let sql = select + "\nWHERE r.tenant_id = $1 AND r.user_id = $2"
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]

        let tenant: UUID, user: UUID

        func makeBindings() throws -> PostgresBindings { .of(tenant, user) }
    }

    /// Starts a timer on a project open to the person, who has a contract today. `seen` is the
    /// timer the page showed running (nil: none); when another one runs now, nothing changes.
    /// A running timer the page showed is stopped first, as its own stop would.
    public static func start(
        project: UUID, description: String, seen: UUID?, for user: UUID, now: Date, zone: String, on db: TenantConnection
    ) async throws -> TimerStartOutcome {
        let current = try await running(of: user, lock: true, on: db)
        guard current?.id == seen else { return .unchanged(current) }
        let today = LocalDate.today(in: zone, now: now)
        var check = PostgresQuery(unsafeSQL: """
            SELECT EXISTS (SELECT FROM projects p WHERE p.tenant_id = $1 AND p.id = $3 AND \(ProjectQueries.openTo(project: "p", person: "$2"))),
                   \(ProjectQueries.contractCovers(tenant: "$1", person: "$2", day: "$4::date"))
            """)
        check.binds = .of(db.tenant, user, project, today.iso)
        let (open, contract) = try await db.query(check).collect()[0].decode((Bool, Bool).self)
        guard open else { return .refused(.projectUnavailable) }
        guard contract else { return .refused(.noContract) }
        if let current {
            let stopped = try await stop(current.id, end: .now, for: user, now: now, zone: zone, on: db)
            switch stopped {
            case .recorded, .tooShort: break
            default: return .previousNotStopped(stopped)
            }
        }
        do {
            let id = try await db.savepoint("timer") {
                try await db.query("""
                    INSERT INTO running_timers (tenant_id, user_id, project_id, description, started_at)
                    VALUES (\(db.tenant), \(user), \(project), \(description), \(now)) RETURNING id
                    """).collect()[0].decode(UUID.self)
            }
            return .started(id)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            // Another request started one between our look and our write.
            return .unchanged(try await running(of: user, on: db))
        }
    }

    /// Stops the person's timer `id` and records its entry (on the day it started); nothing
    /// changes when that timer is not running any more.
    public static func stop(
        _ id: UUID, end: TimerEnd, for user: UUID, now: Date, zone: String, on db: TenantConnection
    ) async throws -> TimerStopOutcome {
        guard let timer = try await running(of: user, lock: true, on: db), timer.id == id else { return .alreadyStopped }
        let span: (start: Date, end: Date)
        switch end {
        case .discard:
            try await remove(timer, on: db)
            return .discarded
        case .now:
            switch TimerRules.stop(start: timer.startedAt, now: now, zone: zone) {
            case .tooShort:
                try await remove(timer, on: db)
                return .tooShort
            case .needsEnd(let overrun): return .needsEnd(timer, overrun)
            case .entry(let start, let end): span = (start, end)
            }
        case .at(let time):
            guard let chosen = TimerRules.chosenEnd(time, start: timer.startedAt, now: now, zone: zone) else { return .badEnd(timer) }
            span = (timer.startedAt, chosen)
        }
        let day = LocalDate.today(in: zone, now: timer.startedAt)
        switch try await TimeEntryQueries.write(id: nil, user: user, project: timer.projectID, day: day, start: span.start,
                                                end: span.end, description: timer.description, zone: zone, on: db) {
        case .success(let entry):
            try await remove(timer, on: db)
            return .recorded(entry)
        case .failure(let refusal): return .refused(timer, refusal)
        }
    }

    private static func remove(_ timer: RunningTimer, on db: TenantConnection) async throws {
        try await db.query("DELETE FROM running_timers WHERE tenant_id = \(db.tenant) AND id = \(timer.id)")
    }
}
