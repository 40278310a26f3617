import Foundation
import Testing
@testable import App

/// "Today" and "this month" are the tenant's, by the application's clock: at the last and first
/// second of a month, and across the changes of summer time, in Prague and elsewhere.
@Suite struct BusinessClockTests {
    /// (instant, zone) → the day it is there.
    static let days: [(String, String, String)] = [
        ("2026-11-30T23:59:59+01:00", "Europe/Prague", "2026-11-30"),
        ("2026-12-01T00:00:00+01:00", "Europe/Prague", "2026-12-01"),
        ("2026-12-01T00:00:00+01:00", "UTC", "2026-11-30"),
        ("2026-12-31T23:30:00+00:00", "Europe/Prague", "2027-01-01"),
        // Summer time ends on 25 October 2026 at 03:00 CEST (01:00 UTC): the day stays the 25th.
        ("2026-10-25T02:59:59+02:00", "Europe/Prague", "2026-10-25"),
        ("2026-10-25T02:00:00+01:00", "Europe/Prague", "2026-10-25"),
        // Summer time begins on 29 March 2026; on 1 April 00:30 it is April in Prague (CEST, +2),
        // still March in UTC and in a zone that would wrongly keep winter time.
        ("2026-04-01T00:30:00+02:00", "Europe/Prague", "2026-04-01"),
        ("2026-04-01T00:30:00+02:00", "UTC", "2026-03-31"),
        ("2026-04-01T00:30:00+02:00", "Etc/GMT-1", "2026-03-31"),
        ("2026-02-28T23:59:59+01:00", "Europe/Prague", "2026-02-28"),
        ("2028-02-29T12:00:00+01:00", "Europe/Prague", "2028-02-29"),
    ]

    @Test func todayIsTheTenantsDay() throws {
        for (instant, zone, day) in Self.days {
            let clock = try #require(BusinessClock.fixed(instant))
            #expect(clock.today(in: zone).iso == day, "\(instant) in \(zone)")
            #expect(clock.month(in: zone) == Month(LocalDate(iso: day)!), "\(instant) in \(zone)")
        }
        #expect(BusinessClock.fixed("not a time") == nil)
    }

    /// Pages that default to "this month" follow the clock over a month's edge and a change of
    /// summer time: the desk's month and the month the upload form offers first.
    @Test(arguments: [("2026-11-30T23:59:59+01:00", "2026-11"), ("2026-12-01T00:00:00+01:00", "2026-12"),
                      ("2026-04-01T00:30:00+02:00", "2026-04"), ("2026-03-31T23:59:00+02:00", "2026-03")])
    func pagesOpenOnTheTenantsMonth(instant: String, month: String) async throws {
        try await withWorld(clock: try #require(BusinessClock.fixed(instant))) { world in
            var admin = try await world.signedIn(world.admin)
            let overview = try await admin.get(Paths.reviewOverview("acme"))
            #expect(overview.body.contains("name=\"month\" type=\"month\" value=\"\(month)\""), "\(instant)")
            var eva = try await world.signedIn(world.employee)
            let upload = try await eva.get(Paths.uploadInvoice("acme"))
            #expect(upload.body.contains("<option value=\"\(month)\" selected>"), "\(instant)")
        }
    }
}
