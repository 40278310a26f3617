import Foundation
import PostgresNIO
import Testing
@testable import App

/// Rows read in order by `CellCursor`, and `int4[]` read by `Int4Array`, from PostgreSQL itself:
/// a NULL where a value must be, a row too short, a wrong type or a malformed array is an error
/// the request can answer, never a crash.
@Suite struct CellCursorTests {
    private func firstRow(_ sql: String, in world: TestWorld) async throws -> PostgresRow {
        let rows = try await world.db.transaction(readOnly: true) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestPostgres.logger).collect()
        }
        return try #require(rows.first)
    }

    @Test func cellsAreReadInOrderAndNullOnlyWhereOptional() async throws {
        try await withWorld { world in
            let row = try await firstRow("SELECT 1::bigint, 'b'::text, NULL::text, 'c'::text, true", in: world)
            var cursor = CellCursor(row)
            #expect(try cursor.next(Int64.self) == 1)
            #expect(try cursor.next(String.self) == "b")
            #expect(try cursor.optional(String.self) == nil)
            #expect(try cursor.optional(String.self) == "c")
            #expect(try cursor.next(Bool.self))
            #expect(throws: CellCursor.MissingCell.self) { try cursor.next(Int.self) }

            var strict = CellCursor(try await firstRow("SELECT NULL::text, 'x'::text", in: world))
            #expect(throws: (any Error).self) { try strict.next(String.self) }
            #expect(throws: (any Error).self) { try strict.next(UUID.self) }
        }
    }

    @Test func int4ArraysAreReadWithNullsAsZero() async throws {
        try await withWorld { world in
            let row = try await firstRow("""
                SELECT '{3600,0,7200}'::int[], '{}'::int[], '{1,NULL,-5}'::int[], '[0:1]={8,9}'::int[],
                       ARRAY(SELECT g FROM generate_series(1, 31) AS g)
                """, in: world)
            var cursor = CellCursor(row)
            #expect(try cursor.next(Int4Array.self).values == [3600, 0, 7200])
            #expect(try cursor.next(Int4Array.self).values == [])
            #expect(try cursor.next(Int4Array.self).values == [1, 0, -5])
            #expect(try cursor.next(Int4Array.self).values == [8, 9])
            #expect(try cursor.next(Int4Array.self).values == Array(1...31))
        }
    }

    @Test func otherArraysAndMalformedBytesAreRefused() async throws {
        try await withWorld { world in
            var cursor = CellCursor(try await firstRow("SELECT '{1,2}'::bigint[], '{{1,2},{3,4}}'::int[], '{1}'::text[]", in: world))
            #expect(throws: (any Error).self) { try cursor.next(Int4Array.self) }
            #expect(throws: (any Error).self) { try cursor.next(Int4Array.self) }
            #expect(throws: (any Error).self) { try cursor.next(Int4Array.self) }
        }
        // Bytes cut short, an element of the wrong length, a count larger than the bytes, bytes left over.
        func bytes(_ words: [Int32]) -> ByteBuffer {
            var buffer = ByteBuffer()
            for word in words { buffer.writeInteger(word, endianness: .big) }
            return buffer
        }
        let int4 = Int32(bitPattern: PostgresDataType.int4.rawValue)
        for words: [Int32] in [[1, 0], [1, 0, int4, 2, 1, 4, 7, 4], [1, 0, int4, 1, 1, 8, 7, 7],
                               [1, 0, int4, Int32.max, 1, 4, 7], [1, 0, int4, 1, 1, 4, 7, 0], [0, 0, int4, 5]] {
            var buffer = bytes(words)
            #expect(throws: (any Error).self) {
                try Int4Array(from: &buffer, type: .int4Array, format: .binary, context: .default)
            }
        }
        var good = bytes([1, 0, int4, 2, 1, 4, 7, -1])
        #expect(try Int4Array(from: &good, type: .int4Array, format: .binary, context: .default).values == [7, 0])
    }
}
