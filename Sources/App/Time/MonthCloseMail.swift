import Foundation

/// The mails of the month closed (docs/ARCHITECTURE.md, The month closed): a submitted month to
/// whoever decides it, a decision to the person. Queued through the outbox in the caller's
/// transaction, so a mail exists exactly when the change committed.
enum MonthCloseMail {
    static func tellDeciders(of user: User, month: Month, site: MailSite, on db: TenantConnection) async throws {
        let recipients = try await Notifier.recipients(try await AbsenceQueries.deciders(of: user.id, on: db), kind: .monthSubmitted,
                                                       on: db)
        guard !recipients.isEmpty else { return }
        let key = try await MailKeyQueries.key(on: db)
        let event = NotificationText.Event.monthSubmitted(person: user.displayName, personID: user.id, month: month)
        try await Notifier.queue(recipients.values.sorted { $0.email < $1.email }.map { recipient in
            NotificationText.compose(event, to: recipient, site: site,
                                     unsubscribeURL: Notifier.unsubscribeURL(site: site, key: key, user: recipient.id, kind: .monthSubmitted))
        }, on: db)
    }

    /// Tells each person that their month was approved, or returned with `reason`.
    static func tellPeople(_ people: [UUID], month: Month, approved: Bool, reason: String?, site: MailSite,
                           on db: TenantConnection) async throws {
        let recipients = try await Notifier.recipients(people, kind: .monthDecided, on: db)
        guard !recipients.isEmpty else { return }
        let key = try await MailKeyQueries.key(on: db)
        let event = NotificationText.Event.monthDecided(month: month, approved: approved, reason: reason)
        try await Notifier.queue(recipients.values.sorted { $0.email < $1.email }.map { recipient in
            NotificationText.compose(event, to: recipient, site: site,
                                     unsubscribeURL: Notifier.unsubscribeURL(site: site, key: key, user: recipient.id, kind: .monthDecided))
        }, on: db)
    }
}
