import Foundation
import Vapor

/// The id of one request: in every log line of the request, in the `X-Request-Id` answer header
/// and on error pages, so a person's "it failed" can be found in the logs.
public enum RequestID {
    /// 12 random bytes as 24 hex digits (made on every request: no formatter, no array of strings).
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next() as UInt64, digits: 16) + hex(UInt64(generator.next() as UInt32), digits: 8)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: digits - text.utf8.count) + text
    }

    /// An id a trusted proxy sent (HAProxy's `unique-id-header`), when it is a plain token of 1–64
    /// letters, digits, `-`, `_` and `.`; anything else is ignored and an id made here instead.
    public static func accepted(_ header: String?) -> String? {
        guard let header, (1...64).contains(header.utf8.count),
              header.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x61 && $0 <= 0x7a)
                                       || $0 == 0x2d || $0 == 0x5f || $0 == 0x2e })
        else { return nil }
        return header
    }

    public static let header = "X-Request-Id"
}

private struct RequestIDKey: StorageKey { typealias Value = String }

extension Request {
    /// This request's id (`RequestObservationMiddleware` sets it first thing).
    public var requestID: String? {
        get { storage[RequestIDKey.self] }
        set { storage[RequestIDKey.self] = newValue }
    }
}
