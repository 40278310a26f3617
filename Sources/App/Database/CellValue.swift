import Foundation
import NIOCore
import PostgresNIO

extension PostgresCell {
    /// The cell as `T`, which is not NULL. The types Roster reads most (text, uuid, the integers,
    /// bool and timestamptz, all in binary) are read here from the cell's bytes directly; anything
    /// else goes through PostgresNIO's `decode`.
    ///
    /// PostgresNIO's `decode` reaches the type's conformance through a generic default
    /// implementation that is not specialized across modules, so every cell looked up metadata in
    /// the runtime's cache: about a twentieth of the week's server time, and a large part of
    /// reading the desk's 21,000 cells (docs/PERFORMANCE.md, "What keeps a page fast"). Called from code
    /// specialized for `T`, the type tests below are decided at compile time.
    @inline(__always)
    func value<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
        if format == .binary, let bytes {
            if T.self == String.self, Self.isText(dataType) {
                return String(buffer: bytes) as! T
            }
            if T.self == UUID.self, dataType == .uuid, bytes.readableBytes == 16 {
                let uuid = bytes.withUnsafeReadableBytes { $0.loadUnaligned(as: uuid_t.self) }
                return UUID(uuid: uuid) as! T
            }
            if T.self == Bool.self, dataType == .bool, bytes.readableBytes == 1 {
                return (bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) != 0) as! T
            }
            if T.self == Int.self, let integer = Self.integer(bytes, dataType) {
                return Int(integer) as! T
            }
            if T.self == Int64.self, let integer = Self.integer(bytes, dataType) {
                return integer as! T
            }
            if T.self == Date.self, dataType == .timestamptz || dataType == .timestamp, bytes.readableBytes == 8,
               let microseconds = bytes.getInteger(at: bytes.readerIndex, as: Int64.self) {
                // Microseconds since 2000-01-01 00:00 UTC, as PostgresNIO reads them.
                return Date(timeIntervalSinceReferenceDate: Self.postgresEpoch + Double(microseconds) / 1_000_000) as! T
            }
        }
        return try decode(T.self, context: .default)
    }

    /// The cell as `T`, nil when NULL.
    @inline(__always)
    func optionalValue<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T? {
        guard bytes != nil else { return nil }
        return try value(T.self)
    }

    /// The cell as `T`, which may be an optional type (nil when NULL): the optional types Roster
    /// reads are told apart by comparing metatypes, decided at compile time where `T` is known (a
    /// test of a metatype's conformance, `as? any Protocol.Type`, is made at run time).
    @inline(__always)
    func anyValue<T: PostgresDecodable>(_ type: T.Type = T.self) throws -> T {
        if T.self == String?.self { return try optionalValue(String.self) as! T }
        if T.self == UUID?.self { return try optionalValue(UUID.self) as! T }
        if T.self == Int?.self { return try optionalValue(Int.self) as! T }
        if T.self == Int64?.self { return try optionalValue(Int64.self) as! T }
        if T.self == Bool?.self { return try optionalValue(Bool.self) as! T }
        if T.self == Date?.self { return try optionalValue(Date.self) as! T }
        return try value(T.self)
    }

    /// text, varchar, name and bpchar: their binary form is their UTF-8.
    @inline(__always)
    private static func isText(_ type: PostgresDataType) -> Bool {
        switch type.rawValue {
        case PostgresDataType.text.rawValue, PostgresDataType.varchar.rawValue, PostgresDataType.name.rawValue,
             PostgresDataType.bpchar.rawValue: true
        default: false
        }
    }

    /// 2000-01-01 00:00 UTC, in seconds from Foundation's reference date (2001-01-01).
    private static let postgresEpoch: TimeInterval = -31_622_400

    /// An int2, int4 or int8 in binary, as PostgresNIO's `Int` and `Int64` accept them.
    @inline(__always)
    private static func integer(_ bytes: ByteBuffer, _ type: PostgresDataType) -> Int64? {
        switch (type, bytes.readableBytes) {
        case (.int8, 8): bytes.getInteger(at: bytes.readerIndex, as: Int64.self)
        case (.int4, 4): bytes.getInteger(at: bytes.readerIndex, as: Int32.self).map(Int64.init)
        case (.int2, 2): bytes.getInteger(at: bytes.readerIndex, as: Int16.self).map(Int64.init)
        default: nil
        }
    }
}
