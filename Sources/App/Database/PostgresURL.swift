import Foundation
import PostgresNIO
import NIOSSL
import Vapor

/// A parsed `postgres://user:password@host:port/database?sslmode=…` address.
public struct PostgresURL: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var requireTLS: Bool

    public enum ParseError: Error, CustomStringConvertible, Equatable {
        case invalid(String)
        public var description: String {
            switch self {
            case .invalid(let why): "DATABASE_URL is not a valid postgres:// address: \(why)"
            }
        }
    }

    public init(host: String, port: Int, username: String, password: String?, database: String, requireTLS: Bool = false) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.requireTLS = requireTLS
    }

    public init(_ string: String) throws {
        guard let components = URLComponents(string: string) else { throw ParseError.invalid("cannot parse it") }
        guard components.scheme == "postgres" || components.scheme == "postgresql" else {
            throw ParseError.invalid("the scheme must be postgres://")
        }
        guard let host = components.host, !host.isEmpty else { throw ParseError.invalid("no host") }
        guard let user = components.user, !user.isEmpty else { throw ParseError.invalid("no user name") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else { throw ParseError.invalid("no database name") }
        let sslmode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable"
        guard ["disable", "prefer", "require", "verify-full"].contains(sslmode) else {
            throw ParseError.invalid("unknown sslmode \(sslmode)")
        }
        self.init(
            host: host,
            port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.removingPercentEncoding ?? database,
            requireTLS: sslmode == "require" || sslmode == "verify-full"
        )
    }

    /// The same server and credentials, another database.
    public func with(database: String) -> PostgresURL {
        var copy = self
        copy.database = database
        return copy
    }

    public func with(username: String, password: String?) -> PostgresURL {
        var copy = self
        copy.username = username
        copy.password = password
        return copy
    }

    /// Set on every pooled (application) connection: no statement runs longer than 30 seconds,
    /// and a transaction left idle for 30 seconds is ended by the server, so no client, bug or
    /// stalled request can keep a connection and its locks for long.
    /// A pooler in transaction mode refuses such startup parameters (its server sessions are
    /// shared): there the role carries them instead (`ALTER ROLE … SET`, as scripts/cluster does).
    static let sessionLimits = [("statement_timeout", "30s"), ("idle_in_transaction_session_timeout", "30s")]

    public func clientConfiguration(maxConnections: Int = 20, sessionLimits: Bool = true) -> PostgresClient.Configuration {
        var tls: PostgresClient.Configuration.TLS = .disable
        if requireTLS {
            tls = .require(TLSConfiguration.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls
        )
        configuration.options.maximumConnections = maxConnections
        configuration.options.minimumConnections = 0
        configuration.options.additionalStartupParameters = sessionLimits ? Self.sessionLimits : []
        return configuration
    }
}

extension PostgresURL {
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS = requireTLS
            ? .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            : .disable
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    /// Opens one connection for `body` and closes it afterwards.
    @discardableResult
    public func withConnection<Result: Sendable>(
        logger: Logger, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await PostgresConnection.connect(
            configuration: try connectionConfiguration(), id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
