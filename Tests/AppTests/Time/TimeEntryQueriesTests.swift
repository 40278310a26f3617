import Foundation
import PostgresNIO
import Testing
@testable import App

/// The wall-clock minutes of an entry's start and end (`TimeEntryQueries.clockMinutes`), worked
/// out from a double: the floor of the minute, to the microsecond, as the exact numeric gives it.
@Suite struct TimeEntryQueriesTests {
    @Test func clockMinutesAreTheWallClocksMinuteToTheMicrosecond() async throws {
        try await withWorld { world in
            // start, end, the entry's day, and the minutes of the day (in Prague) they fall in.
            let cases: [(String, String, String, Int, Int)] = [
                ("2026-11-02 08:00:00+01", "2026-11-02 08:00:59.999999+01", "2026-11-02", 480, 480),
                ("2026-11-02 08:00:59.999999+01", "2026-11-02 08:01:00+01", "2026-11-02", 480, 481),
                ("2026-11-02 00:00:00+01", "2026-11-02 23:59:59.999999+01", "2026-11-02", 0, 1_439),
                ("2026-11-02 23:59:59.999999+01", "2026-11-03 00:00:00+01", "2026-11-02", 1_439, 1_440),
                ("2026-11-02 23:00:00.000001+01", "2026-11-03 23:59:59.999999+01", "2026-11-02", 1_380, 2_879),
                // The night the clocks go back (25 October 2026): 01:30 summer time, 02:30 winter time.
                ("2026-10-25 01:30:00+02", "2026-10-25 02:30:00.5+01", "2026-10-25", 90, 150),
                // The night they go forward (29 March 2026): 01:59 and then 03:01.
                ("2026-03-29 01:59:59.999999+01", "2026-03-29 03:01:00+02", "2026-03-29", 119, 181),
            ]
            let values = cases.map { "('\($0.0)'::timestamptz, '\($0.1)'::timestamptz, '\($0.2)'::date)" }.joined(separator: ", ")
            let rows = try await world.database.asApp { connection in
                try await connection.query(PostgresQuery(unsafeSQL: """
                    SELECT \(TimeEntryQueries.clockMinutes(zone: "'Europe/Prague'")),
                           floor(extract(epoch FROM (e.started_at AT TIME ZONE 'Europe/Prague') - e.work_date::timestamp) / 60)::int,
                           floor(extract(epoch FROM (e.ended_at AT TIME ZONE 'Europe/Prague') - e.work_date::timestamp) / 60)::int
                    FROM (VALUES \(values)) e(started_at, ended_at, work_date)
                    """), logger: TestPostgres.logger).collect()
            }
            #expect(rows.count == cases.count)
            for (row, expected) in zip(rows, cases) {
                let (start, end, exactStart, exactEnd) = try row.decode((Int, Int, Int, Int).self)
                #expect(start == expected.3 && end == expected.4, "\(expected.0) – \(expected.1): \(start), \(end)")
                #expect(start == exactStart && end == exactEnd)
            }
        }
    }
}
