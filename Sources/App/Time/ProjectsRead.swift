import Foundation
import PostgresNIO

/// The clients and projects (`ProjectRoutes`, the API's list): one read (`PageRead`). Part 1 is
/// the clients and part 2 the projects, each with its columns and order (`ProjectQueries`). The
/// page is for those who manage projects; the handler asks for that before it shows what the
/// statement read.
struct ProjectsRead: PageRead {
    static let layout = PageLayout(parts: [
        [], ["uuid", "text", "boolean", "int"], ["uuid", "uuid", "text", "text", "boolean", "boolean", "uuid[]", "uuid[]", "bigint"],
    ])

    static let sql = PageSQL(name: "roster_page_projects", page: """
        CROSS JOIN LATERAL (
            SELECT \(layout.columns(0, "0", ""))
            UNION ALL
            SELECT \(layout.columns(1, "row_number() OVER (ORDER BY \(ProjectQueries.clientOrder))", ProjectQueries.clientColumns))
            FROM clients c WHERE c.tenant_id = sh.id AND \(EnterTenantSQL.afterLiveShell)
            UNION ALL
            SELECT \(layout.columns(2, "row_number() OVER (ORDER BY \(ProjectQueries.projectOrder))", ProjectQueries.projectColumns))
            FROM projects p JOIN clients c ON c.tenant_id = p.tenant_id AND c.id = p.client_id
            WHERE p.tenant_id = sh.id AND \(EnterTenantSQL.afterLiveShell)
            ) page
        """)
    static let pageBindingTypes: [PostgresDataType] = []

    func appendBindings(to bindings: inout PostgresBindings) throws {}

    /// The clients and the projects from the statement's rows.
    static func decode(_ rows: [PageRow]) throws -> (clients: [ClientRow], projects: [ProjectRow])? {
        guard rows.first?.part == 0 else { return nil }
        var clients: [ClientRow] = [], projects: [ProjectRow] = []
        for row in rows {
            switch row.part {
            case 1:
                var c = row.cells(at: layout.places(of: 1))
                clients.append(ClientRow((try c.next(), try c.next(), try c.next(), try c.next())))
            case 2:
                var c = row.cells(at: layout.places(of: 2))
                projects.append(ProjectRow((try c.next(), try c.next(), try c.next(), try c.next(), try c.next(), try c.next(),
                                            try c.next(), try c.next(), try c.next())))
            default: break
            }
        }
        return (clients, projects)
    }
}
