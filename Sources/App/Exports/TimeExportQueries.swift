import Foundation
import PostgresNIO

/// One entry of an export of worked time: whose it is, and the entry as the time pages show it.
public struct TimeExportRow: Sendable, Equatable {
    public let personID: UUID
    /// "Eva Dvořáková".
    public let name: String
    public let email: String
    public let entry: TimeEntryRow

    public init(personID: UUID, name: String, email: String, entry: TimeEntryRow) {
        self.personID = personID
        self.name = name
        self.email = email
        self.entry = entry
    }
}

/// The entries of an export of worked time (docs/ARCHITECTURE.md, Exports).
public enum TimeExportQueries {
    /// The rows `viewer` may export: `viewTime` with its reach; nil when the filter names a
    /// person out of that reach (a 404, as that person's month page). Two statements at most.
    public static func rows(
        _ filter: TimeExportFilter, for viewer: User, zone: String, limit: Int = ExportTable.maxRows, on db: TenantConnection
    ) async throws -> [TimeExportRow]? {
        if let id = filter.person {
            guard let person = try await PeopleQueries.person(id, on: db), Permissions.can(viewer, .viewTime, .person(person.subject))
            else { return nil }
        }
        let reach = Permissions.reach(of: viewer.roles, for: .viewTime) ?? .own
        return try await rows(filter, visibleTo: viewer.id, reach: reach, zone: zone, limit: limit, on: db)
    }

    /// Every entry the filter names of the people `viewer` may see with `reach` (themselves, the
    /// teams they lead, everyone: `TimeReportQueries.inReach`, the month page's rule), by person
    /// (surname, first name) and then by day and start; at most `limit` and one more, which tells
    /// the caller that the file would leave entries out (`isCut`). One statement;
    /// inactive people's entries too (time worked stays worked).
    public static func rows(
        _ filter: TimeExportFilter, visibleTo viewer: UUID, reach: Reach, zone: String, limit: Int = ExportTable.maxRows,
        on db: TenantConnection
    ) async throws -> [TimeExportRow] {
        var sql = PostgresQuery(unsafeSQL: """
            SELECT u.id, u.first_name || ' ' || u.last_name, u.email,
                   e.id, e.work_date::text, \(TimeEntryQueries.clockMinutes(zone: "$1")),
                   e.seconds, p.id, p.name, c.name, p.billable, e.description
            FROM time_entries e
            JOIN users u ON u.tenant_id = e.tenant_id AND u.id = e.user_id
            JOIN projects p ON p.tenant_id = e.tenant_id AND p.id = e.project_id
            JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE e.tenant_id = $2 AND e.work_date BETWEEN $3::date AND $4::date
              AND \(TimeReportQueries.inReach(reach, person: "u", tenant: "$2", viewer: "$5"))
              AND ($6::uuid IS NULL OR u.id = $6)
              AND ($7::uuid IS NULL OR u.team_id = $7)
              AND ($8::uuid IS NULL OR p.id = $8)
              AND ($9::uuid IS NULL OR c.id = $9)
            ORDER BY u.sort_last, u.sort_first, u.id, e.work_date, e.started_at
            LIMIT $10
            """)
        var binds = PostgresBindings()
        binds.append(zone)
        binds.append(db.tenant)
        binds.append(filter.first.iso)
        binds.append(filter.last.iso)
        binds.append(viewer)
        for id in [filter.person, filter.team, filter.project, filter.client] { binds.append(id) }
        binds.append(min(limit, ExportTable.maxRows) + 1)
        sql.binds = binds
        return try await db.query(sql).collect().map { row in
            let (person, name, email, id, day, start, end, seconds, project, projectName, client, billable, description) =
                try row.decode((UUID, String, String, UUID, String, Int, Int, Int, UUID, String, String, Bool, String).self)
            return TimeExportRow(personID: person, name: name, email: email, entry: TimeEntryQueries.entry(
                id: id, day: day, start: start, end: end, seconds: seconds, projectID: project, project: projectName, client: client,
                billable: billable, description: description))
        }
    }

    /// Whether rows read by `rows` with `limit` hold more entries than a file takes: the export is
    /// refused, not cut.
    public static func isCut(_ rows: [TimeExportRow], limit: Int = ExportTable.maxRows) -> Bool {
        rows.count > min(limit, ExportTable.maxRows)
    }
}
