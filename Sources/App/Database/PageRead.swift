import Foundation
import Logging
import PostgresNIO

/// A page's one read: everything a page shows, in one statement whose SQL is written once
/// (docs/ARCHITECTURE.md, "The request path"; docs/PERFORMANCE.md, "What keeps a page fast").
///
/// The definition (`PageSQL`) is the page's rows as `page`, joined to the shell's row `sh` (the
/// tenant `sh.id` with its `sh.time_zone`, the viewer `sh.user_id` with `sh.user_roles`), with
/// the page's own parameters from `$4` on. It is sent in one of two ways, both built from that one
/// text, neither chosen by a handler:
///
/// - **With the shell** (`PostgresConnection.enterPage`): a web page's route names its read
///   (`RouteOption.pageRead`) and the request's first statement is the shell's (tenant, session,
///   teams) with the page's rows after it. One round trip for the whole page, with no BEGIN and
///   no COMMIT: the statement runs in PostgreSQL's implicit transaction of one statement, so the
///   tenant it sets ends with it. It is a `SELECT` that calls no function that writes, and the
///   handler gets no connection (`Request.db` throws), so a GET stays read-only by construction.
///   Each part of the page holds to the shell's rule (`EnterTenantSQL.afterLiveShell`): it
///   depends on the tenant row and on the live session, and cannot be merged into the outer
///   query (a `LIMIT`, an aggregate, a `UNION ALL`), so it runs after `set_config` has set the
///   tenant, and reads nothing for a visitor who is not signed in.
/// - **Inside a transaction** (`TenantConnection.read(_:viewer:)`): the API, an export, or a form
///   shown again after a refused POST reads the same page in its open transaction; `sh` is then
///   the transaction's tenant and the viewer the caller names.
///
/// The page's columns come first: `page_part` tells a row's kind and `page_n` its place. Part 0
/// is always there, one row (with the shell, the one that carries the shell's columns); the
/// page's other parts are its own (`PageLayout`).
protocol PageRead: Sendable {
    associatedtype Output: Sendable
    /// The read's one definition and the two statements made from it.
    static var sql: PageSQL { get }
    /// The types of the page's own parameters: `$4` on.
    static var pageBindingTypes: [PostgresDataType] { get }
    func appendBindings(to bindings: inout PostgresBindings) throws
    /// What the page shows, from its rows in the order of part and place; nil when they hold
    /// none (nobody signed in).
    static func decode(_ rows: [PageRow]) throws -> Output?
    /// Which of the read's statements runs: its filters that are set, and its window
    /// (`PageSQL.shape(filters:limit:)`). A read without optional filters has only one.
    var shape: PageShape { get }
}

extension PageRead {
    var shape: PageShape { .only }
}

/// A page read whose one parameter is the application clock's instant (`$4`), from which the
/// statement works out the tenant's today.
protocol PageReadAtInstant: PageRead {
    var now: Date { get }
}

extension PageReadAtInstant {
    static var pageBindingTypes: [PostgresDataType] { [.timestamptz] }
    func appendBindings(to bindings: inout PostgresBindings) throws { bindings.append(now) }
}

/// The statements of a page read, made once from its one definition: for each of its shapes
/// (`PageShape`), the statement with the shell and the one inside a transaction.
struct PageSQL: Sendable {
    /// The prepared statements' name: the first shape's; another's adds its place, and the one
    /// inside a transaction `_tx`.
    let name: String
    /// Whether the shell reads the tenant's teams too (`EnterTenantSQL.text(page:teams:)`): a
    /// page with a team filter. Another page asking for them gets an error, not an empty list
    /// (`Request.teamNames()`).
    let teams: Bool
    /// How many optional filters the read has: the bits of `PageShape.filters`.
    let filterCount: Int
    /// The web's first page's `LIMIT`, written into the statements of that window; nil for a read
    /// without a window.
    let window: Int?
    /// Each shape's statements, at its place (`place(of:)`).
    let statements: [Statements]

    /// One shape's two statements.
    struct Statements: Sendable {
        /// The prepared statement's name.
        let name: String
        /// The shell's statement with the page: `$1`–`$3` the shell's, the page's from `$4`.
        let withShell: String
        /// The page inside an open transaction: `sh` is the tenant `$1` (which must be the
        /// transaction's) and the active person `$2` as the viewer, or no one (NULL) for a page
        /// that does not depend on who looks; a viewer who is not an active person of the tenant
        /// reads nothing. The page's parameters are one lower (`$3` on), so both statements bind
        /// the page's values alike.
        let inTransaction: String
    }

    /// A read with one statement. `page`: the page's `JOIN`s after `FROM sh`, ending in the
    /// subquery `page`; it names parameters `$4` on only.
    init(name: String, teams: Bool = false, page: String) {
        self.init(name: name, teams: teams, filters: 0, window: nil) { _ in page }
    }

    /// A read with `filters` optional filters and, with `window`, the web page's `LIMIT`: `page`
    /// makes the text of each shape. Every parameter is bound in every shape, whether its text
    /// names it or not.
    init(name: String, teams: Bool = false, filters: Int, window: Int?, page: (PageShape) -> String) {
        precondition((0...8).contains(filters), "a page read has at most 8 optional filters")
        self.name = name
        self.teams = teams
        filterCount = filters
        self.window = window
        var statements: [Statements] = []
        for windowed in window == nil ? [false] : [false, true] {
            for bits in 0..<(UInt(1) << filters) {
                let text = page(PageShape(filters: bits, window: windowed ? window : nil))
                let name = statements.isEmpty ? name : "\(name)_\(statements.count)"
                statements.append(Statements(name: name, withShell: EnterTenantSQL.text(page: text, teams: teams),
                                             inTransaction: Self.inTransaction(text)))
            }
        }
        self.statements = statements
    }

    /// The shape of a read with `filters` set and the window `limit` from `offset`: the web's
    /// first page's when it is that.
    func shape(filters: UInt, limit: Int, offset: Int) -> PageShape {
        PageShape(filters: filters, window: limit == window && offset == 0 ? window : nil)
    }

    /// The place of `shape`'s statements in `statements`.
    func place(of shape: PageShape) -> Int {
        precondition(shape.filters < UInt(1) << filterCount && (shape.window == nil || shape.window == window),
                     "\(name) has no statement of that shape")
        return Int(shape.filters) + (shape.window == nil ? 0 : 1 << filterCount)
    }

    private static func inTransaction(_ page: String) -> String {
        """
        WITH sh AS MATERIALIZED (
            SELECT t.id, t.time_zone, current_setting('roster.tenant_id', true) AS entered,
                   CASE WHEN $2::uuid IS NULL THEN t.id ELSE u.id END AS session_id, u.id AS user_id, u.roles AS user_roles
            FROM tenants t LEFT JOIN users u ON u.tenant_id = t.id AND u.id = $2::uuid AND u.active
            WHERE t.id = $1::uuid)
        SELECT page.* FROM sh
        \(lowered(page))
        """
    }

    /// The text with each parameter `$n` (n ≥ 4) renamed `$(n-1)`. The texts are the reads' own,
    /// never input; a page naming `$1`–`$3` (the shell's) is a programming error.
    static func lowered(_ text: String) -> String {
        var result = "", digits = "", dollar = false
        func flush() {
            guard dollar else { return }
            if let n = Int(digits) {
                precondition(n >= 4, "a page read names the shell's parameter $\(digits)")
                result += "$\(n - 1)"
            } else {
                result += "$"
            }
            dollar = false
            digits = ""
        }
        for character in text {
            if dollar, character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            flush()
            if character == "$" { dollar = true } else { result.append(character) }
        }
        flush()
        return result
    }
}

/// What the shell's statement with a page read read: the shell's, and the page's rows.
struct EnteredPage: Sendable {
    let tenant: Tenant
    let session: BrowserSession?
    /// The tenant's teams by name, when the statement read them (`PageSQL.teams`).
    let teams: [(id: UUID, name: String)]?
    /// The page's rows in the order of their part and place (part 0 first); none when nobody is
    /// signed in.
    let rows: [PageRow]
}

private struct PageWithShellStatement<Read: PageRead, Slot: PageShapeSlot>: RowsStatement {
    static var name: String { Read.sql.statements[Slot.index].name }
    static var sql: String { Read.sql.statements[Slot.index].withShell }
    static var bindingDataTypes: [PostgresDataType] { [.text, .bytea, .int4] + Read.pageBindingTypes }

    let slug: String
    let session: SessionLookup?
    let read: Read

    func makeBindings() throws -> PostgresBindings {
        var bindings = try EnterTenantSQL.bindings(slug: slug, session: session)
        try read.appendBindings(to: &bindings)
        return bindings
    }
}

private struct PageInTransactionStatement<Read: PageRead, Slot: PageShapeSlot>: RowsStatement {
    static var name: String { Read.sql.statements[Slot.index].name + "_tx" }
    static var sql: String { Read.sql.statements[Slot.index].inTransaction }
    static var bindingDataTypes: [PostgresDataType] { [.uuid, .uuid] + Read.pageBindingTypes }

    let tenant: UUID
    let viewer: UUID?
    let read: Read

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2 + Read.pageBindingTypes.count)
        bindings.append(tenant)
        bindings.append(viewer)
        try read.appendBindings(to: &bindings)
        return bindings
    }
}

extension PageRead {
    /// The slot of this read's statement (`PageShape`).
    fileprivate var slot: any PageShapeSlot.Type { pageShapeSlot(at: Self.sql.place(of: shape)) }
}

/// A page read's rows as they came, each with its part and place, in the order of both.
private func pageRows(_ rows: [PostgresRow]) throws -> [PageRow] {
    var page = try rows.map { row in
        var cells = CellCursor(row)
        return PageRow(row: row, part: try cells.next(Int.self), n: try cells.next(Int64.self))
    }
    // The statement does not sort (`EnterTenantSQL.text(page:teams:)`).
    page.sort { ($0.part, $0.n) < ($1.part, $1.n) }
    return page
}

extension PostgresConnection {
    /// A page read with the shell's statement, outside any transaction (its own implicit one).
    /// Nil when no tenant has that slug.
    func enterPage(
        slug: String, session: SessionLookup?, read: some PageRead, named: Bool, logger: Logger
    ) async throws -> EnteredPage? {
        let page = try pageRows(try await withShell(read.slot, slug: slug, session: session, read: read, named: named,
                                                    logger: logger))
        guard let first = page.first, first.part == 0 else { return nil }
        let shell = try ShellRow(first.row, teams: type(of: read).sql.teams)
        return EnteredPage(tenant: shell.tenant, session: shell.session, teams: shell.teams,
                           rows: shell.session == nil ? [] : page)
    }

    private func withShell<Read: PageRead, Slot: PageShapeSlot>(
        _: Slot.Type, slug: String, session: SessionLookup?, read: Read, named: Bool, logger: Logger
    ) async throws -> [PostgresRow] {
        try await rows(of: PageWithShellStatement<Read, Slot>(slug: slug, session: session, read: read), named: named,
                       logger: logger)
    }
}

extension TenantConnection {
    /// A page read inside this transaction, as `viewer` (an active person of this tenant) sees it,
    /// or as nobody in particular (nil: a page the same for everyone who may open it); nil when it
    /// read nothing (a viewer who is no active person of the tenant).
    func read<Read: PageRead>(_ read: Read, viewer: UUID? = nil) async throws -> Read.Output? {
        try Read.decode(try pageRows(try await inTransaction(read.slot, read: read, viewer: viewer)))
    }

    private func inTransaction<Read: PageRead, Slot: PageShapeSlot>(
        _: Slot.Type, read: Read, viewer: UUID?
    ) async throws -> [PostgresRow] {
        try await rows { PageInTransactionStatement<Read, Slot>(tenant: $0, viewer: viewer, read: read) }
    }
}
