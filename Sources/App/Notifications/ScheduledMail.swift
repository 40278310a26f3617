import Foundation
import Logging
import PostgresNIO

/// The mail Roster sends by the calendar, not by an event: reminders to the people with an IČO
/// contract whose invoice for a month is missing, on the company's reminder days
/// (`ReminderSchedule`), and the admins' daily digest (`DailyDigest`). Each pass reads every
/// company's settings in one statement and opens a company's transaction only when something is
/// due there. Each mail is queued once per person and month and rule (a reminder) or day (a
/// digest) however many passes, servers or restarts there are: the outbox's once-only key decides
/// (migration 0014), not timing.
public struct ScheduledMail: Sendable {
    public let database: Database
    public let clock: BusinessClock
    public let publicURL: String
    public let translations: Translations
    public let logger: Logger

    public init(database: Database, clock: BusinessClock, publicURL: String, translations: Translations, logger: Logger) {
        self.database = database
        self.clock = clock
        self.publicURL = publicURL
        self.translations = translations
        self.logger = logger
    }

    /// One pass over every company; the number of mails queued.
    @discardableResult
    public func queueDue() async throws -> Int {
        var companies: [(Tenant, ReminderDays)] = []
        for try await row in try await database.query("""
            SELECT \(unescaped: TenantQueries.columns), invoice_reminder_before_end, invoice_reminder_after_start FROM tenants
            """) {
            let tenant = try TenantQueries.decode(row)
            let cells = Array(row)
            let days = ReminderDays(beforeEnd: try cells[cells.count - 2].decode(Int.self),
                                    afterStart: try cells[cells.count - 1].decode(Int.self))
            companies.append((tenant, days))
        }
        var queued = 0
        for (tenant, days) in companies {
            let (today, hour) = Self.localDayAndHour(clock.now, zone: tenant.timeZone)
            let reminders = ReminderSchedule.due(today: today, hour: hour, days: days)
            let digest = DailyDigest.isDue(today: today, hour: hour)
            guard !reminders.isEmpty || digest else { continue }
            let site = MailSite(publicURL: publicURL, tenant: tenant, translations: translations)
            // One company's failure is logged and tried again at the next pass; the others go on.
            do {
                queued += try await database.transaction(tenant: tenant.id) { db in
                    // One server does a company's pass; the others pass it by (the once-only keys
                    // would drop their copies anyway, but the work would be done twice).
                    guard try await db.claim(job: "scheduled-mail") else { return 0 }
                    var queued = 0
                    for due in reminders {
                        queued += try await remind(due, site: site, on: db)
                    }
                    if digest { queued += try await DailyDigest.queue(today: today, site: site, on: db) }
                    return queued
                }
            } catch {
                if error is CancellationError || DatabaseUnavailable.from(error) != nil { throw error }
                logger.error("scheduled mail of \(tenant.slug) failed: \(String(describing: error).prefix(300))")
            }
        }
        return queued
    }

    /// Queues the reminder for everyone it concerns in one company: three statements.
    func remind(_ due: ReminderSchedule.Due, site: MailSite, on db: TenantConnection) async throws -> Int {
        let missing = try await OverviewQueries.missing(month: due.month, timeZone: site.tenant.timeZone, on: db).map(\.userID)
        guard !missing.isEmpty else { return 0 }
        let recipients = try await Notifier.recipients(missing, kind: .invoiceReminder, on: db)
        guard !recipients.isEmpty else { return 0 }
        let key = try await MailKeyQueries.key(on: db)
        let mails = recipients.values.sorted { $0.email < $1.email }.map { recipient in
            NotificationText.compose(
                .invoiceMissing(month: due.month), to: recipient, site: site,
                unsubscribeURL: Notifier.unsubscribeURL(site: site, key: key, user: recipient.id, kind: .invoiceReminder),
                dedupeKey: ReminderSchedule.onceKey(due, user: recipient.id))
        }
        return try await Notifier.queue(mails, on: db)
    }

    static func localDayAndHour(_ now: Date, zone: String) -> (LocalDate, Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: now)
        let day = LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? LocalDate.today(in: zone, now: now)
        return (day, parts.hour ?? 0)
    }

    /// Passes until cancelled; a failing pass is logged and retried at the next.
    public func run(every interval: Duration) async {
        while !Task.isCancelled {
            do {
                let queued = try await queueDue()
                if queued > 0 { logger.info("queued \(queued) scheduled mail(s)") }
            } catch {
                logger.error("scheduled mail failed: \(String(describing: error).prefix(300))")
            }
            try? await Task.sleep(for: interval)
        }
    }
}
