import Crypto
import Foundation
import PostgresNIO

/// Queues notifications in the caller's transaction (they go out only if it commits), set-based:
/// one statement reads the people an event concerns with their language and choice, one writes
/// every mail. People who turned a kind off, deactivated people and the person who acted are
/// left out. docs/ARCHITECTURE.md, "Notifications".
public enum Notifier {
    /// After a review action: the owner of each changed invoice hears of a return (with its
    /// reason), an approval or a payment. Undoing is not news to them.
    public static func invoicesChanged(
        by action: InvoiceAction, ids: [UUID], reasons: [UUID: String], actor: UUID, site: MailSite, on db: TenantConnection
    ) async throws {
        let kind: MailKind
        switch action {
        case .returnToEmployee: kind = .invoiceReturned
        case .approve: kind = .invoiceApproved
        case .markPaid: kind = .invoicePaid
        case .undoApproval, .undoPayment: return
        }
        guard !ids.isEmpty else { return }
        var facts: [(UUID, Month, String?, MailRecipient)] = []
        for try await row in try await db.query("""
            SELECT i.id, to_char(i.month, 'YYYY-MM'), i.amount_minor, i.currency, \(unescaped: recipientColumns)
            FROM invoices i JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            JOIN tenants t ON t.id = i.tenant_id
            LEFT JOIN mail_preferences p ON p.tenant_id = u.tenant_id AND p.user_id = u.id AND p.kind = \(kind.rawValue)
            WHERE i.tenant_id = \(db.tenant) AND i.id = ANY(\(ids)) AND u.id <> \(actor)
              AND u.active AND coalesce(p.wanted, \(kind.wantedByDefault))
            """) {
            let cells = Array(row)
            let id = try cells[0].decode(UUID.self), monthText = try cells[1].decode(String.self)
            let amount = try cells[2].decode(Int64?.self), currency = try cells[3].decode(String?.self)
            guard let month = Month(iso: monthText) else { continue }
            let money = amount.flatMap { minor in currency.map { (minor, $0) } }
            let recipient = try decodeRecipient(row, from: 4)
            let text = money.map { Money.format(minor: $0.0, currency: $0.1, language: recipient.language) }
            facts.append((id, month, text, recipient))
        }
        guard !facts.isEmpty else { return }
        let key = try await MailKeyQueries.key(on: db)
        let mails = facts.map { id, month, amount, recipient in
            let event: NotificationText.Event
            switch kind {
            case .invoiceReturned: event = .invoiceReturned(month: month, reason: reasons[id], invoice: id)
            case .invoiceApproved: event = .invoiceApproved(month: month, amount: amount, invoice: id)
            default: event = .invoicePaid(month: month, amount: amount, invoice: id)
            }
            return NotificationText.compose(event, to: recipient, site: site,
                                            unsubscribeURL: unsubscribeURL(site: site, key: key, user: recipient.id, kind: kind))
        }
        try await queue(mails, on: db)
    }

    /// After a rate of `person`'s was set, corrected or withdrawn by someone else.
    public static func rateChanged(
        for person: UUID, from day: LocalDate, amountMinor: Int64?, currency: String, actor: UUID, site: MailSite,
        on db: TenantConnection
    ) async throws {
        guard person != actor, let recipient = try await recipients([person], kind: .rateChanged, on: db)[person] else { return }
        let key = try await MailKeyQueries.key(on: db)
        let amount = amountMinor.map { Money.format(minor: $0, currency: currency, language: recipient.language) }
        try await queue([NotificationText.compose(
            .rateChanged(from: day, amount: amount), to: recipient, site: site,
            unsubscribeURL: unsubscribeURL(site: site, key: key, user: person, kind: .rateChanged))], on: db)
    }

    /// Mails `event` to each of `ids` who wants its kind (active, not turned off), in their own
    /// language, in the order of their addresses: an event that reads the same to everyone.
    public static func tell(_ ids: [UUID], _ event: NotificationText.Event, site: MailSite, on db: TenantConnection) async throws {
        let recipients = try await recipients(ids, kind: event.kind, on: db)
        guard !recipients.isEmpty else { return }
        let key = try await MailKeyQueries.key(on: db)
        try await queue(recipients.values.sorted { $0.email < $1.email }.map { recipient in
            NotificationText.compose(event, to: recipient, site: site,
                                     unsubscribeURL: unsubscribeURL(site: site, key: key, user: recipient.id, kind: event.kind))
        }, on: db)
    }

    /// The active people among `ids` who want mail of `kind`.
    public static func recipients(_ ids: [UUID], kind: MailKind, on db: TenantConnection) async throws -> [UUID: MailRecipient] {
        var found: [UUID: MailRecipient] = [:]
        for try await row in try await db.query("""
            SELECT \(unescaped: recipientColumns)
            FROM users u JOIN tenants t ON t.id = u.tenant_id
            LEFT JOIN mail_preferences p ON p.tenant_id = u.tenant_id AND p.user_id = u.id AND p.kind = \(kind.rawValue)
            WHERE u.tenant_id = \(db.tenant) AND u.id = ANY(\(ids)) AND u.active AND coalesce(p.wanted, \(kind.wantedByDefault))
            """) {
            let recipient = try decodeRecipient(row, from: 0)
            found[recipient.id] = recipient
        }
        return found
    }

    static let recipientColumns = """
        u.id, u.email, u.title, u.first_name, u.last_name, coalesce(u.preferred_language, t.default_language)
        """

    static func decodeRecipient(_ row: PostgresRow, from start: Int) throws -> MailRecipient {
        let cells = Array(row)
        let id = try cells[start].decode(UUID.self), email = try cells[start + 1].decode(String.self)
        let title = try cells[start + 2].decode(String.self), first = try cells[start + 3].decode(String.self)
        let last = try cells[start + 4].decode(String.self)
        let language = Language(rawValue: try cells[start + 5].decode(String.self)) ?? .cs
        let name = [title, first, last].filter { !$0.isEmpty }.joined(separator: " ")
        return MailRecipient(id: id, email: email, name: name, language: language)
    }

    /// The one-click address that turns `kind` off for `user`, signed with the tenant's mail key.
    public static func unsubscribeURL(site: MailSite, key: SymmetricKey, user: UUID, kind: MailKind) -> String {
        let signature = UnsubscribeLink.signature(key: key, tenant: site.tenant.id, user: user, kind: kind)
        return site.url(Paths.unsubscribe(site.tenant.slug, user: user, kind: kind, signature: signature))
    }

    /// Writes the mails to the outbox in one statement; a mail whose key was queued before
    /// (by this or another server) is skipped. The number queued.
    @discardableResult
    public static func queue(_ mails: [NotificationMail], on db: TenantConnection) async throws -> Int {
        guard !mails.isEmpty else { return 0 }
        return try await db.query("""
            WITH queued AS (
                INSERT INTO outbox (tenant_id, recipient, subject, body, dedupe_key, unsubscribe_url)
                SELECT \(db.tenant), m.recipient, m.subject, m.body, nullif(m.dedupe_key, ''), m.unsubscribe_url
                FROM unnest(\(mails.map(\.recipient.email))::text[], \(mails.map(\.subject))::text[], \(mails.map(\.body))::text[],
                            \(mails.map { $0.dedupeKey ?? "" })::text[], \(mails.map(\.unsubscribeURL))::text[])
                     AS m(recipient, subject, body, dedupe_key, unsubscribe_url)
                ON CONFLICT (tenant_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
                RETURNING 1)
            SELECT count(*)::int FROM queued
            """).collect()[0].decode(Int.self)
    }
}

/// The tenant's key for signing unsubscribe links: made with 32 random bytes the first time it is
/// needed, the same ever after (two servers making it at once keep the first).
public enum MailKeyQueries {
    public static func key(on db: TenantConnection) async throws -> SymmetricKey {
        let fresh = SecretToken.randomBytes(32)
        let rows = try await db.query("""
            WITH made AS (
                INSERT INTO mail_keys (tenant_id, key) VALUES (\(db.tenant), \(fresh)) ON CONFLICT (tenant_id) DO NOTHING
                RETURNING key)
            SELECT key FROM made UNION ALL SELECT key FROM mail_keys WHERE tenant_id = \(db.tenant)
            LIMIT 1
            """).collect()
        guard let row = rows.first else { throw PostgresKeyMissing() }
        return SymmetricKey(data: try row.decode(Data.self))
    }

    /// The key if the tenant has one (no link was ever signed without it); reads only.
    public static func existing(on db: TenantConnection) async throws -> SymmetricKey? {
        try await db.query("SELECT key FROM mail_keys WHERE tenant_id = \(db.tenant)").collect().first
            .map { SymmetricKey(data: try $0.decode(Data.self)) }
    }

    struct PostgresKeyMissing: Error {}
}
