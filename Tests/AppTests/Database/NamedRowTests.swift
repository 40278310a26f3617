import Foundation
import PostgresNIO
import Testing
@testable import App

/// Rows are read by column name: the order of the columns does not matter, and a name the
/// statement does not return is an error the request can answer, never a crash.
@Suite struct NamedRowTests {
    @Test func columnsAreFoundByNameAndAMissingOneThrows() async throws {
        try await withWorld { world in
            let rows = try await world.db.transaction(readOnly: true) { connection in
                try await connection.query("SELECT 'b' AS second, 1 AS first, NULL::text AS nothing",
                                           logger: TestPostgres.logger).collect()
            }
            let row = NamedRow(try #require(rows.first))
            #expect(try row("first", as: Int.self) == 1)
            #expect(try row("second", as: String.self) == "b")
            #expect(try row("nothing", as: String?.self) == nil)
            #expect(throws: NamedRow.MissingColumn.self) { try row("third", as: Int.self) }
            #expect(throws: (any Error).self) { try row("first", as: UUID.self) }
        }
    }
}
