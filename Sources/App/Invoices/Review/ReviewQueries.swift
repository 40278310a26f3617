import Foundation
import Logging
import PostgresNIO

/// One invoice on the month-end desk, with what the flags need.
public struct DeskRow: Sendable, Equatable {
    public let id: UUID
    public let version: Int
    public let userID: UUID
    public let name: String
    public let month: Month
    public let state: InvoiceState
    public let documentID: UUID
    /// What was read, as corrected.
    public let fields: InvoiceFields
    /// The fields an admin corrected.
    public let corrected: Set<InvoiceField>
    public let hasText: Bool
    public let hasThumbnail: Bool
    /// The account of this person's latest approved or paid invoice of an earlier month.
    public let previousAccount: String?
    public let previousIBAN: String?
    /// The person's registered account and IČO (`SupplierDetails`), when registered.
    public var registeredAccount: String? = nil
    public var registeredIBANText: String? = nil
    public var registeredICO: String? = nil
    public let sameFileElsewhere: Bool
    public let sameNumberElsewhere: Bool
    public let exported: Bool

    /// The registered account as an IBAN.
    public var registeredIBAN: IBAN? {
        registeredIBANText.map(IBAN.init(stored:)) ?? registeredAccount.flatMap(CzechAccount.init(stored:))?.iban
    }
}

/// The bits of the desk statement's `facts` column (`DeskStatement`).
struct DeskFacts: OptionSet {
    let rawValue: Int
    static let hasText = DeskFacts(rawValue: 1)
    static let hasThumbnail = DeskFacts(rawValue: 1 << 1)
    static let sameFileElsewhere = DeskFacts(rawValue: 1 << 2)
    static let sameNumberElsewhere = DeskFacts(rawValue: 1 << 3)
    static let exported = DeskFacts(rawValue: 1 << 4)
}

public enum ReviewQueries {
    /// How many of `ids` exist and their amounts per currency (those with nothing read count,
    /// without an amount): what a confirmation names.
    public static func selection(_ ids: [UUID], on db: TenantConnection) async throws -> (count: Int, totals: [InvoiceAmount]) {
        var count = 0, totals: [InvoiceAmount] = []
        for try await (currency, number, sum) in try await db.query("""
            SELECT currency, count(*)::int, sum(amount_minor)::bigint FROM invoices
            WHERE tenant_id = \(db.tenant) AND id = ANY(\(ids)) GROUP BY currency ORDER BY currency NULLS LAST
            """).decode((String?, Int, Int64?).self) {
            count += number
            if let currency, let sum { totals.append(InvoiceAmount(minor: sum, currency: currency)) }
        }
        return (count, totals)
    }

    /// The invoices of a month in one state, by surname, with the data of every flag; one statement.
    public static func desk(
        month: Month, state: InvoiceState, only ids: [UUID]? = nil, on db: TenantConnection
    ) async throws -> [DeskRow] {
        try await desk(month: month, state: state, only: ids, part: .whole, on: db).map(\.row)
    }

    /// One part of the desk (`DeskPart`), each row with its position on the whole desk: the month's
    /// invoices are numbered in the desk's order before the part is picked by the invoice's id, so
    /// the parts of one desk, read in different transactions, interleave in that order and an
    /// invoice is in exactly one of them.
    static func desk(
        month: Month, state: InvoiceState, only ids: [UUID]? = nil, part: DeskPart, on db: TenantConnection
    ) async throws -> [(position: Int, row: DeskRow)] {
        let rows = try await db.rows { DeskStatement(tenant: $0, month: month, state: state, ids: ids, part: part) }
        // By place, in the order of `DeskStatement.sql`: by name, each of a thousand rows looked up
        // its columns in a dictionary of the names, twice (a twelfth of the desk's server time).
        return try rows.map { row in
            var c = CellCursor(row)
            let position: Int64 = try c.next(), id: UUID = try c.next(), version: Int = try c.next(), user: UUID = try c.next()
            let name: String = try c.next(), document: UUID = try c.next()
            let amount: Int64? = try c.optional(), currency: String? = try c.optional()
            let account: String? = try c.optional(), iban: String? = try c.optional()
            let variableSymbol: String? = try c.optional(), invoiceNumber: String? = try c.optional()
            let supplierID: String? = try c.optional(), dueDate: String? = try c.optional()
            let corrected: [String] = try c.next()
            let previousAccount: String? = try c.optional(), previousIBAN: String? = try c.optional()
            let facts = DeskFacts(rawValue: try c.next(Int.self))
            let registeredAccount: String? = try c.optional(), registeredIBAN: String? = try c.optional()
            let registeredICO: String? = try c.optional()
            var desk = DeskRow(
                id: id, version: version, userID: user, name: name, month: month, state: state, documentID: document,
                fields: InvoiceFields(stored: amount, currency: currency, account: account, iban: iban,
                                      variableSymbol: variableSymbol, invoiceNumber: invoiceNumber, supplierID: supplierID,
                                      dueDate: dueDate),
                corrected: InvoiceField.set(corrected), hasText: facts.contains(.hasText),
                hasThumbnail: facts.contains(.hasThumbnail), previousAccount: previousAccount, previousIBAN: previousIBAN,
                sameFileElsewhere: facts.contains(.sameFileElsewhere), sameNumberElsewhere: facts.contains(.sameNumberElsewhere),
                exported: facts.contains(.exported))
            desk.registeredAccount = registeredAccount
            desk.registeredIBANText = registeredIBAN
            desk.registeredICO = registeredICO
            return (Int(position), desk)
        }
    }

    /// The contracts and rates of these people that matter for a month's expected amounts (all of
    /// them without a month); one statement. A month needs the contracts that overlap it and the
    /// rates from the one in effect on its first day to its last day.
    public static func contractsAndRates(
        of users: [UUID], in month: Month? = nil, on db: TenantConnection
    ) async throws -> [UUID: (contracts: [Contract], rates: [Rate])] {
        let first = month?.first.iso ?? "0001-01-01", last = month?.last.iso ?? "9999-12-31"
        guard !users.isEmpty else { return [:] }
        return try contractsAndRates(
            from: try await db.rows(of: { ContractsAndRatesStatement(tenant: $0, users: users, first: first, last: last) }))
    }

    /// The people's contracts and rates from the rows of `contractsAndRatesSQL(people:)` (its
    /// columns from the rows' column `column` on). Every person read has an entry, with no
    /// contract and no rate when they have none.
    static func contractsAndRates(from rows: [PostgresRow], column: Int = 0) throws
        -> [UUID: (contracts: [Contract], rates: [Rate])] {
        var result: [UUID: (contracts: [Contract], rates: [Rate])] = [:]
        result.reserveCapacity(rows.count / 2)
        for row in rows {
            var c = CellCursor(row, from: column)
            let user: UUID = try c.next(), isContract: Bool = try c.next(), id: UUID? = try c.optional()
            let kind: String? = try c.optional(), from: String? = try c.optional(), to: String? = try c.optional()
            let tenths: Int? = try c.optional(), amount: Int64? = try c.optional(), currency: String? = try c.optional()
            if let id, let day = from.flatMap(LocalDate.init(iso:)) {
                if isContract, let kind = kind.flatMap(ContractKind.init(rawValue:)), let tenths {
                    result[user, default: ([], [])].contracts.append(Contract(
                        id: id, kind: kind, validFrom: day, validTo: to.flatMap(LocalDate.init(iso:)), capacityTenths: tenths,
                        vacationTenths: amount.map(Int.init) ?? ContractHistory.defaultVacationTenths))
                    continue
                } else if !isContract, let amount, let currency {
                    result[user, default: ([], [])].rates.append(Rate(id: id, effectiveFrom: day, amountMinor: amount, currency: currency))
                    continue
                }
            }
            if result[user] == nil { result[user] = ([], []) }
        }
        return result
    }

    /// The contracts and rates of `people` that matter for the days `$3` to `$4`: the contracts
    /// that overlap them and the rates from the one in effect on the first to the last; a row with
    /// no contract and no rate for someone who has neither.
    static func contractsAndRatesSQL(people: StatementPeople) -> String {
        """
        -- A contract's amount column carries its vacation days (tenths).
        SELECT user_id, true, id, kind, valid_from::text, valid_to::text, (capacity_hours * 10)::int, (vacation_days * 10)::bigint,
               NULL::text
        FROM contracts
        WHERE tenant_id = $1 AND \(people.has("user_id"))
          AND valid_from <= $4::date AND (valid_to IS NULL OR valid_to >= $3::date)
        UNION ALL
        -- The rates taking effect after the first day …
        SELECT r.user_id, false, r.id, NULL, r.effective_from::text, NULL, NULL, r.amount_minor, r.currency
        FROM rates r
        WHERE r.tenant_id = $1 AND \(people.has("r.user_id"))
          AND r.effective_from > $3::date AND r.effective_from <= $4::date
        UNION ALL
        -- … and the one in effect on it, one index lookup per person.
        SELECT p.id, false, s.id, NULL, s.effective_from::text, NULL, NULL, s.amount_minor, s.currency
        FROM \(people.table)
        LEFT JOIN LATERAL (
            SELECT r.id, r.effective_from, r.amount_minor, r.currency FROM rates r
            WHERE r.tenant_id = $1 AND r.user_id = p.id AND r.effective_from <= $3::date
            ORDER BY r.effective_from DESC LIMIT 1) s ON true
        """
    }

    /// The statement of `contractsAndRates`, prepared.
    struct ContractsAndRatesStatement: RowsStatement {
        static let name = "roster_contracts_and_rates"
        static let sql = contractsAndRatesSQL(people: .array)
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuidArray, .text, .text]

        let tenant: UUID, users: [UUID], first: String, last: String

        func makeBindings() throws -> PostgresBindings { .of(tenant, users, first, last) }
    }

    /// Whose invoice of which month each of these is.
    public static func names(
        of ids: [UUID], on db: TenantConnection
    ) async throws -> [UUID: (name: String, month: Month)] {
        var result: [UUID: (name: String, month: Month)] = [:]
        for try await (id, name, month) in try await db.query("""
            SELECT i.id, u.first_name || ' ' || u.last_name, to_char(i.month, 'YYYY-MM')
            FROM invoices i JOIN users u ON u.tenant_id = i.tenant_id AND u.id = i.user_id
            WHERE i.tenant_id = \(db.tenant) AND i.id = ANY(\(ids))
            """).decode((UUID, String, String).self) {
            if let month = Month(iso: month) { result[id] = (name, month) }
        }
        return result
    }
}
