import Foundation
import PostgresNIO
import Vapor

/// A change of supplier details a contractor proposed for themselves, waiting for an admin.
public struct SupplierProposal: Sendable, Equatable {
    public let id: UUID
    public let details: SupplierDetails
    /// The version of the details it was made on.
    public let basedOn: Int
    /// "YYYY-MM-DD HH:MM" in the company's time zone.
    public let proposedAt: String
}

/// What proposing or deciding did.
public enum SupplierProposalOutcome: Sendable, Equatable {
    case proposed
    /// The proposal equals the details as they are.
    case unchanged
    /// The details changed since the form (or the proposal) was made.
    case stale
    case confirmed
    case declined
    /// One's own proposal, which another admin of the company decides.
    case ownDetails
    case notFound
}

public enum SupplierProposalQueries {
    /// The person's waiting proposal, if any.
    public static func waiting(of user: UUID, on db: TenantConnection) async throws -> SupplierProposal? {
        let rows = try await db.query("""
            SELECT p.id, p.ico, p.dic, p.vat_payer, p.billing_address, p.bank_account, p.iban, p.based_on,
                   to_char(p.proposed_at AT TIME ZONE t.time_zone, 'YYYY-MM-DD HH24:MI')
            FROM supplier_proposals p JOIN tenants t ON t.id = p.tenant_id
            WHERE p.tenant_id = \(db.tenant) AND p.user_id = \(user) AND p.decided_at IS NULL
            """).collect()
        guard let (id, ico, dic, vat, address, account, iban, basedOn, at) = try rows.first?.decode(
            (UUID, String?, String?, Bool, String, String?, String?, Int, String).self) else { return nil }
        return SupplierProposal(
            id: id, details: SupplierDetails(ico: ico, dic: dic, vatPayer: vat, billingAddress: address,
                                             account: account.flatMap(CzechAccount.init(stored:)), iban: iban.map(IBAN.init(stored:))),
            basedOn: basedOn, proposedAt: at)
    }

    /// The signed-in person proposes `details` for themselves, made on `version` of their details;
    /// a waiting proposal of theirs is replaced, under a new id, so an admin's decision on the one
    /// they saw never confirms another. Audited, and the company's admins are told by mail. Who
    /// may is the use case's (`SupplierDetailsActions.propose`).
    public static func propose(
        _ details: SupplierDetails, basedOn version: Int, by user: User, site: MailSite, on db: TenantConnection
    ) async throws -> SupplierProposalOutcome {
        guard let (current, currentVersion) = try await SupplierDetailsQueries.load(user.id, on: db, lock: true) else { return .notFound }
        guard currentVersion == version else { return .stale }
        let changes = SupplierDetails.changes(from: current, to: details)
        guard !changes.isEmpty else { return .unchanged }
        try await db.query("""
            INSERT INTO supplier_proposals (tenant_id, user_id, ico, dic, vat_payer, billing_address, bank_account, iban, based_on)
            VALUES (\(db.tenant), \(user.id), \(details.ico), \(details.dic), \(details.vatPayer), \(details.billingAddress),
                    \(details.account?.description), \(details.iban?.value), \(version))
            ON CONFLICT (tenant_id, user_id) WHERE decided_at IS NULL DO UPDATE
            SET id = gen_random_uuid(), ico = excluded.ico, dic = excluded.dic, vat_payer = excluded.vat_payer,
                billing_address = excluded.billing_address, bank_account = excluded.bank_account, iban = excluded.iban,
                based_on = excluded.based_on, proposed_at = now()
            """)
        try await PeopleMutations.audit(actor: user.id, subject: user.id, action: "supplierProposed", changes: changes, on: db)
        try await Notifier.supplierProposalMade(by: user, site: site, on: db)
        return .proposed
    }

    /// An admin confirms (saved as their own change: audited, a changed account mailed) or
    /// declines a waiting proposal. Confirming needs the details still at the version the proposal
    /// was made on. One's own proposal is decided by another admin, never by oneself
    /// (`OwnInvoiceRule`). Who may is the use case's (`SupplierDetailsActions.decide`).
    public static func decide(
        _ id: UUID, of person: UUID, confirm: Bool, by admin: User, site: MailSite, on db: TenantConnection
    ) async throws -> SupplierProposalOutcome {
        // The person's row first, as `propose` and `save` lock it: a proposal replaced or decided
        // meanwhile is seen as it is after that, and two decisions queue.
        guard try await SupplierDetailsQueries.load(person, on: db, lock: true) != nil,
              let proposal = try await waiting(of: person, on: db), proposal.id == id else { return .notFound }
        if person == admin.id { return .ownDetails }
        if confirm {
            switch try await SupplierDetailsQueries.save(proposal.details, for: person, version: proposal.basedOn, by: admin,
                                                         site: site, on: db) {
            case .saved, .unchanged: break
            case .stale: return .stale
            case .notFound: return .notFound
            case .ownDetails: return .ownDetails
            }
        } else {
            try await PeopleMutations.audit(actor: admin.id, subject: person, action: "supplierDeclined", changes: [:], on: db)
        }
        let decided = try await db.query("""
            UPDATE supplier_proposals SET decided_at = now(), decided_by = \(admin.id), confirmed = \(confirm)
            WHERE tenant_id = \(db.tenant) AND id = \(id) AND decided_at IS NULL
            RETURNING id
            """).collect()
        // Under the lock this cannot miss; were it to, nothing of the decision may stand.
        guard decided.count == 1 else { throw Abort(.conflict) }
        return confirm ? .confirmed : .declined
    }
}

extension Notifier {
    /// Tells the company's active admins (but the proposer) that someone proposed a change of
    /// their supplier details, with a link to the profile where it is decided.
    static func supplierProposalMade(by person: User, site: MailSite, on db: TenantConnection) async throws {
        for try await row in try await db.query("""
            SELECT \(unescaped: recipientColumns)
            FROM users u JOIN tenants t ON t.id = u.tenant_id
            WHERE u.tenant_id = \(db.tenant) AND \(activeAdmin: "u") AND u.id <> \(person.id)
            """) {
            let admin = try decodeRecipient(row, from: 0)
            let t = Translator(site.translations, admin.language)
            let body = [t("mail.greeting", admin.name), t("mail.proposal.body", person.displayName),
                        site.url(Paths.person(site.tenant.slug, person.id)) + "#supplier", "Roster · " + site.tenant.name]
                .joined(separator: "\n\n")
            _ = try await OutboxQueries.enqueue(to: admin.email, subject: t("mail.proposal.subject", person.displayName),
                                                body: body, on: db)
        }
    }
}
