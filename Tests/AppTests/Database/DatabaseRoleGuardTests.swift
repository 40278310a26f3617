import Logging
import PostgresNIO
import Testing
@testable import App

@Suite struct DatabaseRoleGuardTests {
    private func check(_ url: PostgresURL) async throws {
        let client = PostgresClient(configuration: url.clientConfiguration(maxConnections: 1), backgroundLogger: TestPostgres.logger)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            try await DatabaseRoleGuard.check(Database(client: client, logger: TestPostgres.logger))
        }
    }

    @Test func refusesSuperuser() async throws {
        await #expect(throws: DatabaseRoleGuard.Refusal.superuser("postgres")) {
            try await check(try TestPostgres.superuser)
        }
    }

    @Test func refusesBypassRLS() async throws {
        await #expect(throws: DatabaseRoleGuard.Refusal.bypassesRLS("roster_bypass")) {
            try await check(try TestPostgres.bypass)
        }
    }

    @Test func acceptsTheApplicationRole() async throws {
        try await check(try TestPostgres.app)
    }

    @Test func refusalSaysWhatToDo() {
        #expect(DatabaseRoleGuard.Refusal.superuser("postgres").description.contains("NOSUPERUSER NOBYPASSRLS"))
    }
}
