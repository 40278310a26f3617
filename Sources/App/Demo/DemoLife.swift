import Foundation
import PDFInspection

/// Fills the demo company with the rest of its life: `DemoStaff`'s people in their teams with
/// contracts and rate histories, and six months of invoices (`DemoInvoicePlan`). Every invoice
/// goes the real way: its PDF is written, read by the real inspector, stored by
/// `InvoiceMutations.upload` and reviewed by `ReviewMutations.apply` as the demo's admin; then
/// each step is dated when the plan says it happened (the one rewrite of history a demo company
/// allows, migrations/0015_demo_company.sql). A person who is there already and an invoice of a
/// month that has one already are left as they are, so loading again adds nothing. Last, the
/// bank's statement of the payments it has made (`DemoStatement`).
enum DemoLife {
    struct Loaded: Sendable, Equatable {
        let people: Int
        let teams: Int
        let invoices: Int
    }

    struct InspectionFailed: Error, CustomStringConvertible {
        let file: String
        let why: String
        var description: String { "The demo invoice \(file) could not be read by the PDF inspector: \(why)" }
    }

    /// The core contractors' details, which `DemoData` does not need for signing in.
    static let coreInvoicing: [String: (street: String, companyID: String, account: String)] = [
        "petr.svoboda@acme.example": ("Slezská 48, Praha 2", "27112411", "2000145399/0800"),
        "eva.dvorakova@acme.example": ("Cejl 20, Brno", "24818895", "1234567899/0100"),
    ]

    static func populate(
        database: Database, tenant: Tenant, admin: User, clock: BusinessClock, inspector: PDFInspector
    ) async throws -> Loaded {
        let current = clock.month(in: tenant.timeZone)
        let (users, existing, stored) = try await database.transaction(tenant: tenant.id) { db in
            try await addStaff(current: current, tenant: tenant, on: db)
            let users = try await emails(on: db)
            // Everyone's whole history in one statement (no month: every contract and rate).
            return (users, try await invoiceMonths(on: db), try await ReviewQueries.contractsAndRates(of: Array(users.values), on: db))
        }
        // Planned from the contracts and rates as stored: a load in a later month keeps the dates
        // of the first one.
        let contractors = contractors(current: current, currency: tenant.currency).map { contractor in
            contractor.with(users[contractor.email].flatMap { stored[$0] })
        }
        let plan = DemoInvoicePlan.plan(contractors: contractors, current: current, now: clock.now, timeZone: tenant.timeZone)
        let due = plan.filter { !existing.contains(InvoiceKey(email: $0.email, month: $0.month)) }
        // Read every file before the transaction that stores them: no connection waits on the inspector.
        let byEmail = Dictionary(contractors.map { ($0.email, $0) }, uniquingKeysWith: { first, _ in first })
        var files: [String: (name: String, bytes: Data)] = [:]
        for invoice in due {
            guard let contractor = byEmail[invoice.email] else { continue }
            for case .upload(let document) in invoice.events.map(\.step) where files[fileKey(invoice, document)] == nil {
                let lines = DemoInvoicePlan.lines(document, of: contractor, month: invoice.month, customer: tenant.name)
                files[fileKey(invoice, document)] = (document.filename, TextPDF.invoice(lines))
            }
        }
        let reports = try await inspectAll(files, with: inspector)
        try await database.transaction(tenant: tenant.id) { db in
            try await db.query("SELECT set_config('roster.demo_rewrite', \(tenant.id.uuidString), true)")
            // Two loads at once: the second waits here, then finds the first one's invoices.
            try await db.query("SELECT pg_advisory_xact_lock(hashtextextended('roster-demo:' || \(tenant.id.uuidString), 0))")
            let stored = try await invoiceMonths(on: db)
            for invoice in due where !stored.contains(InvoiceKey(email: invoice.email, month: invoice.month)) {
                guard let user = users[invoice.email] else { continue }
                try await record(invoice, user: user, admin: admin, on: db) { document in
                    let key = fileKey(invoice, document)
                    guard let report = reports[key], let file = files[key] else { return nil }
                    return AcceptedUpload(filename: file.name, content: file.bytes, report: report)
                }
            }
        }
        // The bank's statement of what it has paid: matches wait on "Bank statements".
        try await database.transaction(tenant: tenant.id) { db in
            try await DemoStatement.importPayments(tenant: tenant, admin: admin, today: clock.today(in: tenant.timeZone), on: db)
        }
        // Clients, projects and the last three weeks of everyone's time.
        try await database.transaction(tenant: tenant.id) { db in
            try await DemoTime.populate(today: clock.today(in: tenant.timeZone), timeZone: tenant.timeZone, admin: admin.id, on: db)
        }
        return Loaded(people: DemoData.people.count + DemoStaff.hires.count, teams: 1 + DemoStaff.teams.count, invoices: due.count)
    }

    /// Every file read by the inspector, a few at a time (its own gate bounds how many run at once
    /// and refuses a long queue); the first file it cannot read stops the load.
    private static func inspectAll(
        _ files: [String: (name: String, bytes: Data)], with inspector: PDFInspector
    ) async throws -> [String: InspectionReport] {
        try await withThrowingTaskGroup(of: (String, InspectionReport).self) { group in
            var reports: [String: InspectionReport] = [:]
            var waiting = files.sorted { $0.key < $1.key }[...]
            func start() {
                guard let (key, file) = waiting.popFirst() else { return }
                group.addTask {
                    switch await inspector.inspect(file.bytes) {
                    case .inspected(let report): return (key, report)
                    case .failed(let why): throw InspectionFailed(file: file.name, why: why)
                    case .busy: throw InspectionFailed(file: file.name, why: "the inspector is busy")
                    }
                }
            }
            for _ in 0..<4 { start() }
            while let (key, report) = try await group.next() {
                reports[key] = report
                start()
            }
            return reports
        }
    }

    /// A file is made once for what it says: whose, for which month, and its document.
    private static func fileKey(_ invoice: DemoInvoicePlan.Invoice, _ document: DemoInvoicePlan.Document) -> String {
        "\(invoice.email) \(invoice.month.iso) \(document)"
    }

    /// Everyone who invoices the company, with their contracts and rates as the demo dates them.
    static func contractors(current: Month, currency: String) -> [DemoInvoicePlan.Contractor] {
        let core = DemoData.people.compactMap { seed -> DemoInvoicePlan.Contractor? in
            guard seed.contract.sendsInvoices, let details = coreInvoicing[seed.email] else { return nil }
            let contract = Contract(id: UUID(), kind: seed.contract, validFrom: LocalDate(iso: seed.since)!, validTo: nil,
                                    capacityTenths: seed.capacityTenths)
            let rates = seed.rates.map { Rate(effectiveFrom: LocalDate(iso: $0.from)!, amountMinor: $0.czk * 100, currency: currency) }
            return DemoInvoicePlan.Contractor(
                email: seed.email, name: "\(seed.first) \(seed.last)", street: details.street, companyID: details.companyID,
                account: details.account, contracts: [contract], rates: rates)
        }
        let hired = DemoStaff.hires.compactMap { hire -> DemoInvoicePlan.Contractor? in
            guard hire.contract.sendsInvoices, let street = hire.street, let companyID = hire.companyID,
                  let account = hire.account else { return nil }
            return DemoInvoicePlan.Contractor(
                email: hire.email, name: "\(hire.first) \(hire.last)", street: street, companyID: companyID, account: account,
                contracts: [hire.contract(current: current)], rates: hire.rates(current: current, currency: currency))
        }
        return core + hired
    }

    /// The staff, their teams, contracts and rates; a person who has a contract already is left alone.
    private static func addStaff(current: Month, tenant: Tenant, on db: TenantConnection) async throws {
        var teams: [String: UUID] = [:]
        for try await (id, name) in try await db.query("SELECT id, name FROM teams WHERE tenant_id = \(db.tenant)")
            .decode((UUID, String).self) {
            teams[name] = id
        }
        var newcomers: [(DemoStaff.Hire, User)] = []
        for (index, hire) in DemoStaff.hires.enumerated() {
            let user = try await UserQueries.upsert(email: hire.email, firstName: hire.first, lastName: hire.last,
                                                    title: hire.title, roles: hire.roles, on: db)
            guard try await PeopleQueries.contracts(of: user.id, on: db).isEmpty else { continue }
            newcomers.append((hire, user))
            let phone = "+420 7\(10 + index) 555 \(100 + index * 7)"
            try await db.query("""
                UPDATE users SET position = \(hire.position), phone = \(phone)
                WHERE tenant_id = \(db.tenant) AND id = \(user.id)
                """)
            if hire.leads, let team = hire.team {
                teams[team] = try await PeopleMutations.createTeam(name: team, leader: user.id, on: db)
            }
        }
        for (hire, user) in newcomers {
            if let name = hire.team, let team = teams[name] {
                try await PeopleMutations.setTeam(team, for: user.id, actor: nil, on: db)
            }
            try await PeopleMutations.addContract(hire.contract(current: current), for: user.id, actor: nil, on: db)
            for rate in hire.rates(current: current, currency: tenant.currency) {
                try await RateMutations.add(amountMinor: rate.amountMinor, currency: rate.currency, from: rate.effectiveFrom,
                                            for: user.id, actor: nil, notifying: nil, on: db)
            }
            if hire.leftMonthsAgo != nil { try await UserQueries.setActive(false, user: user.id, on: db) }
            // A contractor's supplier details, registered when they were hired: the desk compares
            // their invoices with this account and IČO.
            if let account = hire.account.flatMap({ CzechAccount($0) }), let ico = hire.companyID {
                try await db.query("""
                    INSERT INTO supplier_details (tenant_id, user_id, ico, billing_address, bank_account)
                    VALUES (\(db.tenant), \(user.id), \(ico), \(hire.street ?? ""), \(account.description))
                    ON CONFLICT (tenant_id, user_id) DO NOTHING
                    """)
            }
        }
    }

    private struct InvoiceKey: Hashable {
        let email: String
        let month: Month
    }

    private static func emails(on db: TenantConnection) async throws -> [String: UUID] {
        var users: [String: UUID] = [:]
        for try await (id, email) in try await db.query("SELECT id, email FROM users WHERE tenant_id = \(db.tenant)")
            .decode((UUID, String).self) {
            users[email] = id
        }
        return users
    }

    private static func invoiceMonths(on db: TenantConnection) async throws -> Set<InvoiceKey> {
        var keys: Set<InvoiceKey> = []
        for try await (email, month) in try await db.query("""
            SELECT u.email, to_char(i.month, 'YYYY-MM') FROM invoices i
            JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            WHERE i.tenant_id = \(db.tenant)
            """).decode((String, String).self) {
            if let month = Month(iso: month) { keys.insert(InvoiceKey(email: email, month: month)) }
        }
        return keys
    }

    /// One invoice's steps, each through the code that runs it for real, each then dated.
    private static func record(
        _ invoice: DemoInvoicePlan.Invoice, user: UUID, admin: User, on db: TenantConnection,
        file: (DemoInvoicePlan.Document) -> AcceptedUpload?
    ) async throws {
        var id: UUID?
        for event in invoice.events {
            let action: InvoiceAction, reason: String?
            switch event.step {
            case .upload(let document):
                guard let upload = file(document),
                      case .success(let stored) = try await InvoiceMutations.upload(upload, month: invoice.month, for: user,
                                                                                     actor: user, on: db)
                else { return }
                id = stored.invoice
                // The invoice keeps its current document's day (0028_list_columns.sql).
                try await db.query("""
                    WITH dated AS (
                        UPDATE invoice_documents SET uploaded_at = \(event.at)
                        WHERE tenant_id = \(db.tenant) AND invoice_id = \(stored.invoice) AND uploaded_at = now()
                        RETURNING id)
                    UPDATE invoices SET uploaded_at = \(event.at)
                    WHERE tenant_id = \(db.tenant) AND id = \(stored.invoice) AND document_id IN (SELECT id FROM dated)
                    """)
                try await dateHistory(of: stored.invoice, at: event.at, on: db)
                continue
            case .returned(let why): (action, reason) = (.returnToEmployee, why)
            case .approve: (action, reason) = (.approve, nil)
            case .pay: (action, reason) = (.markPaid, nil)
            }
            guard let id else { return }
            let version = try await db.query("SELECT version FROM invoices WHERE tenant_id = \(db.tenant) AND id = \(id)")
                .collect()[0].decode(Int.self)
            guard let command = try action.command(by: admin, picks: [ReviewPick(id: id, version: version, reason: reason)]).command,
                  try await ReviewMutations.apply(command, on: db)[id] == .changed else { return }
            try await dateHistory(of: id, at: event.at, on: db)
        }
        guard let id, let first = invoice.events.first?.at, let last = invoice.events.last?.at else { return }
        try await db.query("""
            UPDATE invoices SET created_at = \(first), updated_at = \(last) WHERE tenant_id = \(db.tenant) AND id = \(id)
            """)
    }

    /// The step just written (at the transaction's `now()`) happened at `at`.
    private static func dateHistory(of invoice: UUID, at: Date, on db: TenantConnection) async throws {
        try await db.query("""
            UPDATE invoice_history SET at = \(at) WHERE tenant_id = \(db.tenant) AND invoice_id = \(invoice) AND at = now()
            """)
    }
}
