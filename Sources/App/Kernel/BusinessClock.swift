import Foundation

/// What day and month it is for the business: today's rate, the month an invoice is for, the
/// month a desk opens on. One per application (`AppSettings.clock`): the system's time when
/// serving, a fixed instant in tests, so that no test depends on the day it runs.
///
/// Expiry of secrets (sessions, sign-in links, tokens) is wall time, not this clock: it is
/// compared with the database's `now()`, and a test never needs it to stand still.
public struct BusinessClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The system's time.
    public static let system = BusinessClock { Date() }

    /// Always `instant`.
    public static func fixed(_ instant: Date) -> BusinessClock { BusinessClock { instant } }

    /// Always the instant of an ISO 8601 timestamp with its offset ("2026-11-30T23:59:59+01:00").
    public static func fixed(_ timestamp: String) -> BusinessClock? {
        ISO8601DateFormatter().date(from: timestamp).map(fixed)
    }

    public var now: Date { read() }

    /// Today in a time zone: the tenant's, which decides what "today" is.
    public func today(in zone: String) -> LocalDate { LocalDate.today(in: zone, now: read()) }

    /// This month in a time zone.
    public func month(in zone: String) -> Month { Month(today(in: zone)) }
}
