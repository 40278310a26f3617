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

    /// The types read from the cell's bytes directly (`PostgresCell.value(_:)`) read as
    /// PostgresNIO reads them, and a cell of another type still goes to PostgresNIO: read as it
    /// reads it, or refused as it refuses it.
    @Test func cellsReadDirectlyAsPostgresNIOReadsThem() async throws {
        try await withWorld { world in
            let row = try await firstRow("""
                SELECT 'ž text'::text, 'v'::varchar, 'n'::name, 'c'::char(3), '6f9619ff-8b86-d011-b42d-00cf4fc964ff'::uuid,
                       true, false, (-7)::int2, 2147483647::int4, (-9223372036854775807)::bigint,
                       '2026-11-27 01:02:03.456789+00'::timestamptz, '1999-12-31 23:59:59.5'::timestamp,
                       42::numeric, 'x'::text
                """, in: world)
            let cells = Array(row)
            func same<T: PostgresDecodable & Equatable>(_ index: Int, _ type: T.Type) throws {
                #expect(try cells[index].value(T.self) == cells[index].decode(T.self, context: .default), "column \(index)")
            }
            for index in 0...3 { try same(index, String.self) }
            try same(4, UUID.self)
            try same(5, Bool.self)
            try same(6, Bool.self)
            for index in 7...9 {
                try same(index, Int.self)
                try same(index, Int64.self)
            }
            try same(10, Date.self)
            try same(11, Date.self)
            #expect(try cells[3].value(String.self) == "c  ")
            #expect(try cells[9].value(Int64.self) == -9_223_372_036_854_775_807)
            #expect(abs(try cells[10].value(Date.self).timeIntervalSince1970 - 1_795_741_323.456789) < 0.000_001)
            // Not among the direct ones: PostgresNIO's answer, and its refusals.
            #expect(throws: (any Error).self) { try cells[12].value(Int.self) }
            #expect(throws: (any Error).self) { try cells[13].value(UUID.self) }
            #expect(throws: (any Error).self) { try cells[4].value(Int.self) }
            #expect(try cells[5].value(String.self) == cells[5].decode(String.self, context: .default))
            #expect(try cells[4].value(String.self) == "6F9619FF-8B86-D011-B42D-00CF4FC964FF")
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
