import Foundation
import Logging
import PostgresNIO

public enum TeamQueries {
    public static func names(tenant: UUID, on connection: PostgresConnection, logger: Logger) async throws -> [(id: UUID, name: String)] {
        var teams: [(id: UUID, name: String)] = []
        for try await (id, name) in try await connection.query(
            "SELECT id, name FROM teams WHERE tenant_id = \(tenant) ORDER BY lower(name)", logger: logger
        ).decode((UUID, String).self) {
            teams.append((id, name))
        }
        return teams
    }
}
