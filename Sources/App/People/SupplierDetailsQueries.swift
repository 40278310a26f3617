import Foundation
import PostgresNIO
import Vapor

/// What saving supplier details did.
public enum SupplierDetailsOutcome: Sendable, Equatable {
    /// Saved; whether the registered account is another one now (the person was told by mail).
    case saved(accountChanged: Bool)
    case unchanged
    /// Someone changed the details after the form was loaded.
    case stale
    /// One's own details, which another admin of the company changes (or confirms as proposed).
    case ownDetails
    case notFound
}

public enum SupplierDetailsQueries {
    /// A person's supplier details and their version (0 while none were saved); nil when the
    /// person is not in this tenant.
    public static func load(
        _ user: UUID, on db: TenantConnection, lock: Bool = false
    ) async throws -> (details: SupplierDetails, version: Int)? {
        let rows = try await db.query("""
            SELECT u.id, s.ico, s.dic, coalesce(s.vat_payer, false), coalesce(s.billing_address, ''), s.bank_account, s.iban,
                   coalesce(s.version, 0)
            FROM users u LEFT JOIN supplier_details s ON s.tenant_id = u.tenant_id AND s.user_id = u.id
            WHERE u.tenant_id = \(db.tenant) AND u.id = \(user)
            \(unescaped: lock ? "FOR UPDATE OF u" : "")
            """).collect()
        guard let (_, ico, dic, vat, address, account, iban, version) = try rows.first?.decode(
            (UUID, String?, String?, Bool, String, String?, String?, Int).self) else { return nil }
        return (SupplierDetails(ico: ico, dic: dic, vatPayer: vat, billingAddress: address,
                                account: account.flatMap(CzechAccount.init(stored:)), iban: iban.map(IBAN.init(stored:))),
                version)
    }

    /// Saves `details` for `person` if they are still at `version`, in the caller's transaction:
    /// the person's row is locked (two admins saving at once queue), the change is audited, and a
    /// change of the registered account is mailed to the person, whatever their mail choices: it
    /// is a warning, not a notification. Who may is the use case's (`SupplierDetailsActions.save`).
    /// An admin's own details are set by another admin, never by themselves (the account they are
    /// paid to is money moving towards them: `OwnInvoiceRule`).
    public static func save(
        _ details: SupplierDetails, for person: UUID, version: Int, by actor: User, site: MailSite, on db: TenantConnection
    ) async throws -> SupplierDetailsOutcome {
        guard let (old, current) = try await load(person, on: db, lock: true) else { return .notFound }
        if person == actor.id { return .ownDetails }
        guard current == version else { return .stale }
        let changes = SupplierDetails.changes(from: old, to: details)
        guard !changes.isEmpty else { return .unchanged }
        try await db.query("""
            INSERT INTO supplier_details (tenant_id, user_id, ico, dic, vat_payer, billing_address, bank_account, iban, updated_by)
            VALUES (\(db.tenant), \(person), \(details.ico), \(details.dic), \(details.vatPayer), \(details.billingAddress),
                    \(details.account?.description), \(details.iban?.value), \(actor.id))
            ON CONFLICT (tenant_id, user_id) DO UPDATE
            SET ico = excluded.ico, dic = excluded.dic, vat_payer = excluded.vat_payer,
                billing_address = excluded.billing_address, bank_account = excluded.bank_account, iban = excluded.iban,
                updated_by = excluded.updated_by, updated_at = now(), version = supplier_details.version + 1
            """)
        let accountChanged = SupplierDetails.accountChanged(from: old, to: details)
        try await PeopleMutations.audit(actor: actor.id, subject: person, action: accountChanged ? "supplierAccount" : "supplierDetails",
                                        changes: changes, on: db)
        if accountChanged { try await Notifier.registeredAccountChanged(for: person, from: old, to: details, by: actor, site: site, on: db) }
        return .saved(accountChanged: accountChanged)
    }
}

extension Notifier {
    /// Tells a person that the account Roster pays them to was set, replaced or removed: always
    /// (not a kind one can turn off), to their work address and, when they have one, their
    /// personal address too, since the work mailbox may be the one taken over.
    static func registeredAccountChanged(
        for person: UUID, from old: SupplierDetails, to new: SupplierDetails, by actor: User, site: MailSite,
        on db: TenantConnection
    ) async throws {
        let rows = try await db.query("""
            SELECT \(unescaped: recipientColumns), u.personal_email
            FROM users u JOIN tenants t ON t.id = u.tenant_id
            WHERE u.tenant_id = \(db.tenant) AND u.id = \(person)
            """).collect()
        guard let row = rows.first else { return }
        let recipient = try decodeRecipient(row, from: 0)
        let personal = try Array(row)[6].decode(String?.self)
        let mail = AccountChangeMail.compose(old: old, new: new, actor: actor.displayName, to: recipient, site: site)
        for address in [recipient.email] + (personal.map { [$0] } ?? []) where !address.isEmpty {
            _ = try await OutboxQueries.enqueue(to: address, subject: mail.subject, body: mail.body, on: db)
        }
    }
}

/// The warning that a registered account changed, in the person's language. Pure.
enum AccountChangeMail {
    static func compose(
        old: SupplierDetails, new: SupplierDetails, actor: String, to recipient: MailRecipient, site: MailSite
    ) -> (subject: String, body: String) {
        let t = Translator(site.translations, recipient.language)
        let company = site.tenant.name
        let change = new.accountText == nil ? t("mail.account.removed", actor)
            : old.accountText == nil ? t("mail.account.set", actor, SupplierDetails.masked(new.accountText))
            : t("mail.account.changed", actor, SupplierDetails.masked(old.accountText), SupplierDetails.masked(new.accountText))
        let body = [t("mail.greeting", recipient.name), change, t("mail.account.warning", company),
                    site.url(Paths.profile(site.tenant.slug)), "Roster · " + company].joined(separator: "\n\n")
        return (t("mail.account.subject", company), body)
    }
}
