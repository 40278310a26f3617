// `roster-fortunes`: the ceiling of Roster's stack for bench/pages, built like TechEmpower's
// "Fortunes" test: one query on a pooled PostgresNIO connection, one row added in memory, the rows
// sorted by message and printed as `HTML`, the type Roster prints its pages with, which escapes
// them. Nothing else of Roster's is used; it serves GET /fortunes only.
//   DATABASE_URL=postgres://user@host:port/db roster-fortunes serve --port N
// (the database holds the `fortune` table of bench/fortunes/fortune.sql).
import struct App.HTML
import Foundation
import PostgresNIO
import Vapor

struct Fortune: Sendable {
    let id: Int
    let message: String
}

/// The page: a table of the fortunes, each message escaped.
func fortunesPage(_ fortunes: [Fortune]) -> HTML {
    let rows = fortunes.map { fortune -> HTML in "<tr><td>\(fortune.id)</td><td>\(fortune.message)</td></tr>" }
    return """
        <!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>\
        \(rows.joined())</table></body></html>
        """
}

var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
guard let url = Environment.get("DATABASE_URL").flatMap(URLComponents.init(string:)),
      let host = url.host, let user = url.user
else {
    print("usage: DATABASE_URL=postgres://user@host:port/db roster-fortunes serve --port N")
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

app.get("fortunes") { request async throws -> Response in
    var fortunes: [Fortune] = []
    let rows = try await client.query("SELECT id, message FROM fortune", logger: request.logger)
    for try await (id, message) in rows.decode((Int32, String).self) {
        fortunes.append(Fortune(id: Int(id), message: message))
    }
    fortunes.append(Fortune(id: 0, message: "Additional fortune added at request time."))
    fortunes.sort { $0.message < $1.message }
    var headers = HTTPHeaders()
    headers.contentType = .html
    return Response(status: .ok, headers: headers, body: .init(buffer: ByteBuffer(bytes: fortunesPage(fortunes).bytes)))
}

try await app.execute()
clientTask.cancel()
try await app.asyncShutdown()
