import NIOCore
import PostgresNIO

/// A one-dimensional `int4[]` (a NULL element read as 0), read straight from PostgreSQL's binary
/// array format: a month's seconds by day (`time_months.day_seconds`), a thousand of them on a
/// desk. Decoded as `[Int]`, each element went through a slice and a generic decoder (a tenth of
/// the desk's server time); here it is two integers read in place.
struct Int4Array: PostgresDecodable, Sendable, Equatable {
    var values: [Int]

    init<JSONDecoder: PostgresJSONDecoder>(
        from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
        context: PostgresDecodingContext<JSONDecoder>
    ) throws {
        // Dimensions (0 for an empty array), whether any element is NULL, the element's type.
        guard format == .binary, type == .int4Array,
              let (dimensions, _, element) = buffer.readMultipleIntegers(endianness: .big, as: (Int32, Int32, UInt32).self),
              element == PostgresDataType.int4.rawValue
        else { throw PostgresDecodingError.Code.typeMismatch }
        guard dimensions == 1 else {
            guard dimensions == 0, buffer.readableBytes == 0 else { throw PostgresDecodingError.Code.failure }
            values = []
            return
        }
        // The length of the one dimension and its lower bound; then each element's length (-1 for
        // NULL) and value. Every element takes at least its length's four bytes.
        guard let (count, _) = buffer.readMultipleIntegers(endianness: .big, as: (Int32, Int32).self),
              count >= 0, Int(count) <= buffer.readableBytes / 4
        else { throw PostgresDecodingError.Code.failure }
        var values: [Int] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count {
            switch buffer.readInteger(endianness: .big, as: Int32.self) {
            case -1: values.append(0)
            case 4:
                guard let value = buffer.readInteger(endianness: .big, as: Int32.self) else { throw PostgresDecodingError.Code.failure }
                values.append(Int(value))
            default: throw PostgresDecodingError.Code.failure
            }
        }
        guard buffer.readableBytes == 0 else { throw PostgresDecodingError.Code.failure }
        self.values = values
    }
}
