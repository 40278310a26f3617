import Foundation
import Logging
import PostgresNIO

/// One row of a people list.
public struct PersonRow: Sendable, Equatable {
    public let id: UUID
    public let firstName: String
    public let lastName: String
    public let title: String
    public let position: String
    public let email: String
    public let phone: String?
    public let teamName: String?
    public let contractKind: ContractKind?
    public let active: Bool
}

extension PersonRow {
    /// A directory row's columns (`DirectoryRead`), in order.
    typealias Columns = (UUID, String, String, String, String, String, String?, String?, String?, Bool)

    init(_ columns: Columns) {
        let (id, first, last, title, position, email, phone, team, kind, active) = columns
        self.init(id: id, firstName: first, lastName: last, title: title, position: position, email: email, phone: phone,
                  teamName: team, contractKind: kind.flatMap(ContractKind.init(rawValue:)), active: active)
    }
}

public struct PeopleFilter: Sendable, Equatable {
    public var search: String = ""
    public var teamID: UUID?
    public var kind: ContractKind?
    /// nil: everybody; true: active only; false: deactivated only.
    public var active: Bool? = true
    /// Only members of the teams the viewer leads (a leader's "My team").
    public var ledByViewer = false
}

/// A person with everything a profile may show; what is shown is decided by `ProfileAccess`.
public struct Person: Sendable {
    public let user: User
    public let position: String
    public let personalEmail: String?
    public let phone: String?
    public let teamID: UUID?
    public let teamName: String?
    public let teamLeaderID: UUID?
    public let contracts: [Contract]

    /// The person as the rules see them.
    public var subject: PersonSubject { PersonSubject(id: user.id, teamLeader: teamLeaderID) }
}

public enum PeopleQueries {
    /// `LIKE` pattern for a search text: folded like `users.search_name`, wildcards escaped.
    static func likePattern(_ search: String) -> String {
        let escaped = search.trimmingWhitespace()
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }

    /// People on a page of the directory.
    public static let pageSize = 25

    public static func person(_ id: UUID, on db: TenantConnection) async throws -> Person? {
        let rows = try await db.rows { PersonStatement(tenant: $0, id: id) }
        guard let row = rows.first.map(NamedRow.init) else { return nil }
        let contracts = try await self.contracts(of: id, on: db)
        return Person(
            user: try UserQueries.decode(row),
            position: try row("position"),
            personalEmail: try row("personal_email"),
            phone: try row("phone"),
            teamID: try row("team_id"),
            teamName: try row("team_name"),
            teamLeaderID: try row("team_leader_id"),
            contracts: contracts)
    }

    /// Newest first.
    public static func contracts(of user: UUID, on db: TenantConnection) async throws -> [Contract] {
        var result: [Contract] = []
        for try await columns in try await db.execute({ ContractsStatement(tenant: $0, user: user) }) {
            if let contract = Contract(columns) { result.append(contract) }
        }
        return result
    }
}

/// The statement of `PeopleQueries.person`, prepared (a person's page, the month of time, the
/// pages of a person's invoices and rates).
struct PersonStatement: RowsStatement {
    static let name = "roster_person"
    static let sql = """
        SELECT \(UserQueries.columns("u")), u.position, u.personal_email, u.phone,
               t.id AS team_id, t.name AS team_name, t.leader_id AS team_leader_id
        FROM users u LEFT JOIN teams t ON t.tenant_id = u.tenant_id AND t.id = u.team_id
        WHERE u.tenant_id = $1 AND u.id = $2
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]

    let tenant: UUID, id: UUID

    func makeBindings() throws -> PostgresBindings { .of(tenant, id) }
}

/// The statement of `PeopleQueries.contracts`, prepared: a person's contracts, newest first (every
/// page of a person's invoices and earnings reads them).
struct ContractsStatement: PostgresPreparedStatement {
    static let name = "roster_contracts"
    static let sql = """
        SELECT id, kind, valid_from::text, valid_to::text, (capacity_hours * 10)::int, (vacation_days * 10)::int
        FROM contracts WHERE tenant_id = $1 AND user_id = $2
        ORDER BY valid_from DESC
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]

    let tenant: UUID
    let user: UUID

    func makeBindings() throws -> PostgresBindings { .of(tenant, user) }

    func decodeRow(_ row: PostgresRow) throws -> Contract.Columns {
        try row.decode(Contract.Columns.self)
    }
}

extension Contract {
    /// The columns of `ContractsStatement`, in order.
    typealias Columns = (UUID, String, String, String?, Int, Int)

    /// Nil for a kind or a day this version does not know.
    init?(_ columns: Columns) {
        let (id, kind, from, to, capacity, vacation) = columns
        guard let kind = ContractKind(rawValue: kind), let from = LocalDate(iso: from) else { return nil }
        self.init(id: id, kind: kind, validFrom: from, validTo: to.flatMap(LocalDate.init(iso:)), capacityTenths: capacity,
                  vacationTenths: vacation)
    }
}

