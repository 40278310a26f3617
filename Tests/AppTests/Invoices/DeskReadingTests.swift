import Foundation
import PostgresNIO
import Testing
@testable import App

/// The desk's rows are read beside its people, in one part or several at once, each on another
/// connection (`DeskReading.read(month:state:on:alongside:parts:)`): the same rows in the same
/// order, with the same lines, as one transaction reads; the tenant's rows only; and without a
/// second connection free, the request's own connection reads every part.
@Suite struct DeskReadingTests {
    static let month = PreparedListTests.month

    @Test func partsReadAtOnceReadWhatOneTransactionReadsInTheDesksOrder() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            try await world.db.transaction(tenant: acme) { try await PreparedListTests.addPeople(30, on: $0) }
            // Another company's invoices of the same month are never on this desk.
            try await world.db.transaction(tenant: world.otherAdmin.tenantID) { try await PreparedListTests.addPeople(4, on: $0) }
            let (whole, readings, parts, order) = try await world.db.transaction(tenant: acme, readOnly: true) { db in
                (try await DeskReading.read(month: Self.month, state: .submitted, on: db),
                 [try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: world.db, parts: 1),
                  try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: world.db, parts: 2),
                  try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: world.db, parts: 3)],
                 [try await ReviewQueries.desk(month: Self.month, state: .submitted, part: DeskPart(index: 0, count: 2), on: db),
                  try await ReviewQueries.desk(month: Self.month, state: .submitted, part: DeskPart(index: 1, count: 2), on: db)],
                 try await db.query("""
                     SELECT i.id FROM invoices i JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
                     WHERE i.tenant_id = \(db.tenant) AND i.month = \(Self.month.first.iso)::date AND i.state = 'submitted'
                     ORDER BY u.sort_last, u.sort_first, i.id
                     """).collect().map { try $0.decode(UUID.self) })
            }
            #expect(whole.rows.count == 30)
            // Both halves hold invoices (30 random ids, each half by the id's last byte).
            #expect(parts.allSatisfy { !$0.isEmpty } && parts.map(\.count).reduce(0, +) == 30)
            #expect(Set(parts[0].map(\.row.id)).isDisjoint(with: parts[1].map(\.row.id)))
            // The desk's order is the people's sort keys (Čapek between Adámek and Cibulka).
            #expect(whole.rows.map(\.id) == order)
            for reading in readings {
                #expect(reading.rows == whole.rows)
                #expect(Set(reading.people.keys) == Set(whole.people.keys) && reading.people.count == 30)
                #expect(reading.rows.map { reading.line($0, viewer: world.admin.id) } == whole.rows.map { whole.line($0, viewer: world.admin.id) })
                #expect(reading.rows.allSatisfy { row in whole.people[row.userID]?.rates.isEmpty == false })
            }
        }
    }

    /// The statement packs five yes-or-no facts of a row into the bits of one column
    /// (`DeskFacts`): each lands in its own field, as the facts' own expressions say.
    @Test func eachFactOfARowIsReadIntoItsOwnField() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            let (rows, expected) = try await world.db.transaction(tenant: acme) { db in
                try await PreparedListTests.addPeople(8, on: db)
                // Varied: three exported; the admin's own invoice without text and with a thumbnail
                // (the others have text and none); one person's earlier invoice with the file and
                // the number of this month's.
                try await db.query("""
                    UPDATE invoices SET exported_at = now() WHERE tenant_id = \(db.tenant) AND id IN (
                        SELECT id FROM invoices WHERE tenant_id = \(db.tenant) AND month = \(Self.month.first.iso)::date ORDER BY id LIMIT 3)
                    """)
                try await Self.addInvoice(for: world.admin.id, month: Self.month, state: "submitted", copying: nil, on: db)
                let first = try await db.query("""
                    UPDATE invoices SET invoice_number = 'FV-1' WHERE tenant_id = \(db.tenant) AND id = (
                        SELECT id FROM invoices WHERE tenant_id = \(db.tenant) AND user_id <> \(world.admin.id)
                          AND month = \(Self.month.first.iso)::date ORDER BY id LIMIT 1)
                    RETURNING user_id, id
                    """).collect().map { try $0.decode((UUID, UUID).self) }[0]
                try await Self.addInvoice(for: first.0, month: Month(year: 2025, month: 1)!, state: "approved", copying: first.1, on: db)
                let rows = try await ReviewQueries.desk(month: Self.month, state: .submitted, on: db)
                var expected: [UUID: [Bool]] = [:]
                for row in try await db.query("""
                    SELECT i.id, d.has_text, d.thumbnail_png IS NOT NULL, i.exported_at IS NOT NULL,
                           EXISTS (SELECT 1 FROM invoice_documents od JOIN invoices oi ON oi.tenant_id = od.tenant_id
                                     AND oi.document_id = od.id
                                   WHERE od.tenant_id = i.tenant_id AND od.sha256 = d.sha256 AND od.id <> d.id AND oi.id <> i.id),
                           EXISTS (SELECT 1 FROM invoices oi WHERE oi.tenant_id = i.tenant_id AND oi.user_id = i.user_id
                                     AND oi.invoice_number = i.invoice_number AND oi.id <> i.id)
                    FROM invoices i JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
                    WHERE i.tenant_id = \(db.tenant) AND i.month = \(Self.month.first.iso)::date AND i.state = 'submitted'
                    """).collect() {
                    let (id, text, thumbnail, exported, file, number) = try row.decode((UUID, Bool, Bool, Bool, Bool, Bool).self)
                    expected[id] = [text, thumbnail, exported, file, number]
                }
                return (rows, expected)
            }
            #expect(rows.count == 9 && expected.count == 9)
            for row in rows {
                #expect([row.hasText, row.hasThumbnail, row.exported, row.sameFileElsewhere, row.sameNumberElsewhere]
                        == expected[row.id], "\(row.name)")
                #expect(row.month == Self.month && row.state == .submitted)
            }
            // Every fact is both yes and no on some row, so a bit read into the wrong field shows.
            for fact in 0..<5 {
                #expect(Set(expected.values.map { $0[fact] }) == [true, false], "fact \(fact)")
            }
        }
    }

    /// The account a row is compared with is the person's latest approved or paid invoice of an
    /// earlier month, however far back; never a later month's, nor one still submitted or
    /// returned, nor an older one when the latest has no account.
    @Test func thePreviousAccountIsThePersonsLatestApprovedOrPaidInvoiceBeforeTheMonth() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            let (rows, definition, people) = try await world.db.transaction(tenant: acme) { db in
                try await PreparedListTests.addPeople(8, on: db)
                let people = try await db.query("""
                    SELECT user_id FROM invoices WHERE tenant_id = \(db.tenant) AND month = \(Self.month.first.iso)::date
                    ORDER BY user_id
                    """).collect().map { try $0.decode(UUID.self) }
                // (person, months before the desk's, state, account, IBAN); a negative offset is a later month.
                let history: [(Int, Int, String, String?, String?)] = [
                    (0, 1, "approved", "100/0100", nil),
                    (1, 1, "submitted", "999/0100", nil), (1, 2, "paid", "101/0100", nil),
                    // person 2: nothing earlier
                    (3, 1, "paid", nil, "CZ6508000000192000145399"),
                    (4, 3, "approved", "104/0100", nil), (4, 1, "returned", "998/0100", nil),
                    (5, -1, "approved", "997/0100", nil),
                    (6, 1, "approved", nil, nil), (6, 2, "paid", "996/0100", nil),
                    (7, 2, "approved", "107/0100", nil), (7, 5, "paid", "995/0100", nil),
                ]
                for (person, before, state, account, iban) in history {
                    let month = Self.month.adding(months: -before)
                    try await Self.addInvoice(for: people[person], month: month, state: state, copying: nil, on: db)
                    try await db.query("""
                        UPDATE invoices SET bank_account = \(account), iban = \(iban)
                        WHERE tenant_id = \(db.tenant) AND user_id = \(people[person]) AND month = \(month.first.iso)::date
                        """)
                }
                let rows = try await ReviewQueries.desk(month: Self.month, state: .submitted, on: db)
                // The definition, one lookup per invoice.
                var definition: [UUID: [String?]] = [:]
                for row in try await db.query("""
                    SELECT i.id, prev.bank_account, prev.iban FROM invoices i
                    LEFT JOIN LATERAL (
                        SELECT pi.bank_account, pi.iban FROM invoices pi
                        WHERE pi.tenant_id = i.tenant_id AND pi.user_id = i.user_id AND pi.month < i.month
                          AND pi.state IN ('approved', 'paid')
                        ORDER BY pi.month DESC LIMIT 1) prev ON true
                    WHERE i.tenant_id = \(db.tenant) AND i.month = \(Self.month.first.iso)::date AND i.state = 'submitted'
                    """).collect() {
                    let (id, account, iban) = try row.decode((UUID, String?, String?).self)
                    definition[id] = [account, iban]
                }
                return (rows, definition, people)
            }
            #expect(rows.count == 8)
            let byPerson = Dictionary(uniqueKeysWithValues: rows.map { ($0.userID, [$0.previousAccount, $0.previousIBAN]) })
            #expect(byPerson[people[0]] == ["100/0100", nil])
            #expect(byPerson[people[1]] == ["101/0100", nil])
            #expect(byPerson[people[2]] == [nil, nil])
            #expect(byPerson[people[3]] == [nil, "CZ6508000000192000145399"])
            #expect(byPerson[people[4]] == ["104/0100", nil])
            #expect(byPerson[people[5]] == [nil, nil])
            #expect(byPerson[people[6]] == [nil, nil])
            #expect(byPerson[people[7]] == ["107/0100", nil])
            for row in rows {
                #expect([row.previousAccount, row.previousIBAN] == definition[row.id], "\(row.name)")
            }
        }
    }

    /// An invoice with a document of its own, written directly: without text and with a thumbnail,
    /// or with the file and the number of the invoice `copying`.
    static func addInvoice(for user: UUID, month: Month, state: String, copying: UUID?, on db: TenantConnection) async throws {
        let invoice = UUID(), document = UUID()
        try await db.query("SET CONSTRAINTS ALL DEFERRED")
        try await db.query("""
            INSERT INTO invoices (tenant_id, id, user_id, month, state, document_id)
            VALUES (\(db.tenant), \(invoice), \(user), \(month.first.iso)::date, \(state)::invoice_state, \(document))
            """)
        try await db.query("""
            INSERT INTO invoice_documents (tenant_id, id, invoice_id, version_no, filename, content, size_bytes, sha256,
                                           uploaded_by, pages, has_text, text, thumbnail_png, invoice_number)
            SELECT \(db.tenant), \(document), \(invoice), 1, 'faktura.pdf', '\\x25504446'::bytea, 4,
                   coalesce(d.sha256, sha256(\(document.uuidString)::bytea)), \(user), 1, \(copying != nil), '',
                   CASE WHEN \(copying == nil) THEN '\\x89'::bytea END, i.invoice_number
            FROM (SELECT 1) one
            LEFT JOIN invoices i ON i.tenant_id = \(db.tenant) AND i.id = \(copying)
            LEFT JOIN invoice_documents d ON d.tenant_id = i.tenant_id AND d.id = i.document_id
            """)
    }

    @Test func withoutASecondConnectionTheRequestsConnectionReadsEveryPart() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            try await world.db.transaction(tenant: acme) { try await PreparedListTests.addPeople(12, on: $0) }
            let pool = DatabasePool(url: try world.database.appURL, maxConnections: 1, waitTimeout: .seconds(60),
                                    logger: TestPostgres.logger)
            pool.start()
            defer { pool.shutdown() }
            let single = App.Database(pool: pool, logger: TestPostgres.logger)
            let (whole, readings) = try await single.transaction(tenant: acme, readOnly: true) { db in
                (try await DeskReading.read(month: Self.month, state: .submitted, on: db),
                 [try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: single, parts: 1),
                  try await DeskReading.read(month: Self.month, state: .submitted, on: db, alongside: single, parts: 2)])
            }
            #expect(whole.rows.count == 12)
            for reading in readings {
                #expect(reading.rows == whole.rows)
                #expect(reading.rows.map { reading.line($0, viewer: world.admin.id) } == whole.rows.map { whole.line($0, viewer: world.admin.id) })
            }
        }
    }

    /// The desk's people are read by a statement that finds them itself (`DeskPeople`): what it
    /// reads is what the same statement reads of the same people by their ids, and what the
    /// other pages' statements of contracts and rates (`ReviewQueries.contractsAndRates`) and of
    /// time (`TimeBasisQueries.bases`) read of them, for everyone with an invoice of the month in
    /// the state and no one else.
    @Test func thePeopleOfTheMonthAreThosePeopleReadByTheirIds() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            let month = Self.month
            let (returned, withTime, absent) = try await world.db.transaction(tenant: acme) { db in
                try await PreparedListTests.addPeople(6, on: db)
                let users = try await db.query("""
                    SELECT user_id FROM invoices WHERE tenant_id = \(db.tenant) AND month = \(month.first.iso)::date ORDER BY user_id
                    """).collect().map { try $0.decode(UUID.self) }
                // One returned (not on the desk of submitted invoices), one with an approved month
                // of time, one with an approved absence; a company day off and a tolerance.
                try await db.query("UPDATE invoices SET state = 'returned' WHERE tenant_id = \(db.tenant) AND user_id = \(users[0])")
                try await db.query("""
                    INSERT INTO time_months (tenant_id, user_id, month, status, decided_by, decided_at, day_seconds)
                    VALUES (\(db.tenant), \(users[1]), \(month.first.iso)::date, 'approved', \(world.admin.id), now(),
                            array_fill(3600, ARRAY[30]))
                    """)
                try await db.query("""
                    INSERT INTO absences (tenant_id, user_id, kind, first_day, last_day, status, decided_by, decided_at)
                    VALUES (\(db.tenant), \(users[2]), 'vacation', \(month.first.adding(days: 3).iso)::date,
                            \(month.first.adding(days: 5).iso)::date, 'approved', \(world.admin.id), now())
                    """)
                try await db.query("INSERT INTO company_days_off (tenant_id, day, name) VALUES (\(db.tenant), \(month.last.iso)::date, 'Firma')")
                try await db.query("UPDATE tenants SET amount_tolerance_bp = 250 WHERE id = \(db.tenant)")
                return (users[0], users[1], users[2])
            }
            try await world.db.transaction(tenant: world.otherAdmin.tenantID) { try await PreparedListTests.addPeople(2, on: $0) }
            let byMonth = try await world.db.transaction(tenant: acme, readOnly: true) {
                try await DeskPeople.read(month: month, state: .submitted, on: $0)
            }
            let (rows, byIDs, separately) = try await world.db.transaction(tenant: acme, readOnly: true) { db in
                let rows = try await ReviewQueries.desk(month: month, state: .submitted, on: db)
                let ids = rows.map(\.userID)
                return (rows, try await DeskPeople.read(of: ids, month: month, on: db), DeskPeople(
                    people: try await ReviewQueries.contractsAndRates(of: ids, in: month, on: db),
                    time: try await TimeBasisQueries.bases(of: ids, from: month.first, through: month.last, on: db),
                    covered: Set(ids)))
            }
            #expect(rows.count == 5 && !rows.contains { $0.userID == returned })
            #expect(byMonth.covered == Set(rows.map(\.userID)))
            for other in [byIDs, separately] {
                #expect(other.covered == byMonth.covered)
                #expect(Set(byMonth.people.keys) == byMonth.covered && Set(other.people.keys) == byMonth.covered)
                for user in byMonth.covered {
                    #expect(byMonth.people[user]?.contracts == other.people[user]?.contracts)
                    #expect(byMonth.people[user]?.rates == other.people[user]?.rates && byMonth.people[user]?.rates.isEmpty == false)
                    let (mine, theirs) = (byMonth.time.basis(of: user, in: month), other.time.basis(of: user, in: month))
                    #expect(mine.approvedDays == theirs.approvedDays)
                    #expect(mine.absences.map { [$0.first, $0.last] } == theirs.absences.map { [$0.first, $0.last] })
                }
                #expect(other.time.toleranceBP == 250 && byMonth.time.daysOff == other.time.daysOff)
            }
            #expect(byMonth.time.seconds[withTime]?.count == 30 && byMonth.time.absences[absent]?.count == 1)
            #expect(byMonth.time.toleranceBP == 250)
            #expect(byMonth.time.daysOff.company[month.last] == "Firma")
        }
    }

    /// The people are a snapshot of their own: a row whose person they did not read (an invoice
    /// submitted after it) has its person read after, and with no people read at all the
    /// company's days off and tolerance are still there.
    @Test func aRowWhosePersonThePeopleDidNotReadHasItsPersonReadAfter() async throws {
        try await withWorld { world in
            let acme = world.admin.tenantID
            let late = try await world.db.transaction(tenant: acme) { db in
                try await PreparedListTests.addPeople(3, on: db)
                try await db.query("UPDATE tenants SET amount_tolerance_bp = 250 WHERE id = \(db.tenant)")
                let (invoice, person) = try await db.query("""
                    UPDATE invoices SET state = 'returned' WHERE tenant_id = \(db.tenant) AND id = (
                        SELECT id FROM invoices WHERE tenant_id = \(db.tenant) AND month = \(Self.month.first.iso)::date
                        ORDER BY id LIMIT 1)
                    RETURNING id, user_id
                    """).collect()[0].decode((UUID, UUID).self)
                return (invoice: invoice, person: person)
            }
            let people = try await world.db.transaction(tenant: acme, readOnly: true) {
                try await DeskPeople.read(month: Self.month, state: .submitted, on: $0)
            }
            #expect(people.covered.count == 2 && !people.covered.contains(late.person))
            _ = try await world.db.transaction(tenant: acme) { db in
                try await db.query("UPDATE invoices SET state = 'submitted' WHERE tenant_id = \(db.tenant) AND id = \(late.invoice)")
            }
            let (completed, none, whole) = try await world.db.transaction(tenant: acme, readOnly: true) { db in
                let rows = try await ReviewQueries.desk(month: Self.month, state: .submitted, on: db)
                return (try await DeskReading.completed(rows, people: people, month: Self.month, on: db),
                        try await DeskReading.completed(rows, people: DeskPeople(), month: Self.month, on: db),
                        try await DeskReading.read(month: Self.month, state: .submitted, on: db))
            }
            #expect(completed.rows.count == 3 && completed.people[late.person]?.rates.isEmpty == false)
            for reading in [completed, none] {
                #expect(reading.rows.map { reading.line($0, viewer: world.admin.id) } == whole.rows.map { whole.line($0, viewer: world.admin.id) })
                #expect(reading.time.toleranceBP == 250)
            }
        }
    }
}

extension DeskReading {
    /// The whole desk in the one transaction `db`, its people read by their ids: what the desk
    /// read on several connections is checked against.
    static func read(month: Month, state: InvoiceState, on db: TenantConnection) async throws -> DeskReading {
        try await completed(try await ReviewQueries.desk(month: month, state: state, on: db), people: DeskPeople(), month: month, on: db)
    }
}
