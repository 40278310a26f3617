import Crypto
import Foundation
import Logging
import PostgresNIO

/// The schema a database is at: its last applied migration, how many are applied, and a SHA-256
/// over every applied migration's name and checksum (two databases at the same migration with
/// different files behind it differ here). An archive is imported only into the same schema.
public struct SchemaVersion: Codable, Sendable, Equatable, CustomStringConvertible {
    public let lastMigration: String
    public let migrations: Int
    public let fingerprint: String

    public init(applied: [(name: String, checksum: String)]) {
        lastMigration = applied.map(\.name).max() ?? "none"
        migrations = applied.count
        let text = applied.sorted { $0.name < $1.name }.map { "\($0.name) \($0.checksum)\n" }.joined()
        fingerprint = SHA256.hash(data: Data(text.utf8)).hexString
    }

    public var description: String { "\(lastMigration) (\(migrations) migrations, \(fingerprint.prefix(12))…)" }

    static func read(on connection: PostgresConnection, logger: Logger) async throws -> SchemaVersion {
        SchemaVersion(applied: try await Migrator.applied(on: connection, logger: logger))
    }
}
