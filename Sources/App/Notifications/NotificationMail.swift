import Foundation

/// Who a notification goes to, as the database knows them when it is queued.
public struct MailRecipient: Sendable, Equatable {
    public let id: UUID
    public let email: String
    public let name: String
    public let language: Language
}

/// Where a tenant's mails point: the address people open and the tenant.
public struct MailSite: Sendable {
    public let publicURL: String
    public let tenant: Tenant
    public let translations: Translations

    public init(publicURL: String, tenant: Tenant, translations: Translations) {
        self.publicURL = publicURL
        self.tenant = tenant
        self.translations = translations
    }

    func url(_ path: String) -> String { publicURL + path }
}

/// One mail of a `MailKind`, composed and ready for the outbox.
public struct NotificationMail: Sendable, Equatable {
    public let kind: MailKind
    public let recipient: MailRecipient
    public let subject: String
    public let body: String
    /// The one-click unsubscribe address (RFC 8058) of this person and kind.
    public let unsubscribeURL: String
    /// Queued at most once per tenant with this key (a reminder); nil: every event is news.
    public let dedupeKey: String?
}

/// What an event says, in the recipient's language: the subject, the lines that are news, a link
/// to act on, and a footer that names the kind and how to stop it. Pure.
public enum NotificationText {
    /// What happened, for the body's first paragraph and the subject.
    public enum Event: Sendable, Equatable {
        case invoiceReturned(month: Month, reason: String?, invoice: UUID)
        case invoiceApproved(month: Month, amount: String?, invoice: UUID)
        case invoicePaid(month: Month, amount: String?, invoice: UUID)
        /// `when`: the day the rate takes effect; `amount` nil when a future rate was withdrawn.
        case rateChanged(from: LocalDate, amount: String?)
        case invoiceMissing(month: Month)
        /// What waits for an admin today: the home page's sentences, each with its address.
        case dailyDigest(day: LocalDate, items: [(text: String, path: String)])
        /// To whoever decides: `person` asks for (or, `withdrawn`, no longer asks for) time off.
        case absenceRequested(person: String, kind: AbsenceKind, first: LocalDate, last: LocalDate, halfDay: Bool, withdrawn: Bool)
        /// To the person: their request was approved or declined (with the reason).
        case absenceDecided(kind: AbsenceKind, first: LocalDate, last: LocalDate, approved: Bool, reason: String?)
        /// To whoever decides: `person` submitted their time of `month`.
        case monthSubmitted(person: String, personID: UUID, month: Month)
        /// To the person: their month was approved, or returned (or reopened) with the reason.
        case monthDecided(month: Month, approved: Bool, reason: String?)

        public var kind: MailKind {
            switch self {
            case .invoiceReturned: .invoiceReturned
            case .invoiceApproved: .invoiceApproved
            case .invoicePaid: .invoicePaid
            case .rateChanged: .rateChanged
            case .invoiceMissing: .invoiceReminder
            case .dailyDigest: .dailyDigest
            case .absenceRequested: .absenceRequested
            case .absenceDecided: .absenceDecided
            case .monthSubmitted: .monthSubmitted
            case .monthDecided: .monthDecided
            }
        }

        public static func == (a: Event, b: Event) -> Bool {
            switch (a, b) {
            case let (.invoiceReturned(m1, r1, i1), .invoiceReturned(m2, r2, i2)): m1 == m2 && r1 == r2 && i1 == i2
            case let (.invoiceApproved(m1, a1, i1), .invoiceApproved(m2, a2, i2)): m1 == m2 && a1 == a2 && i1 == i2
            case let (.invoicePaid(m1, a1, i1), .invoicePaid(m2, a2, i2)): m1 == m2 && a1 == a2 && i1 == i2
            case let (.rateChanged(d1, a1), .rateChanged(d2, a2)): d1 == d2 && a1 == a2
            case let (.invoiceMissing(m1), .invoiceMissing(m2)): m1 == m2
            case let (.dailyDigest(d1, i1), .dailyDigest(d2, i2)): d1 == d2 && i1.map(\.text) == i2.map(\.text) && i1.map(\.path) == i2.map(\.path)
            case let (.absenceRequested(p1, k1, f1, l1, h1, w1), .absenceRequested(p2, k2, f2, l2, h2, w2)):
                p1 == p2 && k1 == k2 && f1 == f2 && l1 == l2 && h1 == h2 && w1 == w2
            case let (.absenceDecided(k1, f1, l1, a1, r1), .absenceDecided(k2, f2, l2, a2, r2)):
                k1 == k2 && f1 == f2 && l1 == l2 && a1 == a2 && r1 == r2
            case let (.monthSubmitted(p1, i1, m1), .monthSubmitted(p2, i2, m2)): p1 == p2 && i1 == i2 && m1 == m2
            case let (.monthDecided(m1, a1, r1), .monthDecided(m2, a2, r2)): m1 == m2 && a1 == a2 && r1 == r2
            default: false
            }
        }
    }

    public static func compose(
        _ event: Event, to recipient: MailRecipient, site: MailSite, unsubscribeURL: String, dedupeKey: String? = nil
    ) -> NotificationMail {
        let t = Translator(site.translations, recipient.language)
        let slug = site.tenant.slug, company = site.tenant.name
        let subject: String, lines: [String], link: String
        switch event {
        case .invoiceReturned(let month, let reason, let invoice):
            subject = t("mail.invoiceReturned.subject", t.month(month))
            lines = [t("mail.invoiceReturned.body", t.month(month), company)]
                + (reason.map { [t("mail.invoiceReturned.reason", $0)] } ?? [])
                + [t("mail.invoiceReturned.next")]
            link = site.url(Paths.invoice(slug, invoice))
        case .invoiceApproved(let month, let amount, let invoice):
            subject = t("mail.invoiceApproved.subject", t.month(month))
            lines = [amount.map { t("mail.invoiceApproved.bodyAmount", t.month(month), $0) }
                        ?? t("mail.invoiceApproved.body", t.month(month))]
            link = site.url(Paths.invoice(slug, invoice))
        case .invoicePaid(let month, let amount, let invoice):
            subject = t("mail.invoicePaid.subject", t.month(month))
            lines = [amount.map { t("mail.invoicePaid.bodyAmount", t.month(month), $0) } ?? t("mail.invoicePaid.body", t.month(month))]
            link = site.url(Paths.invoice(slug, invoice))
        case .rateChanged(let from, let amount):
            subject = t("mail.rateChanged.subject", company)
            lines = [amount.map { t("mail.rateChanged.body", $0, from.iso) } ?? t("mail.rateChanged.withdrawn", from.iso)]
            link = site.url(Paths.earnings(slug))
        case .invoiceMissing(let month):
            subject = t("mail.invoiceMissing.subject", t.month(month))
            lines = [t("mail.invoiceMissing.body", t.month(month), company)]
            link = site.url(Paths.uploadInvoice(slug, month: month))
        case .dailyDigest(let day, let items):
            subject = t("mail.dailyDigest.subject", company, day.iso)
            lines = [t("mail.dailyDigest.body")] + items.map { $0.text + "\n" + site.url($0.path) }
            link = site.url(Paths.home(slug))
        case .absenceRequested(let person, let kind, let first, let last, let halfDay, let withdrawn):
            let days = AbsenceText.range(first, last, halfDay: halfDay, t: t)
            subject = t(withdrawn ? "mail.absenceWithdrawn.subject" : "mail.absenceRequested.subject", person)
            lines = [t(withdrawn ? "mail.absenceWithdrawn.body" : "mail.absenceRequested.body", person, t("absence.kind.\(kind.rawValue)"), days)]
            link = site.url(Paths.teamAbsences(slug, month: Month(first)))
        case .absenceDecided(let kind, let first, let last, let approved, let reason):
            let days = AbsenceText.range(first, last, halfDay: false, t: t)
            subject = t(approved ? "mail.absenceApproved.subject" : "mail.absenceDeclined.subject", t("absence.kind.\(kind.rawValue)"))
            lines = [t(approved ? "mail.absenceApproved.body" : "mail.absenceDeclined.body", t("absence.kind.\(kind.rawValue)"), days)]
                + (reason.map { [t("mail.absenceDeclined.reason", $0)] } ?? [])
            link = site.url(Paths.absences(slug))
        case .monthSubmitted(let person, let id, let month):
            subject = t("mail.monthSubmitted.subject", person, t.month(month))
            lines = [t("mail.monthSubmitted.body", person, t.month(month))]
            link = site.url(Paths.timeMonth(slug, month: month, person: id))
        case .monthDecided(let month, let approved, let reason):
            subject = t(approved ? "mail.monthApproved.subject" : "mail.monthReturned.subject", t.month(month))
            lines = [t(approved ? "mail.monthApproved.body" : "mail.monthReturned.body", t.month(month))]
                + (reason.map { [t("mail.absenceDeclined.reason", $0)] } ?? [])
            link = site.url(Paths.timeMonth(slug, month: month, person: nil))
        }
        let body = ([t("mail.greeting", recipient.name)] + lines + [link,
                     t("mail.footer.kind", t("mail.kind.\(event.kind.rawValue)")),
                     t("mail.footer.stop", unsubscribeURL),
                     t("mail.footer.preferences", site.url(Paths.preferences(slug))),
                     "Roster · " + company])
            .joined(separator: "\n\n")
        return NotificationMail(kind: event.kind, recipient: recipient, subject: subject, body: body,
                                unsubscribeURL: unsubscribeURL, dedupeKey: dedupeKey)
    }
}
