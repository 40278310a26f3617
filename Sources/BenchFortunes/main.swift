// `roster-fortunes`: the ceiling of Roster's stack for bench/pages, built like TechEmpower's
// "Fortunes" test: one query on a pooled PostgresNIO connection, one row added in memory, the rows
// sorted by message and printed through a Leaf template that escapes them. Nothing of Roster's is
// used; it serves GET /fortunes only.
//   DATABASE_URL=postgres://user@host:port/db FORTUNES_VIEWS=bench/fortunes roster-fortunes serve --port N
// (the database holds the `fortune` table of bench/fortunes/fortune.sql).
import Foundation
import Leaf
import PostgresNIO
import Vapor

struct Fortune: Encodable, Sendable {
    let id: Int
    let message: String
}

struct FortunesPage: Encodable, Sendable {
    let fortunes: [Fortune]
}

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
guard let views = Environment.get("FORTUNES_VIEWS"),
      let url = Environment.get("DATABASE_URL").flatMap(URLComponents.init(string:)),
      let host = url.host, let user = url.user
else {
    print("usage: DATABASE_URL=postgres://user@host:port/db FORTUNES_VIEWS=DIR roster-fortunes serve --port N")
    exit(2)
}

var configuration = PostgresClient.Configuration(
    host: host, port: url.port ?? 5432, username: user, password: url.password,
    database: String(url.path.dropFirst()), tls: .disable)
// The same pool bound as Roster's default (DATABASE_MAX_CONNECTIONS).
configuration.options.maximumConnections = 20
let client = PostgresClient(configuration: configuration, backgroundLogger: app.logger)
let clientTask = Task { await client.run() }

app.http.server.configuration.hostname = "127.0.0.1"
app.directory.viewsDirectory = views.hasSuffix("/") ? views : views + "/"
app.views.use(.leaf)
app.leaf.cache.isEnabled = true

app.get("fortunes") { request async throws -> View in
    var fortunes: [Fortune] = []
    let rows = try await client.query("SELECT id, message FROM fortune", logger: request.logger)
    for try await (id, message) in rows.decode((Int32, String).self) {
        fortunes.append(Fortune(id: Int(id), message: message))
    }
    fortunes.append(Fortune(id: 0, message: "Additional fortune added at request time."))
    fortunes.sort { $0.message < $1.message }
    return try await request.view.render("fortunes", FortunesPage(fortunes: fortunes))
}

try await app.execute()
clientTask.cancel()
try await app.asyncShutdown()
