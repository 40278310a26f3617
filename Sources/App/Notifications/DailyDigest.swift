import Foundation
import PostgresNIO

/// The admins' daily digest (opt-in, `MailKind.dailyDigest`): on working days from 7:00 in the
/// company's time zone, each admin who asked for it gets what the home page lists for them, and
/// only when it lists something. Queued once per person and day (the outbox's once-only key).
public enum DailyDigest {
    public static let fromHour = 7

    /// Whether digests go out at `hour` on `today` (the company's local time). Pure.
    public static func isDue(today: LocalDate, hour: Int) -> Bool {
        hour >= fromHour && WorkingDays.isWorkingDay(today)
    }

    /// Queues the digests of one company for `today`; the number queued.
    static func queue(today: LocalDate, site: MailSite, on db: TenantConnection) async throws -> Int {
        var admins: [User] = []
        for try await row in try await db.query("""
            SELECT \(unescaped: UserQueries.columns()) FROM users
            JOIN mail_preferences p ON p.tenant_id = users.tenant_id AND p.user_id = users.id
                                   AND p.kind = \(MailKind.dailyDigest.rawValue) AND p.wanted
            WHERE users.tenant_id = \(db.tenant) AND \(activeAdmin: "users")
              AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.tenant_id = users.tenant_id
                              AND o.dedupe_key = \(MailKind.dailyDigest.rawValue) || '/' || \(today.iso) || '/' || users.id::text)
            """) {
            admins.append(try UserQueries.decode(NamedRow(row)))
        }
        guard !admins.isEmpty else { return 0 }
        let recipients = try await Notifier.recipients(admins.map(\.id), kind: .dailyDigest, on: db)
        let key = try await MailKeyQueries.key(on: db)
        var mails: [NotificationMail] = []
        for admin in admins {
            guard let recipient = recipients[admin.id] else { continue }
            let agenda = try await HomeAgenda.read(for: admin, today: today, on: db)
            let due = HomePage.due(agenda, slug: site.tenant.slug, t: Translator(site.translations, recipient.language))
            guard !due.isEmpty else { continue }
            mails.append(NotificationText.compose(
                .dailyDigest(day: today, items: due.map { ($0.text, $0.href) }), to: recipient, site: site,
                unsubscribeURL: Notifier.unsubscribeURL(site: site, key: key, user: admin.id, kind: .dailyDigest),
                dedupeKey: onceKey(today: today, user: admin.id)))
        }
        return try await Notifier.queue(mails, on: db)
    }

    public static func onceKey(today: LocalDate, user: UUID) -> String {
        "\(MailKind.dailyDigest.rawValue)/\(today.iso)/\(user.lowercasedString)"
    }
}
